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
  ])('refuses in %s: %s', async (filePath, code) => {
    expect(await problems(filePath, code)).not.toHaveLength(0);
  });

  it.each([
    ['src/main.ts', "import { boot } from './ui';\nexport const a = boot;\n"],
    ['src/plugins/x.ts', "import { writeIntent } from '../tools/fs-hooks';\nexport const a = writeIntent;\n"],
    ['src/tools/x.ts', "import { Tool } from '../harness';\nexport const a = Tool;\n"],
    ['src/ui/x.ts', 'export const a = document.title;\n'],
  ])('allows in %s: %s', async (filePath, code) => {
    expect(await problems(filePath, code)).toHaveLength(0);
  });
});
