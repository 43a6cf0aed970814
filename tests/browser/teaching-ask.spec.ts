// Predict, then reveal, and the presenter view: the README's "Teaching with it" (its "Predict, then
// reveal" and "Presenter view" parts) and "Write your own scenario" (the ask step and notes), followed
// with the keys and the mouse and read off the screen.
import { expect, test, type Page } from '@playwright/test';
import { RUN_TIMEOUT, button, errorCodes, focusBody, openScenario } from './app';

test.describe.configure({ timeout: 90_000 });

const app = (page: Page) => page.locator('#app');
const progress = (page: Page) => page.locator('[data-progress]');
const ask = (page: Page) => page.locator('[data-ask]');
const choice = (page: Page, i: number) => page.locator(`[data-choice="${i}"]`);

async function key(page: Page, name: string): Promise<void> {
  await focusBody(page);
  await page.keyboard.press(name);
}

/** stale-version up to its question: the read, the words, the external edit made, then Play. */
async function toQuestion(page: Page, params: Record<string, string> = {}): Promise<void> {
  await openScenario(page, 'stale-version', { step: '3', ...params });
  await expect(app(page)).toHaveAttribute('data-waiting', 'true');
  await key(page, 'e');
  await expect(app(page)).toHaveAttribute('data-waiting', 'false', { timeout: RUN_TIMEOUT });
  await key(page, ' ');
  await expect(app(page)).toHaveAttribute('data-asking', 'true', { timeout: RUN_TIMEOUT });
}

test('README "Teaching with it", predict then reveal: Play stops at the question, the whole stage in presentation mode; Enter reveals; → shows the result', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await toQuestion(page, { present: '1' });
  await expect(app(page)).toHaveAttribute('data-run-state', 'paused');
  await expect(progress(page)).toHaveText('step 4 of 6');
  const question = page.locator('[data-ask-question]');
  await expect(question).toHaveText(/What does the agent's edit get\?/);
  await expect(question).toBeInViewport();
  for (const [i, text] of [
    [0, 'It succeeds'],
    [1, 'FS_STALE_VERSION'],
    [2, 'FS_EDIT_NOT_FOUND'],
  ] as const)
    await expect(choice(page, i)).toContainText(text);
  // The whole stage: the question covers the width and the height below the header.
  const box = (await ask(page).boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(1270);
  expect(box.y + box.height).toBeGreaterThanOrEqual(715);
  const size = await question.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(size).toBeGreaterThanOrEqual(32);
  // The result stays hidden: no edit has been made, and a step does nothing.
  expect(await errorCodes(page)).toEqual([]);
  await key(page, 'ArrowRight');
  await key(page, ' ');
  await expect(app(page)).toHaveAttribute('data-asking', 'true');
  expect(await errorCodes(page)).toEqual([]);
  await expect(button(page, 'Reveal')).toBeVisible();
  await expect(page.locator('[data-ask-why]')).toBeHidden();

  // Enter reveals: the right choice marked, the reason shown; the run stays paused.
  await key(page, 'Enter');
  await expect(app(page)).toHaveAttribute('data-asking', 'false');
  await expect(ask(page)).toHaveAttribute('data-ask-state', 'revealed');
  await expect(choice(page, 1)).toContainText('✓ the answer');
  await expect(choice(page, 1)).toHaveClass(/right/);
  await expect(choice(page, 0)).not.toContainText('✓');
  const why = page.locator('[data-ask-why]');
  await expect(why).toBeInViewport();
  await expect(why).toContainText('The backend checks it first');
  await expect(button(page, 'Reveal')).toBeHidden();
  // Nothing cut off: the question's first line and the whole reason are on the screen.
  await expect(page.locator('.ask-kicker')).toBeInViewport({ ratio: 1 });
  await expect(why).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: 'test-results/ask-present-revealed.png' });

  // → shows the result: the edit refused with FS_STALE_VERSION, and the question gone.
  await key(page, 'ArrowRight');
  await expect(progress(page)).toHaveText('step 5 of 6', { timeout: RUN_TIMEOUT });
  await expect(ask(page)).toBeHidden();
  await expect.poll(() => errorCodes(page)).toEqual(['FS_STALE_VERSION']);
});

