// Helpers for the specs that drive the built playground page the way a visitor does.
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import type { App } from '../../src/ui/app';

/**
 * How long a whole run, or a page load, may take. Generous: the suites share two cores with everything
 * else on the machine, and a run at instant speed still awaits IndexedDB for every step.
 */
export const RUN_TIMEOUT = 30_000;

/** A screen a test looks at: its viewport in CSS pixels, and its zoom (150 % is a scale of 1.5). */
export interface Screen {
  width: number;
  height: number;
  scale: number;
}

/** Runs `look` on a fresh page of a context of its own at `screen`'s size and zoom; closes it after. */
export async function onScreen<T>(
  browser: Browser,
  screen: Screen,
  look: (page: Page) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({
    viewport: { width: screen.width, height: screen.height },
    deviceScaleFactor: screen.scale,
  });
  try {
    return await look(await context.newPage());
  } finally {
    await context.close();
  }
}

/** The page's global handle (set by src/main.ts); cast inside `page.evaluate` callbacks. */
export type WithApp = Window & { playground: App };

/** Opens the playground at `?scenario=<id>&speed=instant` (plus `params`) and waits until it is ready. */
export async function openScenario(
  page: Page,
  id: string,
  params: Record<string, string> = {},
): Promise<Locator> {
  const query = new URLSearchParams({ scenario: id, speed: 'instant', ...params });
  await page.goto(`./?${query}`);
  const app = page.locator('#app');
  await expect(app).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });
  await expect(app).toHaveAttribute('data-scenario', id);
  return app;
}

/**
 * Clicks Play and waits for the run to end; where Play pauses at a scripted external edit, clicks
 * "Simulate external edit" as a visitor would, then Play again; where a question stops the run, clicks
 * Reveal, then Play again.
 */
export async function playByMouse(page: Page): Promise<void> {
  const app = page.locator('#app');
  await page.locator('[data-action="play"]').click();
  for (let i = 0; i < 20; i++) {
    await page.waitForFunction(
      () => {
        const root = document.getElementById('app');
        const { runState, waiting, asking } = root?.dataset ?? {};
        return runState === 'done' || waiting === 'true' || asking === 'true';
      },
      undefined,
      { polling: 'raf', timeout: RUN_TIMEOUT },
    );
    if ((await app.getAttribute('data-run-state')) === 'done') return;
    await expect(app).toHaveAttribute('data-run-state', 'paused');
    if ((await app.getAttribute('data-asking')) === 'true') {
      await page.locator('[data-action="reveal"]').click();
      await expect(app).toHaveAttribute('data-asking', 'false', { timeout: RUN_TIMEOUT });
      await page.locator('[data-action="play"]').click();
      continue;
    }
    await page.locator('[data-action="external"]').click();
    await expect(app).toHaveAttribute('data-waiting', 'false', { timeout: RUN_TIMEOUT });
    // The edit is made and the run stays paused, so the class can read it; Play goes on.
    await expect(app).toHaveAttribute('data-run-state', 'paused');
    await page.locator('[data-action="play"]').click();
  }
  throw new Error('The run was not done after 20 stops (external edits and questions)');
}

/** The error codes of the result cards on screen, in transcript order. */
export function errorCodes(page: Page): Promise<string[]> {
  return page
    .locator('article[data-error-code]')
    .evaluateAll((cards) => cards.map((card) => (card as HTMLElement).dataset.errorCode ?? ''));
}

/** The text of every transcript entry (messages and turns, closed details included), in order. */
export function transcriptText(page: Page): Promise<string[]> {
  return page
    .locator('.transcript-list > .message, .transcript-list > .turn')
    .evaluateAll((entries) => entries.map((entry) => entry.textContent ?? ''));
}

