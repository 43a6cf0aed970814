import { readdirSync, readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer rules of DESIGN §7, checked the way `npm run check` checks them: a file at a path, linted.
const eslint = new ESLint();
const problems = async (filePath: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter(
    (m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-globals',
  );
};

describe('layers', () => {
  it.each([
    ['src/harness/x.ts', "import { App } from '../ui/app';\nexport const a = App;\n"],
    ['src/harness/x.ts', "import { readTool } from '../tools/read';\nexport const a = readTool;\n"],
    [
      'src/harness/x.ts',
      "import { fsObservationPolicy } from '../plugins/fs-observation-policy';\nexport const a = fsObservationPolicy;\n",
    ],
    ['src/harness/x.ts', 'export const a = document.title;\n'],
    [
      'src/tools/x.ts',
      "import { fsObservationPolicy } from '../plugins/fs-observation-policy';\nexport const a = fsObservationPolicy;\n",
    ],
    ['src/fs/x.ts', "import { readTool } from '../tools/read';\nexport const a = readTool;\n"],
    ['src/model/x.ts', "import { App } from '../ui/app';\nexport const a = App;\n"],
    ['src/plugins/x.ts', "import { App } from '../ui';\nexport const a = App;\n"],
    // The filesystem stands alone, with errors of its own.
    ['src/fs/x.ts', "import { ToolError } from '../harness/errors';\nexport const a = ToolError;\n"],
    ['src/fs/x.ts', "import { writeIntent } from '../contracts';\nexport const a = writeIntent;\n"],
    // The interface, the plugins and the sandbox know no tool module.
    ['src/ui/x.ts', "import { seedStatements } from '../tools/sql';\nexport const a = seedStatements;\n"],
    ['src/plugins/x.ts', "import { SqlValue } from '../tools/sql';\nexport const a = SqlValue;\n"],
    ['src/sandbox/x.ts', "import { readTool } from '../tools/read';\nexport const a = readTool;\n"],
    ['src/sandbox/x.ts', "export { writeIntent } from '../tools';\n"],
    // The contracts sit below the tools; the model below the composition root.
    ['src/contracts/x.ts', "import { readTool } from '../tools/read';\nexport const a = readTool;\n"],
    ['src/model/x.ts', "import { createRun } from '../run';\nexport const a = createRun;\n"],
    ['src/model/x.ts', "import { fileTools } from '../tools';\nexport const a = fileTools;\n"],
    ['src/run/x.ts', "import { App } from '../ui/app';\nexport const a = App;\n"],
    // The embed kit stands alone, so dist/embed.js stays small.
    ['src/kit/x.ts', "import { ScenarioId } from '../model';\nexport const a = ScenarioId;\n"],
    ['src/kit/x.ts', "import { ERROR_CODE } from '../harness/errors';\nexport const a = ERROR_CODE;\n"],
    ['src/model/x.ts', "import { COMMAND } from '../kit/protocol';\nexport const a = COMMAND;\n"],
    // A real model's providers sit on the model's settings: the model, the harness and the kit know them not.
    ['src/model/x.ts', "import { createProvider } from '../providers';\nexport const a = createProvider;\n"],
    ['src/harness/x.ts', "import { readSse } from '../providers/sse';\nexport const a = readSse;\n"],
    ['src/kit/x.ts', "import { modelPresets } from '../providers';\nexport const a = modelPresets;\n"],
    ['src/providers/x.ts', "import { Playground } from '../run';\nexport const a = Playground;\n"],
    ['src/providers/x.ts', "import { App } from '../ui/app';\nexport const a = App;\n"],
    ['src/providers/x.ts', "import { readTool } from '../tools/read';\nexport const a = readTool;\n"],
    ['src/providers/x.ts', "import { MemoryBackend } from '../fs';\nexport const a = MemoryBackend;\n"],
    // The page's stores sit on the filesystem and the model's formats; the run and the model know them not.
    ['src/model/x.ts', "import { SessionStore } from '../storage';\nexport const a = SessionStore;\n"],
    ['src/run/x.ts', "import { Autosave } from '../storage/autosave';\nexport const a = Autosave;\n"],
    ['src/fs/x.ts', "import { openStorage } from '../storage';\nexport const a = openStorage;\n"],
    ['src/storage/x.ts', "import { Playground } from '../run';\nexport const a = Playground;\n"],
    ['src/storage/x.ts', "import { keptOf } from '../ui/lab/kept';\nexport const a = keptOf;\n"],
    [
      'src/storage/x.ts',
      "import { createProvider } from '../providers';\nexport const a = createProvider;\n",
    ],
  ])('refuses in %s: %s', async (filePath, code) => {
    expect(await problems(filePath, code)).not.toHaveLength(0);
  });

  it.each([
    ['src/main.ts', "import { boot } from './ui';\nexport const a = boot;\n"],
    [
      'src/plugins/x.ts',
      "import { writeIntent } from '../contracts/fs-intents';\nexport const a = writeIntent;\n",
    ],
    ['src/sandbox/x.ts', "import { editIntent } from '../contracts';\nexport const a = editIntent;\n"],
    ['src/run/x.ts', "import { fileTools } from '../tools';\nexport const a = fileTools;\n"],
    ['src/ui/x.ts', "import { createRun } from '../run';\nexport const a = createRun;\n"],
    ['src/fs/x.ts', "import { FsError } from './errors';\nexport const a = FsError;\n"],
    ['src/tools/x.ts', "import { Tool } from '../harness';\nexport const a = Tool;\n"],
    ['src/ui/x.ts', 'export const a = document.title;\n'],
    ['src/ui/x.ts', "import { READY } from '../kit/protocol';\nexport const a = READY;\n"],
    ['src/kit/x.ts', "import { READY } from './protocol';\nexport const a = READY;\n"],
    [
      'src/providers/x.ts',
      "import { modelInfo } from '../model/model-settings';\nexport const a = modelInfo;\n",
    ],
    ['src/providers/x.ts', "import { parseJson } from '../harness';\nexport const a = parseJson;\n"],
    ['src/run/x.ts', "import type { ModelProvider } from '../providers';\nexport type A = ModelProvider;\n"],
    ['src/ui/x.ts', "import { createProvider } from '../providers';\nexport const a = createProvider;\n"],
    ['src/storage/x.ts', "import { ScenarioId } from '../model/scenario';\nexport const a = ScenarioId;\n"],
    ['src/storage/x.ts', "import { probeStore } from '../fs';\nexport const a = probeStore;\n"],
    ['src/storage/x.ts', "import { EventLog } from '../harness';\nexport const a = EventLog;\n"],
    ['src/ui/x.ts', "import { SessionStore } from '../storage';\nexport const a = SessionStore;\n"],
  ])('allows in %s: %s', async (filePath, code) => {
    expect(await problems(filePath, code)).toHaveLength(0);
  });

  // Every folder of src is a layer with rules, and a row of the README's folder table.
  const folders = readdirSync('src', { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

  it.each(folders)('src/%s is a layer of eslint.config.js, with its import rules', async (folder) => {
    const config = (await eslint.calculateConfigForFile(`src/${folder}/x.ts`)) as {
      rules?: Record<string, unknown>;
    };
    expect(config.rules?.['no-restricted-imports']).toBeDefined();
  });

  it.each(folders)('src/%s has its row in the README’s folder table', (folder) => {
    const readme = readFileSync('README.md', 'utf8');
    const table = readme.slice(readme.indexOf('## Folder layout'), readme.indexOf('The layers import only'));
    expect(table).toMatch(new RegExp(`^\\| \`src/${folder}\` +\\|`, 'm'));
  });
});
