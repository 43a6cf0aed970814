// The README's "Tools", the `words` bullet: the Tools panel shows a tool's own words for people in the
// page's language, the model's description folded beneath; in English, the description as it is.
import { expect, test, type Page } from '@playwright/test';
import { MemoryBackend } from '../../src/fs/memory';
import { fileTools } from '../../src/tools/toolbox';
import { openScenario, openTab } from './app';

const read = fileTools(new MemoryBackend()).find((tool) => tool.name === 'read')!;

/** The Tools panel's entry for `read`, opened as a visitor opens it. */
async function readEntry(page: Page, lang: 'en' | 'zh') {
  await openScenario(page, 'stale-version', { lang });
  await openTab(page, 'tools');
  const entry = page.locator('#pane-side details.tool-schema[data-tool-schema="read"]');
  await entry.locator(':scope > summary').click();
  return entry;
}

test('README "Tools", words: in Chinese the Tools panel shows read’s own words, the model’s description folded beneath', async ({
  page,
}) => {
  const entry = await readEntry(page, 'zh');
  const words = entry.locator(':scope > p');
  await words.scrollIntoViewIfNeeded();
  await expect(words).toHaveText(read.words!.zh);
  const model = entry.locator('details.verbatim');
  await expect(model.locator('pre')).toBeHidden();
  await model.locator(':scope > summary').click();
  await model.locator('pre').scrollIntoViewIfNeeded();
  await expect(model.locator('pre')).toHaveText(read.description);
});

test('README "Tools", words: in English the Tools panel shows read’s description as the model reads it', async ({
  page,
}) => {
  const entry = await readEntry(page, 'en');
  const words = entry.locator(':scope > p');
  await words.scrollIntoViewIfNeeded();
  await expect(words).toHaveText(read.description);
  await expect(entry.locator('details.verbatim')).toHaveCount(0);
});
