import { expect, test } from '@playwright/test';
import { claimsCases } from '../contract/claims-contract';
import { fileToolsCases } from '../contract/file-tools-contract';
import { fsContractCases } from '../contract/fs-contract';
import { testPage } from './env';

test('every backend and file tools contract case passes on real IndexedDB and in memory, and every claims case with two tabs', async ({
  page,
}) => {
  // A new database for every IndexedDB case, one after another; generous for a loaded machine.
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(testPage('fs-contract.html'));
  await expect(page.locator('body')).toHaveAttribute('data-done', 'true', { timeout: 100_000 });
  expect(await page.evaluate(() => window.__failure)).toBeUndefined();
  const results = (await page.evaluate(() => window.__results)) ?? [];
  // Counted from the suite itself, so a page that ran nothing (or only some) cannot pass.
  expect(results.length, 'cases run').toBe(
    2 * (fsContractCases.length + fileToolsCases.length) + claimsCases.length,
  );
  for (const backend of ['IdbBackend', 'MemoryBackend']) {
    const names = results.filter((r) => r.name.startsWith(`${backend}: `)).map((r) => r.name);
    expect(names).toEqual([
      ...fsContractCases.map((c) => `${backend}: ${c.name}`),
      ...fileToolsCases.map((c) => `${backend}: file tools: ${c.name}`),
    ]);
  }
  const claims = results.filter((r) => r.name.startsWith('two tabs: ')).map((r) => r.name);
  expect(claims).toEqual(claimsCases.map((c) => `two tabs: ${c.name}`));
  const failed = results.filter((r) => !r.ok).map((r) => `${r.name}: ${r.error}`);
  expect(failed, `failed cases:\n${failed.join('\n')}`).toEqual([]);
  expect(errors).toEqual([]);
});
