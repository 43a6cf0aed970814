// Sums the test runners' JSON reports into the one line CI reads: `N passed, N failed` (`, N skipped`
// when any were skipped). Exits 1 when the test command failed, any test failed, or nothing passed.
//
//   node scripts/summarize-reports.mjs [--status <exit code of the test command>]
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** The reports read, relative to the repository root. */
export const REPORTS = { vitest: 'reports/vitest.json', playwright: 'reports/playwright.json' };

const zero = () => ({ passed: 0, failed: 0, skipped: 0 });

/** Counts of a Vitest JSON report. A test file that fails to load counts as one failure. */
export function countVitest(report) {
  const unloaded = (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && !file.assertionResults?.some((a) => a.status === 'failed'),
  ).length;
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + unloaded,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/** Counts of a Playwright JSON report. Flaky tests passed on retry; errors outside tests are failures. */
export function countPlaywright(report) {
  const stats = report.stats ?? {};
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: (stats.unexpected ?? 0) + (report.errors?.length ?? 0),
    skipped: stats.skipped ?? 0,
  };
}

/**
 * The summary of both reports and the test command's exit status. When the command failed but no report
 * shows a failure (type-check, lint, a crash before a runner wrote its report), that failure counts as one.
 */
export function summarize(reports, status = 0) {
  const total = zero();
  const notes = [];
  for (const { name, report, count } of reports) {
    if (!report) {
      notes.push(`${name}: no report`);
      continue;
    }
    // A report that does not parse means a runner broke while writing it: a failure, not "no tests".
    if (report.unreadable) {
      total.failed += 1;
      notes.push(`${name}: unreadable report (${report.unreadable}); counted as 1 failure`);
      continue;
    }
    const c = count(report);
    notes.push(`${name}: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`);
    for (const key of Object.keys(total)) total[key] += c[key];
  }
  if (status !== 0 && total.failed === 0) {
    total.failed = 1;
    notes.push(`the test command exited with ${status} before any test failed; counted as 1 failure`);
  }
  if (total.passed === 0) notes.push('no test passed');
  const line = `${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`;
  return { ...total, line, notes, ok: status === 0 && total.failed === 0 && total.passed > 0 };
}

function read(path) {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    return { unreadable: error.message };
  }
}

function main() {
  const i = process.argv.indexOf('--status');
  const status = i === -1 ? 0 : Number(process.argv[i + 1]);
  const summary = summarize(
    [
      { name: 'vitest', report: read(REPORTS.vitest), count: countVitest },
      { name: 'playwright', report: read(REPORTS.playwright), count: countPlaywright },
    ],
    Number.isInteger(status) ? status : 1,
  );
  for (const note of summary.notes) console.log(`summary: ${note}`);
  console.log(summary.line);
  process.exit(summary.ok ? 0 : 1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
