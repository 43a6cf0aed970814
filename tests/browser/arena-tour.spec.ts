// The lesson arena-tour, played with the keys as a class would see it: README "The arena", its part "A
// lesson: one hazard under three policies". At each reveal: the policy the header names, the question,
// the answer marked and why; after it, the real call under that policy and the file it left.
import { expect, test, type Page } from '@playwright/test';
import { RUN_TIMEOUT, errorCodes, focusBody, openScenario } from './app';

test.describe.configure({ timeout: 120_000 });

const app = (page: Page) => page.locator('#app');
const choice = (page: Page, i: number) => page.locator(`[data-choice="${i}"]`);

async function key(page: Page, name: string): Promise<void> {
  await focusBody(page);
  await page.keyboard.press(name);
}

const parts = [
  {
    name: 'Prompt only',
    id: 'prompt-only',
    path: '/prompt/config.txt',
    answer: 0,
    why: 'Kept. Nothing checked the edit',
    errors: [] as string[],
    limit: 'limit = 20',
  },
  {
    name: 'Version credential',
    id: 'dsh-ledger',
    path: '/credential/config.txt',
    answer: 2,
    why: 'False refusal. The file is at a newer version',
    errors: ['FS_STALE_VERSION'],
    limit: 'limit = 10',
  },
  {
    name: 'Unique match',
    id: 'unique-match',
    path: '/unique/config.txt',
    answer: 0,
    why: 'Kept. "limit = 10" is still found once',
    errors: ['FS_STALE_VERSION'],
    limit: 'limit = 20',
  },
];

test('README "The arena", a lesson: arena-tour asks before each of three policies’ edits, and each reveal is what that policy does', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openScenario(page, 'arena-tour', { speed: 'fast' });
  await expect(page.locator('.scenario-title')).toHaveText('One hazard, three policies');
  for (const [n, part] of parts.entries()) {
    // Play runs to the external edit, which waits for E; Play again stops at the question.
    await key(page, ' ');
    await expect(app(page)).toHaveAttribute('data-waiting', 'true', { timeout: RUN_TIMEOUT });
    await expect(page.locator('[data-run-policy]')).toHaveText(`Policy: ${part.name}`);
    await key(page, 'e');
    await expect(app(page)).toHaveAttribute('data-waiting', 'false', { timeout: RUN_TIMEOUT });
    await key(page, ' ');
    await expect(app(page)).toHaveAttribute('data-asking', 'true', { timeout: RUN_TIMEOUT });
    const question = page.locator('[data-ask-question]');
    await question.scrollIntoViewIfNeeded();
    await expect(question).toContainText(`${part.name}, the agent now edits limit = 10 to limit = 20`);
    await expect(choice(page, 1)).toContainText('Lost update');
    // Nothing of the edit is shown before the reveal.
    expect(await errorCodes(page)).toEqual(parts[n - 1]?.errors ?? []);

    await key(page, 'Enter');
    await expect(app(page)).toHaveAttribute('data-asking', 'false');
    const right = choice(page, part.answer);
    await right.scrollIntoViewIfNeeded();
    await expect(right).toContainText('✓ the answer');
    const why = page.locator('[data-ask-why]');
    await why.scrollIntoViewIfNeeded();
    await expect(why).toBeVisible();
    await expect(why).toContainText(part.why);
    if (n === 1) await page.screenshot({ path: 'test-results/arena-tour-reveal.png' });

    // → shows the real call under this policy, and the file it left beside the new port.
    await key(page, 'ArrowRight');
    await expect(page.locator('[data-ask]')).toBeHidden({ timeout: RUN_TIMEOUT });
    await expect.poll(() => errorCodes(page)).toEqual(part.errors);
    const column = page.locator(`[data-compare-path="${part.path}"] pre`);
    // The column is drawn again as the run's files change: wait for its text, then bring it on screen.
    await expect(column).toContainText(part.limit);
    await expect(column).toContainText('port = 8080');
    await expect(async () => {
      await column.scrollIntoViewIfNeeded({ timeout: 1_000 });
      await expect(column).toBeInViewport({ timeout: 1_000 });
    }).toPass();
    await expect(page.locator('[data-run-policy]')).toHaveAttribute('data-run-policy', part.id);
  }
  await key(page, ' ');
  await expect(app(page)).toHaveAttribute('data-run-state', 'done', { timeout: RUN_TIMEOUT });
  const last = page.locator('.transcript-list > .message').last();
  await last.scrollIntoViewIfNeeded();
  await expect(last).toContainText('one policy refused it, two let it through');
});
