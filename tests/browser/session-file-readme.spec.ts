// The README's "Exported session format", walked for what sessions.spec.ts leaves out: the title in the
// language the session started in, the UTC time of export, the fake clock of the events, and that a
// session being replayed is the one exported.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { scenarioById } from '../../src/model';
import { openScenario } from './app';

const SECTION = 'README "Exported session format"';
type SessionFile = {
  scenario: string;
  title: string;
  exportedAt: string;
  events: { seq: number; at: number }[];
};

test.describe.configure({ timeout: 120_000 });

const menu = async (page: Page, action: string) => {
  await page.locator('[data-action="more"]').click();
  await page.locator(`.menu-panel [data-action="${action}"]`).click();
};
const stepOnce = async (page: Page) => {
  await page.locator('[data-action="step"]').click();
  await expect(page.locator('[data-progress]')).toHaveAttribute('data-step', '1');
};
/** Exports the shown session with More → Export session; returns its file name and its parsed JSON. */
async function exported(page: Page): Promise<{ name: string; file: SessionFile }> {
  const downloading = page.waitForEvent('download');
  await menu(page, 'export');
  const download = await downloading;
  const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as SessionFile;
  return { name: download.suggestedFilename(), file };
}

test(`${SECTION}: the title is in the session's language, exportedAt is UTC, and the events run on the fake clock`, async ({
  page,
}) => {
  await openScenario(page, 'stale-version', { lang: 'zh' });
  await stepOnce(page);
  const { name, file } = await exported(page);
  expect(name).toMatch(/^harness-session-stale-version-.+\.json$/);
  expect(file.title).toBe(scenarioById('stale-version')!.title.zh);
  expect(file.exportedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
  expect(Math.abs(Date.parse(file.exportedAt) - Date.now())).toBeLessThan(10 * 60_000);
  expect(file.events.length).toBeGreaterThan(2);
  file.events.forEach((event, i) => {
    expect(event.seq).toBe(i);
    expect(event.at).toBe(Date.parse('2026-01-01T09:00:00Z') + i * 1000);
  });
});

test(`${SECTION}: Export session downloads the session being replayed, not the live one`, async ({
  page,
}) => {
  await openScenario(page, 'stale-version', { lang: 'en' });
  await stepOnce(page);
  await openScenario(page, 'missing-file', { lang: 'en' });
  await stepOnce(page);
  await menu(page, 'past-sessions');
  const row = page.locator('dialog.sessions li[data-session]').filter({ hasText: 'Stale version' });
  await row.locator('[data-action="open-session"]').click();
  await expect(page.locator('#app')).toHaveAttribute('data-mode', 'replay');
  const { name, file } = await exported(page);
  expect(name).toMatch(/^harness-session-stale-version-.+\.json$/);
  expect(file.scenario).toBe('stale-version');
  expect(file.title).toBe('Stale version');
});
