// fetchScenario where CORS is real: a scenario file from another origin that allows the read arrives;
// one from a server that does not allow it, an HTTP error and an unreachable host are refused with
// SCENARIO_FETCH_FAILED; a bad file fetched is refused with the parser's own code and path.
import { expect, test, type Page } from '@playwright/test';
import type { ScenarioRead } from '../../src/model';
import { HOST_ORIGIN, testPage } from './env';

const read = (page: Page, url: string) =>
  page.evaluate((u) => window.__fetchScenario!(u), url) as Promise<ScenarioRead>;

test.beforeEach(async ({ page }) => {
  await page.goto(testPage('scenario-fetch.html'));
  await page.waitForFunction(() => Boolean(window.__fetchScenario));
});

test('a scenario file on another origin that allows the read arrives, parsed', async ({ page }) => {
  const got = await read(page, `${HOST_ORIGIN}/examples/tutorial/my-lesson.json`);
  expect(got.error).toBeUndefined();
  expect(got.value?.id).toBe('my-lesson');
  expect(got.value?.title).toEqual({ en: 'Two people, one to-do list', zh: '两个人，一份待办清单' });
});

test('a relative address is read against the page', async ({ page }) => {
  expect((await read(page, '../some/path/scenarios/stale-version.json')).value?.id).toBe('stale-version');
});

test('a server that does not allow the read (CORS) is SCENARIO_FETCH_FAILED', async ({ page }) => {
  // The test server allows cross-origin reads of .json files only, as many static hosts do.
  const got = await read(page, `${HOST_ORIGIN}/examples/tutorial/index.html`);
  expect(got.error?.code).toBe('SCENARIO_FETCH_FAILED');
  expect(got.error?.message).toMatch(/CORS/);
});

test('an HTTP error and an unreachable host are SCENARIO_FETCH_FAILED', async ({ page }) => {
  const missing = await read(page, `${HOST_ORIGIN}/examples/tutorial/none.json`);
  expect(missing.error?.code).toBe('SCENARIO_FETCH_FAILED');
  expect(missing.error?.message).toContain('HTTP 404');
  expect((await read(page, 'http://127.0.0.1:9/lesson.json')).error?.code).toBe('SCENARIO_FETCH_FAILED');
});

test('a file that is not a scenario is refused with the parser’s code and path', async ({ page }) => {
  const got = await read(page, `${HOST_ORIGIN}/some/path/scenario.schema.json`);
  expect(got.error).toMatchObject({ code: 'SCENARIO_INVALID', path: 'format' });
});