test('README "Teaching with it": outside presentation mode a visitor picks a choice first and is told whether it was right', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await toQuestion(page);
  const feedback = page.locator('[data-ask-feedback]');
  await choice(page, 0).click();
  await expect(choice(page, 0)).toHaveAttribute('aria-pressed', 'true');
  await expect(feedback).toHaveText('Not this one. Try another, or press Reveal.');
  await expect(feedback).toBeInViewport();
  // Picking tells, and reveals nothing: the script still asks, and no result is on screen.
  await expect(app(page)).toHaveAttribute('data-asking', 'true');
  expect(await errorCodes(page)).toEqual([]);
  await choice(page, 1).click();
  await expect(feedback).toHaveText('Right: that is what happens.');
  await button(page, 'Reveal').click();
  await expect(choice(page, 1)).toContainText('✓ the answer');
  await expect(page.locator('[data-ask-why]')).toBeVisible();
});

test('README "Teaching with it": the question is part of the script’s progress: ?step=, reload and Back arrive at the same place', async ({
  page,
}) => {
  await openScenario(page, 'stale-version', { step: '4' });
  await expect(app(page)).toHaveAttribute('data-asking', 'true');
  await expect(progress(page)).toHaveText('step 4 of 6');
  await expect(page.locator('[data-ask-question]')).toBeVisible();
  expect(await errorCodes(page)).toEqual([]);
  // A reload carries the run on where it stood: still asking.
  await page.reload();
  await expect(app(page)).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });
  await expect(app(page)).toHaveAttribute('data-asking', 'true');
  await key(page, 'Enter');
  await expect(ask(page)).toHaveAttribute('data-ask-state', 'revealed');
  await page.reload();
  await expect(app(page)).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });
  await expect(ask(page)).toHaveAttribute('data-ask-state', 'revealed');
  await expect(app(page)).toHaveAttribute('data-asking', 'false');
  // Back: one step before the question, the script waits at its external edit again.
  await key(page, 'ArrowLeft');
  await expect(progress(page)).toHaveText('step 3 of 6', { timeout: RUN_TIMEOUT });
  await expect(app(page)).toHaveAttribute('data-waiting', 'true');
  await expect(ask(page)).toBeHidden();
  // A step past the question on a link (step=5) passes it answered, to the refused edit.
  await openScenario(page, 'stale-version', { step: '5' });
  await expect(app(page)).toHaveAttribute('data-asking', 'false');
  await expect(ask(page)).toBeHidden();
  await expect.poll(() => errorCodes(page)).toEqual(['FS_STALE_VERSION']);
});

