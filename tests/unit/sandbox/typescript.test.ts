import { describe, expect, it } from 'vitest';
import { Sandbox } from '../../../src/sandbox';
import { type CompileResult, type Diagnostic, compilePlugin } from '../../../src/sandbox/typescript';
import { fakeWorkers } from './fake-link';

/** The diagnostics of a source that must fail. */
async function problems(source: string): Promise<Diagnostic[]> {
  const result = await compilePlugin(source);
  if (result.ok) throw new Error(`expected diagnostics, got JavaScript:\n${result.js}`);
  return result.diagnostics;
}

/** The JavaScript of a source that must compile. */
async function js(source: string): Promise<string> {
  const result: CompileResult = await compilePlugin(source);
  if (!result.ok)
    throw new Error(result.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`).join('\n'));
  return result.js;
}

const lines = (...text: string[]) => text.join('\n') + '\n';
const postInput = {
  session: 's',
  callId: 'c1',
  tool: 'read',
  args: { path: '/a.txt' },
  result: { content: [{ type: 'text', text: 'call 555-1234' }] },
  value: { text: 'call 555-1234' },
};

describe('compilePlugin', () => {
  it('compiles a typed plugin into JavaScript the sandbox loads and runs', async () => {
    const source = lines(
      "export const name = 'redact-phones';",
      'interface Redacted { text: string }',
      'export const postExecute: PostExecute = (input) => {',
      "  const text: string = JSON.stringify(input.value ?? null).replace(/\\d{3}-\\d{4}/g, '###-####');",
      '  const value: Redacted = JSON.parse(text);',
      "  return { action: 'accept', value };",
      '};',
    );
    const sandbox = await Sandbox.create({ link: fakeWorkers().open });
    const loaded = await sandbox.load(await js(source));
    expect(loaded).toMatchObject({ ok: true, name: 'redact-phones', hooks: ['postExecute'] });
    const called = await sandbox.call('postExecute', postInput);
    expect(called.value).toEqual({ action: 'accept', value: { text: 'call ###-####' } });
    sandbox.dispose();
  });

  it('maps each line of the JavaScript to its line in the source, for runtime errors', async () => {
    const source = lines(
      "import type { PreExecute } from 'harness-playground';",
      '',
      'interface Rule {',
      '  tool: string;',
      '}',
      'type Rules = Rule[];',
      "export const name = 'rules';",
      'const rules: Rules = [];',
      'export const preExecute: PreExecute = (input) => {',
      "  if (!rules.length) throw new Error('no rules for ' + input.tool);",
      "  return { verdict: 'allow' };",
      '};',
    );
    const compiled = await compilePlugin(source);
    if (!compiled.ok) throw new Error('expected JavaScript');
    const sandbox = await Sandbox.create({ link: fakeWorkers().open });
    await sandbox.load(compiled.js);
    const called = await sandbox.call('preExecute', { session: 's', callId: 'c', tool: 'read', args: {} });
    const jsLine = called.error?.line ?? 0;
    expect(jsLine).toBeLessThan(10);
    expect(compiled.lines[jsLine - 1]).toBe(10);
    expect(compiled.js).not.toContain('sourceMappingURL');
    sandbox.dispose();
  });

  it('refuses content and value together, at the line of the decision, with a TS code', async () => {
    const found = await problems(
      lines(
        "export const name = 'both';",
        'export const postExecute: PostExecute = (input) => ({',
        "  action: 'accept', content: [], value: input.value,",
        '});',
      ),
    );
    expect(found).toEqual([expect.objectContaining({ line: 2, code: 'TS2322' })]);
    expect(found[0]?.message).toContain("Types of property 'value' are incompatible");
  });

  it('checks an export without a type annotation against PluginModule, at the export', async () => {
    const source = lines(
      "export const name = 'both';",
      'export function postExecute(input: PostExecuteInput) {',
      "  return { action: 'accept' as const, content: [], value: input.value };",
      '}',
    );
    const [found, ...rest] = await problems(source);
    expect(rest).toEqual([]);
    expect(found).toMatchObject({ line: 2, column: 17, code: 'TS2322' });
    expect(source.slice(found!.from, found!.to)).toBe('postExecute');
    expect(found?.message).toContain('does not fit PluginModule');
  });

  it('gives the line and column of a syntax error', async () => {
    const found = await problems(lines("export const name = 'x';", 'export const preExecute = (input => 1;'));
    expect(found[0]).toMatchObject({ line: 2, column: 38, code: 'TS1005' });
  });

  it('knows no DOM and no fetch: the guest has neither', async () => {
    const source = lines(
      "export const name = 'x';",
      'export const preExecute: PreExecute = async () => {',
      '  document.title = await (await fetch("/")).text();',
      "  return { verdict: 'allow' };",
      '};',
    );
    const found = await problems(source);
    expect(found.map((d) => [d.line, source.slice(d.from, d.to)])).toEqual([
      [3, 'document'],
      [3, 'fetch'],
    ]);
  });

  it('reports a module without a name on line 1', async () => {
    const found = await problems(
      lines("export const preExecute: PreExecute = () => ({ verdict: 'allow' });"),
    );
    expect(found).toEqual([
      expect.objectContaining({
        line: 1,
        column: 1,
        from: 0,
        code: 'TS2741',
        message: expect.stringContaining("'name'"),
      }),
    ]);
  });

  it('offers the API as globals and as the module harness-playground, and erases the type imports', async () => {
    const global = lines(
      "export const name = 'x';",
      "export const preExecute: PreExecute = (input: PreExecuteInput): PreDecision => ({ verdict: 'allow' });",
    );
    const imported = lines(
      "import type { PreDecision, PreExecute } from 'harness-playground';",
      "import { type PreExecuteInput } from 'harness-playground';",
      "export const name = 'x';",
      "export const preExecute: PreExecute = (input: PreExecuteInput): PreDecision => ({ verdict: 'allow' });",
    );
    expect(await js(global)).toBe(await js(imported));
    expect(await js(imported)).not.toContain('import');
  });

  it('accepts async hooks and a typed write intent', async () => {
    const source = lines(
      "export const name = 'async';",
      "export const preExecute: PreExecute = async () => ({ verdict: 'ask', prompt: 'go on?' });",
      'export const writeIntent: WriteIntent = async ({ path }) =>',
      "  path.startsWith('/secrets/')",
      "    ? { verdict: 'refuse', code: 'FS_SECRET', message: 'no secrets', remedy: 'write elsewhere' }",
      "    : { verdict: 'proceed', guard: { kind: 'createIfAbsent' } };",
    );
    const sandbox = await Sandbox.create({ link: fakeWorkers().open });
    await sandbox.load(await js(source));
    const input = { session: 's', callId: 'c', tool: 'write', path: '/secrets/k' };
    expect((await sandbox.call('writeIntent', input)).value).toMatchObject({ code: 'FS_SECRET' });
    sandbox.dispose();
  });

  it('refuses an import the sandbox could not load', async () => {
    const found = await problems(lines("import 'harness-playground';", "export const name = 'x';"));
    expect(found).toEqual([expect.objectContaining({ line: 1, column: 8, code: 'PLUGIN_IMPORT' })]);
  });

  it('types a contributed tool, and the sandbox loads it', async () => {
    const source = lines(
      "export const name = 'words';",
      'export const tool: ToolSpec<{ text: string }, { words: number }> = {',
      "  name: 'word_count',",
      "  description: 'Count the words of a text.',",
      "  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },",
      '  execute: ({ text }) => ({ words: text.split(/\\s+/).filter(Boolean).length }),',
      "  render: (_args, { words }) => [{ type: 'text', text: `${words} words` }],",
      '};',
      "console.log('loaded');",
    );
    const sandbox = await Sandbox.create({ link: fakeWorkers().open });
    const loaded = await sandbox.load(await js(source));
    expect(loaded).toMatchObject({ ok: true, tool: { name: 'word_count' }, logs: ['loaded'] });
    expect((await sandbox.call('tool.execute', { text: 'a b c' })).value).toEqual({ words: 3 });
    sandbox.dispose();
  });

  it('checks a tool against ToolSpec', async () => {
    const found = await problems(
      lines(
        "export const name = 'words';",
        'export const tool: ToolSpec = {',
        "  name: 'word_count',",
        "  description: 'Count the words of a text.',",
        '  execute: () => 3,',
        "  render: () => 'three',",
        '};',
      ),
    );
    expect(found).toEqual([expect.objectContaining({ line: 6, code: 'TS2322' })]);
  });
});

describe('compiler messages and hover types', () => {
  it('a message is cut to its first useful line; the whole chain stays in message', async () => {
    const { compilePlugin } = await import('../../../src/sandbox/typescript');
    const both = await compilePlugin(
      "export const name = 'both';\nexport const postExecute: PostExecute = () => ({ action: 'accept', content: [], value: 1 });\n",
    );
    if (both.ok) throw new Error('expected a compile error');
    const first = both.diagnostics[0]!;
    expect(first.summary).toMatch(/replaces content or value, never both/);
    expect(first.message.split('\n').length).toBeGreaterThan(2);
    const wrong = await compilePlugin(
      "export const name = 'w';\nexport const preExecute: PreExecute = () => ({ verdict: 'deny', reason: 3 });\n",
    );
    if (wrong.ok) throw new Error('expected a compile error');
    expect(wrong.diagnostics[0]!.summary).toMatch(
      /'reason'.*Type 'number' is not assignable to type 'string'/,
    );
    expect(wrong.diagnostics[0]!.summary.split('\n')).toHaveLength(1);
  });

  it('the type of a name, as a hover shows it', async () => {
    const { quickInfo } = await import('../../../src/sandbox/typescript');
    const source =
      "export const name = 'h';\nexport const postExecute: PostExecute = () => ({ action: 'pass' });\n";
    const info = await quickInfo(source, source.indexOf('PostExecute =') + 2);
    expect(info?.text).toMatch(/^type PostExecute = \(input: PostExecuteInput\) =>/);
    expect(info?.doc).toMatch(/Speaks on each result/);
  });
});
