// What the three benchmark scripts share: the server and browser they run, medians, number formatting,
// the machine's load, and writing a block of figures between its markers in BENCHMARKS.md.
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, HOW_TO_GET_ONE, findChromium } from './find-chromium.mjs';
import { serve } from './serve.mjs';

/** BENCHMARKS.md, beside package.json. */
export const BENCHMARKS = new URL('../BENCHMARKS.md', import.meta.url);

/**
 * Starts the static server (scripts/serve.mjs, on a free port) and one headless Chromium with the flags
 * the tests use. `close()` ends both. `who` names the script in the error when no Chromium is found.
 */
export async function startBench(who) {
  const found = findChromium();
  if (!found) throw new Error(`${who}: no Chromium found.\n${HOW_TO_GET_ONE}`);
  const server = await serve({ port: 0 });
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({ executablePath: found.path, args: [...CHROMIUM_ARGS] });
  const close = async () => {
    await browser.close();
    server.close();
    server.closeAllConnections();
  };
  return { origin, browser, close };
}

/** The median of some numbers (the mean of the middle two for an even count). */
export function median(xs) {
  const s = [...xs].sort((x, y) => x - y);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** A number with thousands separators and exactly `digits` decimals ("1,234.50"). */
export function formatNumber(x, digits) {
  return x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

/** The load averages over 1, 5 and 15 minutes ("1.2 / 3.4 / 5.6"). */
export function loadAverage() {
  return os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');
}

/**
 * Puts `text` between `<!-- name:start -->` and `<!-- name:end -->` in BENCHMARKS.md (or `file`), formatted
 * as `prettier --check` expects. Where the markers are missing, a section `## heading` holding them is
 * added before the heading `before` (or at the end); a missing file is started.
 */
export async function writeBlock({ name, text, heading, before, file = BENCHMARKS }) {
  const [start, end] = [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`];
  let doc;
  try {
    doc = readFileSync(file, 'utf8');
  } catch {
    doc = '# Benchmarks\n';
  }
  const block = `${start}\n\n${text}\n\n${end}`;
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from !== -1 && to > from) doc = doc.slice(0, from) + block + doc.slice(to + end.length);
  else {
    const section = `## ${heading}\n\n${block}\n\n`;
    const at = before ? doc.indexOf(`## ${before}`) : -1;
    doc = at === -1 ? `${doc.trimEnd()}\n\n${section}` : doc.slice(0, at) + section + doc.slice(at);
  }
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(doc, { ...options, parser: 'markdown' }));
}