test('README "Teaching with it", presenter view: N opens it; it shows the notes, the answer before it is revealed and the time, and drives the playground', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openScenario(page, 'stale-version', { step: '2', present: '1' });
  const opened = context.waitForEvent('page');
  await key(page, 'n');
  const presenter = await opened;
  await presenter.setViewportSize({ width: 1280, height: 720 });
  await expect(presenter).toHaveURL(/[?&]presenter=1/);
  const root = presenter.locator('#app');
  await expect(root).toHaveAttribute('data-step', '2', { timeout: RUN_TIMEOUT });
  await expect(presenter.locator('[data-presenter="progress"]')).toHaveText('step 2 of 6');
  await expect(presenter.locator('[data-presenter="current"]')).toContainText('I will turn debug on.');
  await expect(presenter.locator('[data-presenter="next"]')).toContainText(
    'Someone else changes the port from 8080 to 9090',
  );
  await expect(presenter.locator('[data-presenter="next"]')).toContainText('Press E here.');
  await expect(presenter.locator('[data-presenter="elapsed"]')).toHaveText(/Elapsed: 00:0\d/);

  // Driving the presenter drives the playground: Step, then the external edit, then Step to the question.
  await presenter.locator('[data-action="step"]').click();
  await expect(app(page)).toHaveAttribute('data-waiting', 'true', { timeout: RUN_TIMEOUT });
  await expect(presenter.locator('[data-presenter="notes"]')).toContainText('Point at the diff');
  await presenter.keyboard.press('e');
  await expect(app(page)).toHaveAttribute('data-waiting', 'false', { timeout: RUN_TIMEOUT });
  await presenter.keyboard.press('ArrowRight');
  await expect(app(page)).toHaveAttribute('data-asking', 'true', { timeout: RUN_TIMEOUT });

  // The presenter sees the answer before the class does; the audience window shows no notes, no answer.
  const answer = presenter.locator('[data-presenter="ask"]');
  await expect(answer).toHaveAttribute('data-revealed', 'false');
  await expect(answer).toContainText('Answer (not revealed yet)');
  await expect(answer.locator('[data-answer]')).toContainText('FS_STALE_VERSION');
  await expect(presenter.locator('[data-presenter="notes"]')).toContainText('Let the class vote first.');
  const audience = (await page.locator('body').innerText()) ?? '';
  expect(audience).not.toContain('Let the class vote first.');
  expect(audience).not.toContain('✓');
  expect(audience).not.toContain('The backend checks it first');
  await presenter.screenshot({ path: 'test-results/presenter-view.png' });

  // Driving the playground moves the presenter: Enter there reveals, and the presenter says so.
  await key(page, 'Enter');
  await expect(answer).toHaveAttribute('data-revealed', 'true');
  await expect(answer).toContainText('Answer (revealed)');
  // And the presenter's Reveal/→ drive it back: → takes the edit.
  await presenter.keyboard.press('ArrowRight');
  await expect(progress(page)).toHaveText('step 5 of 6', { timeout: RUN_TIMEOUT });
  await expect(presenter.locator('[data-presenter="progress"]')).toHaveText('step 5 of 6');
});

test('README "Teaching with it": a question on a phone (375×812) is whole on screen, its choices and Reveal reachable', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openScenario(page, 'edit-before-read', { step: '2' });
  await expect(app(page)).toHaveAttribute('data-asking', 'true');
  await page.locator('[data-ask-question]').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-ask-question]')).toContainText('has never read /config.yaml');
  for (const i of [0, 1, 2]) {
    const box = (await choice(page, i).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  }
  await button(page, 'Reveal').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/ask-phone.png' });
  await button(page, 'Reveal').click();
  await expect(choice(page, 1)).toContainText('✓ the answer');
  await expect(page.locator('[data-ask-why]')).toContainText('a memory is no credential');
});

test('README "Teaching with it", presenter view: More → Presenter view opens it too, in the playground’s language', async ({
  page,
  context,
}) => {
  await openScenario(page, 'edit-before-read', { lang: 'zh' });
  await page.locator('[data-action="more"]').click();
  const opened = context.waitForEvent('page');
  await page.getByRole('button', { name: '演讲者视图', exact: true }).click();
  const presenter = await opened;
  await expect(presenter.locator('#app')).toHaveAttribute('data-presenter-view', 'true');
  await expect(presenter.locator('[data-presenter="progress"]')).toHaveText('第 0 步，共 4 步', {
    timeout: RUN_TIMEOUT,
  });
  await expect(presenter.locator('[data-presenter="next"]')).toContainText('我记得超时是 30');
  await expect(presenter.locator('[data-presenter="next"]')).toContainText('问问大家');
});

