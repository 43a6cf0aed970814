// What the site serves beside the app for scenario authors and tutorial pages, made at build time by the
// Vite plugin `scenarioAssets()` (used in vite.config.ts):
//   scenario.schema.json   the JSON Schema of the scenario format, derived from its zod schema;
//   scenarios/<id>.json    each built-in scenario's file, a starting point to copy (with its $schema);
//   embed.js               the embed kit (src/kit), a classic script built on its own, so it stays small,
//                          with the built-in scenarios' titles and lessons baked in.
// The same titles and lessons are baked into the app (`__HP_LESSONS__`), for its first view.
// The format's TypeScript is loaded with Vite's module runner, so the config itself imports no source.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, runnerImport } from 'vite';

const folder = fileURLToPath(new URL('../src/model/scenarios/', import.meta.url));
const formatModule = fileURLToPath(new URL('../src/model/scenario-file.ts', import.meta.url));
const schemaModule = fileURLToPath(new URL('../src/model/scenario-schema.ts', import.meta.url));
const kitEntry = fileURLToPath(new URL('../src/kit/main.ts', import.meta.url));

/** The name of the schema file, at the site's root. */
export const SCHEMA_FILE = 'scenario.schema.json';

let format;
/** The parser and the JSON Schema of the scenario format, loaded once. */
async function loadFormat() {
  format ??= Promise.all([runnerImport(formatModule), runnerImport(schemaModule)]).then(([file, schema]) => ({
    parseScenarioFile: file.module.parseScenarioFile,
    scenarioJsonSchema: schema.module.scenarioJsonSchema,
  }));
  return format;
}

/** The JSON Schema's text. */
export async function schemaSource() {
  const { scenarioJsonSchema } = await loadFormat();
  return `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`;
}

/**
 * Every built-in scenario file, as the site serves it: `$schema` first, so an editor validates a copy.
 * A file the parser refuses, or whose name is not its id, stops the build.
 */
export async function builtInAssets() {
  const { parseScenarioFile } = await loadFormat();
  return readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .map((file) => {
      const text = readFileSync(`${folder}${file}`, 'utf8');
      const read = parseScenarioFile(text);
      if (!read.ok) throw new Error(`src/model/scenarios/${file}: ${read.error.code} ${read.error.message}`);
      if (`${read.value.id}.json` !== file)
        throw new Error(`src/model/scenarios/${file} has the id "${read.value.id}"`);
      const served = { $schema: `../${SCHEMA_FILE}`, ...JSON.parse(text) };
      return { fileName: `scenarios/${file}`, source: `${JSON.stringify(served, null, 2)}\n` };
    });
}

/**
 * The built-in scenarios' titles and lessons by id, as each file writes them: baked into the kit, so a
 * click-to-load card shows them and an unknown id is told at once, from any host (src/kit/built-ins.ts).
 */
export function builtInTexts() {
  const table = {};
  for (const file of readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const { id, title, teaches } = JSON.parse(readFileSync(`${folder}${file}`, 'utf8'));
    table[id] = { title, teaches };
  }
  return table;
}

/** Builds the embed kit into `outDir/embed.js`: one minified classic script, no chunks, no framework. */
export async function buildKit(outDir) {
  await build({
    configFile: false,
    define: { __HP_BUILT_INS__: JSON.stringify(builtInTexts()) },
    logLevel: 'warn',
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: false,
      target: 'es2020',
      sourcemap: false,
      lib: { entry: kitEntry, formats: ['iife'], name: 'HarnessPlaygroundKit', fileName: () => 'embed.js' },
    },
  });
}

/** The Vite plugin: emits the schema and the built-in files with the app, then builds the kit beside it. */
export function scenarioAssets() {
  let outDir = 'dist';
  return {
    name: 'harness-playground:scenario-assets',
    // The first view paints a lesson's title and point before the engine loads (src/model/scenarios/intros.ts).
    config() {
      return { define: { __HP_LESSONS__: JSON.stringify(builtInTexts()) } };
    },
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: SCHEMA_FILE, source: await schemaSource() });
      for (const asset of await builtInAssets()) this.emitFile({ type: 'asset', ...asset });
    },
    async closeBundle() {
      await buildKit(outDir);
    },
    // The dev server serves the same files (made from the sources as they were when it started).
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0];
        const find = async () =>
          path.endsWith(`/${SCHEMA_FILE}`)
            ? { source: await schemaSource() }
            : (await builtInAssets()).find((a) => path.endsWith(`/${a.fileName}`));
        find().then((asset) => {
          if (!asset) return next();
          res.setHeader('content-type', 'application/json; charset=utf-8');
          res.setHeader('access-control-allow-origin', '*');
          res.end(asset.source);
        }, next);
      });
    },
  };
}
