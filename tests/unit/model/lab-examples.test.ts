import { nodeSqlEngine } from './sql-engine';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryBackend } from '../../../src/fs/memory';
import type { Approve, LiveCall } from '../../../src/harness';
import {
  MAX_PLUGIN_SOURCE,
  inputJson,
  labExampleIds,
  labExampleTools,
  scenarioById,
  scenarios,
} from '../../../src/model';
import { labExampleById, labExamples, type LabExample } from '../../../src/model/lab-examples';
import { Playground } from '../../../src/run';
import { Sandbox, type SandboxCall, sandboxPlugin, sandboxTool } from '../../../src/sandbox';
import { fakeWorkers } from '../sandbox/fake-link';

const PHONE = /\+1-555-\d{4}/;
const example = (id: string): LabExample => labExampleById(id)!;

const sandboxes: Sandbox[] = [];
afterEach(() => {
  for (const s of sandboxes.splice(0)) s.dispose();
});

/**
 * Runs `ex`'s scenario to its end with its plugin loaded in a real sandbox, as the lab does: the
 * visitor's plugin (and tool) installed first, then the scenario loaded.
 */
async function run(ex: LabExample, options: { order?: 'pre' | 'default'; approve?: Approve } = {}) {
  const spec = {
    fs: new MemoryBackend(),
    sqlEngine: nodeSqlEngine,
    ...(options.approve ? { approve: options.approve } : {}),
  };
  const sandbox = await Sandbox.create({ link: fakeWorkers().open });
  sandboxes.push(sandbox);
  const loaded = await sandbox.load(ex.source);
  if (!loaded.ok) throw new Error(`${ex.id} does not load: ${loaded.error.message}`);
  const guestCalls: SandboxCall[] = [];
  const plugin = sandboxPlugin(sandbox, loaded, {
    order: options.order ?? ex.order,
    onCall: (c) => guestCalls.push(c),
  });
  const visitor = { plugins: [plugin], tools: loaded.tool ? [sandboxTool(sandbox, loaded.tool)] : [] };
  const pg = await Playground.open({ ...spec, visitor }, scenarioById(ex.scenario)!);
  expect(pg.run.refusedTools()).toEqual([]);
  await pg.script.runToEnd();
  expect(pg.script.done).toBe(true);
  const calls = [...pg.run.calls.values()];
  const content = async (path: string) => (await pg.fs.read(path))?.content;
  return { pg, calls, guestCalls, content, loaded };
}

const of = (calls: LiveCall[], tool: string) => calls.filter((c) => c.entry.tool === tool);
const json = (x: unknown) => JSON.stringify(x) ?? '';

