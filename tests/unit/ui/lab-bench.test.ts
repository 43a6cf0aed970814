import 'fake-indexeddb/auto';
import { CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { EditorState } from '@codemirror/state';
import { createStore, entries, set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { guestHooks } from '../../../src/sandbox/wire';
import { readPluginFile, fileNameOf } from '../../../src/ui/lab/file';
import { pluginCompletions } from '../../../src/ui/lab/help';
import { hasKeptPlugins, readKept, writeKept, type KeptLab } from '../../../src/ui/lab/kept';
import { labStrings } from '../../../src/ui/lab/strings';
import { exampleOf, tryItScenario } from '../../../src/ui/lab/try-it';
import api from '../../../src/sandbox/plugin-api.ts?raw';

let n = 0;
const freshStore = () => createStore(`lab-test-${++n}`, 'lab');

const record = (over: Partial<KeptLab> = {}): KeptLab => ({
  version: 1,
  plugins: [
    {
      source: "export const name = 'a';",
      language: 'js',
      order: 'default',
      enabled: true,
      appliedSource: 'x',
    },
  ],
  selected: 0,
  deadlineMs: 250,
  fromLink: false,
  ...over,
});

describe('the kept lab', () => {
  it('reads back what was written', async () => {
    const use = freshStore();
    await writeKept(record({ deadlineMs: 500 }), use);
    expect(await readKept(use)).toEqual({ kept: record({ deadlineMs: 500, rev: 1 }), problem: null });
    expect(await hasKeptPlugins(use)).toBe(true);
  });

  it('linked code not run yet, or nothing applied, opens no lab at start', async () => {
    const use = freshStore();
    await writeKept(record({ fromLink: true }), use);
    expect(await hasKeptPlugins(use)).toBe(false);
    const none = freshStore();
    expect(await readKept(none)).toEqual({ kept: null, problem: null });
  });

  it('a damaged record is set aside, untouched, and reported', async () => {
    const use = freshStore();
    const bad = { version: 1, plugins: 'not a list', deep: [[[[[[1]]]]]] };
    await set('plugins', bad, use);
    const read = await readKept(use);
    expect(read.kept).toBeNull();
    expect(read.problem).toMatchObject({ code: 'STORAGE_BAD_RECORD', key: 'plugins' });
    const stored = await entries(use);
    expect(stored).toHaveLength(1);
    expect(String(stored[0]![0])).toMatch(/^quarantine:\d+:plugins$/);
    expect(stored[0]![1]).toEqual(bad);
    expect(await readKept(use)).toEqual({ kept: null, problem: null });
  });

  it('refuses to write what it could not read back', async () => {
    await expect(writeKept(record({ deadlineMs: 333 as 250 }), freshStore())).rejects.toThrow();
  });
});

describe('plugin files', () => {
  const file = (name: string, text: string | Uint8Array) => {
    const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
    return { name, size: bytes.length, arrayBuffer: async () => bytes.buffer as ArrayBuffer };
  };

  it('opens a .ts file as TypeScript, line endings made LF and a BOM dropped', async () => {
    expect(await readPluginFile(file('p.ts', "\uFEFFexport const name = 'p';\r\n"))).toEqual({
      ok: true,
      value: { source: "export const name = 'p';\n", language: 'ts' },
    });
  });

  it('refuses other names, binary and oversized files with a code', async () => {
    expect(await readPluginFile(file('p.txt', 'x'))).toMatchObject({ error: { code: 'LAB_FILE_TYPE' } });
    expect(await readPluginFile(file('p.js', new Uint8Array([0xff, 0xfe, 0x00])))).toMatchObject({
      error: { code: 'LAB_FILE_NOT_TEXT' },
    });
    expect(await readPluginFile(file('p.js', 'x'.repeat(16_001)))).toMatchObject({
      error: { code: 'LAB_FILE_TOO_LARGE' },
    });
  });

  it('names a download after the plugin', () => {
    expect(fileNameOf('redact phones/content', 'ts')).toBe('redact-phones-content.ts');
    expect(fileNameOf(null, 'js')).toBe('plugin.js');
  });
});

describe('completion', () => {
  const complete = (doc: string, typescript = false) => {
    const state = EditorState.create({ doc });
    const source = pluginCompletions(api, () => typescript);
    return source(new CompletionContext(state, doc.length, false)) as CompletionResult | null;
  };

  it('typing post offers postExecute, from the one list of hooks', () => {
    const labels = complete('post')!.options.map((o) => o.label);
    expect(labels).toContain('postExecute');
    for (const hook of guestHooks) expect(labels).toContain(hook);
  });

  it('offers the decisions each hook may answer, and in TypeScript the type names', () => {
    const decisions = complete('return {')!.options.map((o) => o.label);
    expect(decisions).toContain("{ verdict: 'deny', reason: string }");
    expect(decisions).toContain("{ action: 'accept', content: Content }");
    expect(decisions).toContain("{ action: 'accept', value: unknown }");
    expect(decisions).not.toContain(expect.stringContaining('never'));
    const types = complete('Post', true)!.options.map((o) => o.label);
    expect(types).toEqual(expect.arrayContaining(['PostDecision', 'PostExecuteInput', 'ToolSpec']));
    expect(complete('Post', false)!.options.map((o) => o.label)).not.toContain('PostDecision');
  });
});

describe('Try it', () => {
  it('an example from a JSON Schema', () => {
    const schema = {
      type: 'object',
      properties: {
        command: { type: 'string', examples: ['ls'] },
        count: { type: 'integer', minimum: 2 },
        mode: { enum: ['fast', 'slow'] },
        flags: { type: 'array', items: { type: 'boolean' } },
      },
    };
    expect(exampleOf(schema)).toEqual({ command: 'ls', count: 2, mode: 'fast', flags: [true] });
  });

  it('a scenario that calls the tool and exercises the hooks, in the scenario format', () => {
    const made = tryItScenario({
      name: 'mine',
      hooks: ['preExecute', 'writeIntent'],
      tool: { name: 'shell', inputSchema: { type: 'object', properties: { command: { type: 'string' } } } },
    });
    if (!made.ok) throw new Error(made.error.message);
    const calls = made.value.steps.flatMap((s) => ('call' in s ? [[s.call, s.args]] : []));
    expect(calls.map(([tool]) => tool)).toEqual(['shell', 'read', 'write', 'edit']);
    expect(calls[0]![1]).toEqual({ command: 'example' });
    expect(made.value.files['/try-it.md']).toContain('Status: draft');
  });

  it('a plugin with only a tool gets no file calls', () => {
    const made = tryItScenario({ name: 't', hooks: [], tool: { name: 'x', inputSchema: {} } });
    expect(made.ok && made.value.steps.filter((s) => 'call' in s)).toHaveLength(1);
  });
});

it('every lab string has both languages', () => {
  for (const [key, text] of Object.entries(labStrings)) {
    expect(text.en, key).not.toBe('');
    expect(text.zh, key).toMatch(/[\u4e00-\u9fff]/);
  }
});