/** Moves focus away from any control, so keys go to the page as a whole. */
export async function focusBody(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** Presses Tab until the focused element matches `selector`; fails if it is never reached. */
export async function tabTo(page: Page, selector: string, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector} in ${limit} presses`);
}

/** The run as the page shows it: run state, whether the script waits, and the actions taken. */
const runOf = (page: Page) =>
  page.evaluate(() => {
    const app = document.getElementById('app');
    const position = Number(app?.dataset.position);
    const asking = app?.dataset.asking === 'true';
    return { state: app?.dataset.runState, waiting: app?.dataset.waiting === 'true', asking, position };
  });

/**
 * Plays the open scenario with the keyboard alone: → for each step; where the script waits for an
 * external edit, Tab to "Simulate external edit" and press Enter; at a question, Enter reveals it.
 * Stops when the run is done.
 */
export async function stepByKeyboard(page: Page, limit = 200): Promise<void> {
  const app = page.locator('#app');
  await focusBody(page);
  for (let i = 0; i < limit; i++) {
    const run = await runOf(page);
    if (run.state === 'done') return;
    if (run.waiting) {
      await tabTo(page, '[data-action="external"]');
      await page.keyboard.press('Enter');
      await expect(app).toHaveAttribute('data-waiting', 'false', { timeout: RUN_TIMEOUT });
      await focusBody(page);
      continue;
    }
    // A question: Enter reveals its answer (one action, like a step).
    await page.keyboard.press(run.asking ? 'Enter' : 'ArrowRight');
    // Polled every frame in the page: a step takes milliseconds, and there may be dozens of them.
    await page.waitForFunction(
      (n) => {
        const app = document.getElementById('app');
        return Number(app?.dataset.position) > n || app?.dataset.runState === 'done';
      },
      run.position,
      { polling: 'raf', timeout: RUN_TIMEOUT },
    );
  }
  throw new Error(`The run was not done after ${limit} key presses`);
}

/** Opens a side panel by its tab (Files, Ledger, …) with the mouse. */
export async function openTab(
  page: Page,
  tab: 'files' | 'ledger' | 'log' | 'tools' | 'manual' | 'lab' | 'author',
): Promise<void> {
  await page.locator(`[role="tab"][data-tab="${tab}"]`).click();
  await expect(page.locator('#pane-side')).toHaveAttribute('data-panel', tab);
}

/**
 * The text of `path` as the file editor shows it: opens the file from the Files panel and joins the
 * editor's lines with the separator the editor was given (CRLF for a file that has one, else LF).
 */
export async function editorText(page: Page, path: string): Promise<{ text: string; header: string }> {
  await openTab(page, 'files');
  await page.locator(`li[data-file="${path}"] button`).click();
  const lines = page.locator(`[data-editor-path="${path}"] .cm-line`);
  await expect(lines.first()).toBeAttached({ timeout: RUN_TIMEOUT });
  const texts = await lines.evaluateAll((els) => els.map((el) => el.textContent ?? ''));
  const crlf = await page.evaluate(
    async (p) =>
      ((await (window as unknown as WithApp).playground.pg.fs.read(p))?.content ?? '').includes('\r\n'),
    path,
  );
  const header = (await page.locator('.editor-host header code').textContent()) ?? '';
  return { text: texts.join(crlf ? '\r\n' : '\n'), header };
}

/** The exact bytes of `path` in the workspace (through the backend the app uses). */
export function storedText(page: Page, path: string): Promise<string | undefined> {
  return page.evaluate(
    async (p) => (await (window as unknown as WithApp).playground.pg.fs.read(p))?.content,
    path,
  );
}

/** A button found by its accessible name, exactly: the name a screen reader announces. */
export function button(page: Page, name: string): Locator {
  return page.getByRole('button', { name, exact: true });
}

/** Opens the scenario gallery from the header and picks `id`; waits until the page shows it. */
export async function pickScenario(page: Page, id: string): Promise<void> {
  await page.locator('[data-action="scenarios"]').click();
  await page.locator(`dialog.gallery [data-scenario="${id}"]`).click();
  await expect(page.locator('#app')).toHaveAttribute('data-scenario', id, { timeout: RUN_TIMEOUT });
  await expect(page.locator('[data-progress]')).toHaveAttribute('data-step', '0');
}

/** Opens the header's More menu and chooses the item `action` (a button of the menu). */
export async function moreItem(page: Page, action: string): Promise<void> {
  await page.locator('[data-action="more"]').click();
  await page.locator(`.menu-panel [data-action="${action}"]`).click();
}

/** The transcript's entries as kinds (`call`, `message`, `external`), in order. */
export function entryKinds(page: Page): Promise<string[]> {
  return page
    .locator('.transcript-list > [data-entry]')
    .evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.entry ?? ''));
}

/**
 * Waits until the open run needs nothing more of the page, or the visitor: it is `done`, the script is
 * `waiting` for an external edit, a plugin `ask`s for an approval, or the lesson asks the class a
 * `question`. Says which.
 */
export async function runPause(page: Page): Promise<'done' | 'waiting' | 'ask' | 'question'> {
  const handle = await page.waitForFunction(
    () => {
      const root = document.getElementById('app');
      if (document.querySelector('dialog[data-dialog="approval"][open]')) return 'ask';
      if (root?.dataset.runState === 'done') return 'done';
      if (root?.dataset.waiting === 'true') return 'waiting';
      if (root?.dataset.asking === 'true') return 'question';
      return null;
    },
    undefined,
    { polling: 'raf', timeout: RUN_TIMEOUT },
  );
  return (await handle.jsonValue()) as 'done' | 'waiting' | 'ask' | 'question';
}

/** Sends one call from "Play the model" (the manual tab's form); the result card it made. */
export async function sendCall(page: Page, tool: string, args: object): Promise<Locator> {
  await openTab(page, 'manual');
  const cards = page.locator('article[data-tool]');
  const before = await cards.count();
  const form = page.locator('form.manual');
  await form.getByLabel('Tool').selectOption(tool);
  await form.getByLabel('Arguments (JSON)').fill(JSON.stringify(args));
  await form.getByRole('button', { name: 'Send call' }).click();
  await expect(cards).toHaveCount(before + 1, { timeout: RUN_TIMEOUT });
  return cards.last();
}