describe('labExamples', () => {
  it('have distinct ids, found by labExampleById', () => {
    for (const ex of labExamples) expect(labExampleById(ex.id)).toBe(ex);
    expect(labExampleById('nope')).toBeUndefined();
  });

  it.each(labExamples.map((e) => [e.id, e] as const))('%s names a scenario made for it', (_id, ex) => {
    expect(scenarioById(ex.scenario)?.lab).toBe(ex.id);
  });

  it('every lab scenario belongs to an example', () => {
    const labbed = scenarios.filter((s) => s.lab !== undefined);
    expect(labbed.map((s) => labExampleById(s.lab!)?.scenario)).toEqual(labbed.map((s) => s.id));
  });

  it.each(labExamples.map((e) => [e.id, e] as const))('%s fits in the lab', (_id, ex) => {
    expect(ex.source.length).toBeLessThanOrEqual(MAX_PLUGIN_SOURCE);
    expect(ex.source).toContain('export const name = ');
  });

  it.each(labExamples.map((e) => [e.id, e] as const))('%s speaks both languages', (_id, ex) => {
    for (const t of [ex.title, ex.summary]) {
      expect(t.en).not.toMatch(/[\u4e00-\u9fff]/);
      expect(t.zh).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

describe('redact-content', () => {
  it('hides the phones from the model text, while the value, the meta and the card still hold them', async () => {
    const { calls } = await run(example('redact-content'));
    const [query] = of(calls, 'sql_query');
    const result = query!.outcome.result;
    expect(result.error).toBeUndefined();
    expect(json(result.content)).not.toMatch(PHONE);
    expect(json(result.content)).toContain('[phone hidden]');
    // The leak: replacing the content left the value, and everything projected from it, untouched.
    expect(json(query!.value)).toMatch(PHONE);
    expect(json(result.meta)).toMatch(PHONE);
    expect(json(query!.entry.result?.card)).toMatch(PHONE);
    expect(query!.entry.decisions.map((d) => d.plugin)).toEqual(['redact-phones-content']);
  });
});

describe('redact-value', () => {
  it('leaves no phone anywhere: content, value, meta, card', async () => {
    const { calls } = await run(example('redact-value'));
    const [query] = of(calls, 'sql_query');
    const result = query!.outcome.result;
    expect(result.error).toBeUndefined();
    for (const part of [result.content, query!.value, result.meta, query!.entry.result]) {
      expect(json(part)).not.toMatch(PHONE);
    }
    expect(json(query!.value)).toContain('[phone hidden]');
    expect(query!.entry.result?.card.card.card).toBe('search');
    expect(query!.entry.decisions.map((d) => d.plugin)).toEqual(['redact-phones-value']);
  });
});

describe('deny-secrets', () => {
  it('denies both changes to the key, however the path is spelled, and lets the other file change', async () => {
    const ex = example('deny-secrets');
    const { pg, calls, content } = await run(ex);
    const files = scenarioById(ex.scenario)!.files;
    expect(await content('/secrets/api-key.txt')).toBe(files['/secrets/api-key.txt']);
    expect(await content('/app/settings.ini')).toContain('debug = true');
    expect(pg.errors()).toEqual(['HOOK_DENIED', 'HOOK_DENIED']);
    const denied = calls.filter((c) => c.outcome.result.error);
    expect(denied.map((c) => c.entry.tool)).toEqual(['write', 'str_replace_editor']);
    for (const c of denied) {
      expect(c.outcome.result.error?.message).toContain('/secrets/api-key.txt is under /secrets/');
    }
    // Reading the key stays allowed.
    expect(of(calls, 'read').every((c) => !c.outcome.result.error)).toBe(true);
  });
});

describe('ask-writes', () => {
  const ex = example('ask-writes');
  const files = scenarioById(ex.scenario)!.files;

  it('asks the person with the plugin’s prompt before each change', async () => {
    const approve = vi.fn<Approve>(async () => true);
    await run(ex, { approve });
    expect(approve.mock.calls.map(([r]) => [r.plugin, r.tool, r.prompt])).toEqual([
      ['ask-before-writing', 'edit', 'Let the agent edit /notes/ideas.md?'],
      ['ask-before-writing', 'write', 'Let the agent write /notes/todo.md?'],
    ]);
  });

  it('declined: each change ends with APPROVAL_DENIED and nothing is written', async () => {
    const { pg, content } = await run(ex, { approve: async () => false });
    expect(pg.errors()).toEqual(['APPROVAL_DENIED', 'APPROVAL_DENIED']);
    expect(await content('/notes/ideas.md')).toBe(files['/notes/ideas.md']);
    expect(await content('/notes/todo.md')).toBeUndefined();
    const approvals = pg.run.session.events.filter((e) => e.type === 'approval');
    expect(approvals.map((e) => e.type === 'approval' && e.approved)).toEqual([false, false]);
  });

  it('approved: both changes land', async () => {
    const { pg, content } = await run(ex, { approve: async () => true });
    expect(pg.errors()).toEqual([]);
    for (const [path, text] of Object.entries(scenarioById(ex.scenario)!.outcome.files!)) {
      expect(await content(path)).toBe(text);
    }
  });
});

describe('first-wins', () => {
  const ex = example('first-wins');
  const files = scenarioById(ex.scenario)!.files;

  it('before the policy, it decides: /scratch is overwritten unread, the guide refused with its code', async () => {
    expect(ex.order).toBe('pre');
    const { pg, calls, content, guestCalls } = await run(ex);
    expect(of(calls, 'read')).toEqual([]);
    expect(await content('/scratch/draft.md')).toBe('second draft\n');
    expect(pg.errors()).toEqual(['FS_OUTSIDE_SCRATCH']);
    expect(await content('/docs/guide.md')).toBe(files['/docs/guide.md']);
    expect(guestCalls.filter((c) => c.hook === 'writeIntent')).toHaveLength(2);
  });

  it('after the policy, it is never asked: the policy wants a read first (FS_NOT_OBSERVED)', async () => {
    const { pg, calls, content, guestCalls } = await run(ex, { order: 'default' });
    expect(pg.errors()).toEqual(['FS_NOT_OBSERVED', 'FS_NOT_OBSERVED']);
    expect(of(calls, 'read').map((c) => c.entry.args)).toEqual([
      { path: '/scratch/draft.md' },
      { path: '/docs/guide.md' },
    ]);
    expect(await content('/scratch/draft.md')).toBe('second draft\n');
    expect(guestCalls.filter((c) => c.hook === 'writeIntent')).toEqual([]);
  });
});

describe('impure', () => {
  it('contributes a tool whose cards are flagged: render is impure', async () => {
    const { pg, calls, loaded } = await run(example('impure'));
    expect(loaded.tool?.name).toBe('fortune');
    expect(pg.errors()).toEqual([]);
    const fortunes = of(calls, 'fortune');
    expect(fortunes).toHaveLength(2);
    for (const c of fortunes) {
      expect(c.impure).toContain('render');
      expect(c.entry.result?.modelText).toMatch(/Lucky numbers: \d+, \d+, \d+\.$/);
    }
  });
});

describe('the ids a scenario may name', () => {
  it('are the examples’ ids, in the lab’s order', () => {
    expect(labExamples.map((e) => e.id)).toEqual([...labExampleIds]);
    expect(new Set(labExampleIds).size).toBe(labExampleIds.length);
  });

  // A scenario made for an example may call the tools its plugin adds: the format knows them by name
  // and schema (labExampleTools), held here to what the sandbox loads from each example's source.
  it.each(labExampleIds)('%s: its tools are the ones the format knows', async (id) => {
    const sandbox = await Sandbox.create({ link: fakeWorkers().open });
    sandboxes.push(sandbox);
    const loaded = await sandbox.load(example(id).source);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const tools = loaded.tool ? { [loaded.tool.name]: loaded.tool.inputSchema } : {};
    const known = Object.entries(labExampleTools[id] ?? {}).map(([name, schema]) => [
      name,
      inputJson(schema),
    ]);
    expect(tools).toEqual(Object.fromEntries(known));
  });
});

describe('lab examples in Chinese', () => {
  // The code of a source: its lines without comments, blank lines dropped, and the text of the strings
  // a person reads (a prompt, a description) set aside, since those are in Chinese too.
  const personal = /^(\s*(?:return \{ verdict: 'ask', prompt|description): ).*$/;
  const code = (source: string) =>
    source
      .split('\n')
      .map((line) => line.replace(/\s*\/\/.*$/, '').replace(personal, '$1…'))
      .filter((line) => line.trim() !== '');
  const personalText = (source: string) =>
    source.split('\n').filter((line) => personal.test(line) && !/^\s*\/\//.test(line));
  const comments = (source: string) => source.split('\n').filter((line) => /\/\//.test(line));

  for (const example of labExamples) {
    it(`${example.id}: the same code, its comments in Chinese`, () => {
      expect(code(example.sourceZh)).toEqual(code(example.source));
      expect(comments(example.sourceZh).length).toBe(comments(example.source).length);
      for (const line of comments(example.sourceZh)) expect(line).toMatch(/[\u4e00-\u9fff]/);
      for (const line of personalText(example.sourceZh)) expect(line).toMatch(/[\u4e00-\u9fff]/);
    });
  }
});