test('README "Write your own scenario" (Record one in the app): Ask the class records a question before the next call', async ({
  page,
}) => {
  await openScenario(page, 'happy-path');
  await page.locator('[role="tab"][data-tab="author"]').click();
  const panel = page.locator('[data-author]');
  await panel.getByRole('button', { name: 'New scenario', exact: true }).click();
  await expect(panel.locator('.cm-content')).toContainText('"my-scenario"', { timeout: RUN_TIMEOUT });
  await panel.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(panel.getByRole('button', { name: 'Ask the class' })).toBeEnabled();
  await panel.getByLabel('The model says').fill('Will an edit of an unread file work?');
  await panel.getByRole('button', { name: 'Ask the class' }).click();
  await page.locator('[role="tab"][data-tab="manual"]').click();
  const form = page.locator('form.manual');
  await form.getByLabel('Tool').selectOption('edit');
  await form
    .getByLabel('Arguments (JSON)')
    .fill(JSON.stringify({ path: '/notes.md', old_string: 'Status: draft', new_string: 'Status: final' }));
  await form.getByRole('button', { name: 'Send call' }).click();
  await expect(page.locator('article[data-tool]')).toHaveCount(1, { timeout: RUN_TIMEOUT });
  await page.locator('[role="tab"][data-tab="author"]').click();
  await panel.getByRole('button', { name: 'Stop recording' }).click();
  await expect(panel.getByRole('status')).toHaveText(
    'Recorded 2 steps, with the outcome this run ended with.',
  );
  // Played, the draft (as the editor holds it) stops at its question before the edit.
  await panel.getByRole('button', { name: 'Play this scenario' }).click();
  await expect(page.locator('#app')).toHaveAttribute('data-scenario', 'my-scenario', {
    timeout: RUN_TIMEOUT,
  });
  await key(page, 'ArrowRight');
  await expect(page.locator('#app')).toHaveAttribute('data-asking', 'true');
  await expect(page.locator('[data-ask-question]')).toHaveText('Will an edit of an unread file work?');
});

test('README "Write your own scenario": the in-app editor underlines an ask whose answer is not one of its choices, with its code and path', async ({
  page,
}) => {
  await openScenario(page, 'happy-path');
  await page.locator('[role="tab"][data-tab="author"]').click();
  const panel = page.locator('[data-author]');
  await panel.getByRole('button', { name: 'New empty scenario' }).click();
  await expect(panel.locator('.cm-content')).toContainText('"my-scenario"', { timeout: RUN_TIMEOUT });
  const file = JSON.parse(
    await page.evaluate(() =>
      [...document.querySelectorAll('[data-author] .cm-line')].map((l) => l.textContent).join('\n'),
    ),
  ) as Record<string, unknown>;
  file.files = { '/a.md': 'hello\n' };
  const ask = { question: 'Will it read?', choices: ['yes', 'no'], answer: 2, why: 'It exists.' };
  file.steps = [
    { ask, notes: 'Ask first.' },
    { call: 'read', args: { path: '/a.md' } },
  ];
  await panel.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(JSON.stringify(file, null, 2));
  const status = panel.getByRole('status');
  await expect(status).toContainText('SCENARIO_INVALID');
  await expect(status).toContainText('steps[0].ask.answer: not one of the choices (counted from 0)');
  await expect(panel.locator('.cm-lintRange-error')).toHaveCount(1);
  await expect(panel.locator('.cm-lintRange-error')).toContainText('2');

  // Fixed, it plays, and stops at its question.
  file.steps = [
    { ask: { ...ask, answer: 0 }, notes: 'Ask first.' },
    { call: 'read', args: { path: '/a.md' } },
  ];
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(JSON.stringify(file, null, 2));
  await expect(panel.locator('.cm-lintRange-error')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Play this scenario' }).click();
  await expect(page.locator('#app')).toHaveAttribute('data-scenario', 'my-scenario', {
    timeout: RUN_TIMEOUT,
  });
  await key(page, 'ArrowRight');
  await expect(page.locator('#app')).toHaveAttribute('data-asking', 'true');
  // The question shows its words, never the step's notes.
  await expect(page.locator('[data-ask-question]')).toHaveText('Will it read?');
  await expect(page.locator('[data-ask]')).not.toContainText('Ask first.');
});

test('README "Teaching with it": at 853×480 (150 % zoom) a question in presentation mode shows its choices and Reveal whole', async ({
  page,
}) => {
  await page.setViewportSize({ width: 853, height: 480 });
  await openScenario(page, 'policy-strengths', { present: '1', step: '9' });
  await expect(app(page)).toHaveAttribute('data-asking', 'true');
  await expect(page.locator('[data-ask-question]')).toContainText(
    'What happens to the write that carries a version?',
  );
  for (const i of [0, 1, 2]) await expect(choice(page, i)).toBeInViewport({ ratio: 1 });
  await expect(button(page, 'Reveal')).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: 'test-results/ask-853x480.png' });
});
