// The JavaScript the first page of the built site loads: the entry scripts of dist/index.html and every
// chunk they import statically, transitively. Lazily imported chunks (`import()`) are left out: they load
// when a feature needs them. Used by the size check in the browser tests and by the UI benchmarks.
//
//   node scripts/first-load.mjs [dist]      prints the files and the gzipped total
import { readFileSync } from 'node:fs';
import { join, posix, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { init, parse } from 'es-module-lexer';

/** The budget for the first load, in gzipped bytes (kB as Vite counts them: 1,000 bytes). */
export const FIRST_LOAD_BUDGET = 100_000;

const repo = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** The `src`/`href` of scripts (classic or module) and module preloads in an HTML page, in order. */
export function entryScripts(html) {
  const tags = html.match(/<(script|link)\b[^>]*>/gi) ?? [];
  const attr = (tag, name) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
  return tags.flatMap((tag) => {
    const isScript = /^<script/i.test(tag) && attr(tag, 'src');
    const isPreload = /^<link/i.test(tag) && attr(tag, 'rel') === 'modulepreload' && attr(tag, 'href');
    return isScript ? [attr(tag, 'src')] : isPreload ? [attr(tag, 'href')] : [];
  });
}

/** The specifiers a module imports statically (`import … from`, `export … from`, bare `import '…'`). */
export function staticImports(code) {
  const [imports] = parse(code);
  // `d` is -1 for a static import, -2 for import.meta, and the position of `import(` for a dynamic one.
  return imports.filter((i) => i.d === -1 && i.n !== undefined).map((i) => i.n);
}

/**
 * Every JavaScript file the first page loads, with its raw and gzipped size, and the gzipped total.
 * Only relative specifiers are followed: a built site has no bare imports.
 */
export async function firstLoad(dist = join(repo, 'dist')) {
  await init;
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const queue = entryScripts(html).map((src) => posix.normalize(src.replace(/^\.?\//, '')));
  const seen = new Set();
  const files = [];
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(dist, file));
    files.push({ file, bytes: code.length, gzip: gzipSync(code).length });
    for (const spec of staticImports(code.toString('utf8'))) {
      if (!spec.startsWith('.'))
        throw new Error(`${file} imports "${spec}": only relative imports are expected`);
      queue.push(posix.join(posix.dirname(file), spec));
    }
  }
  return { files, gzip: files.reduce((sum, f) => sum + f.gzip, 0), budget: FIRST_LOAD_BUDGET };
}

/** "80.6 kB" */
export function kB(bytes) {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dist = resolve(process.argv[2] ?? join(repo, 'dist'));
  const { files, gzip, budget } = await firstLoad(dist);
  for (const f of files)
    console.log(`${relative(repo, join(dist, f.file))}  ${kB(f.bytes)} → ${kB(f.gzip)} gzip`);
  console.log(`first load: ${kB(gzip)} of JavaScript gzipped (budget ${kB(budget)})`);
}
