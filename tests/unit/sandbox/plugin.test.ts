import { describe, expect, it } from 'vitest';
import { Sandbox, type SandboxCall, sandboxPlugin } from '../../../src/sandbox';
import { code, mk as workspace } from '../tools/fixtures';
import { fakeWorkers } from './fake-link';
import { plugin } from './fixtures';

/** A workspace with `files`, no built-in policy unless asked, and the guest `body` installed as a plugin. */
async function withGuest(body: string, options: { files?: Record<string, string>; policy?: boolean } = {}) {
  const w = await workspace(options.files ?? {}, options.policy ? {} : { policy: false });
  const sandbox = await Sandbox.create({ deadlineMs: 40, graceMs: 40, link: fakeWorkers().open });
  const loaded = await sandbox.load(plugin(body, 'guest'));
  if (!loaded.ok) throw new Error(loaded.error.message);
  const calls: SandboxCall[] = [];
  const spec = { order: 'pre' as const, onCall: (c: SandboxCall) => calls.push(c) };
  w.hooks.install(sandboxPlugin(sandbox, loaded, spec));
  return { ...w, sandbox, calls };
}

describe('sandboxPlugin', () => {
  it('a write intent that throws refuses the write', async () => {
    const w = await withGuest('export function writeIntent() { throw new Error("no"); }');
    const call = await w.call('write', { path: '/a.txt', content: 'x' });
    expect(code(call)).toBe('PLUGIN_ERROR');
    expect(call.outcome.result.error?.message).toContain('plugin "guest" failed in hook "fs/write-intent"');
    expect(await w.content('/a.txt')).toBeUndefined();
  });

  it('a write intent that times out refuses the write with PLUGIN_TIMEOUT', async () => {
    const w = await withGuest('export function writeIntent() { for (;;) {} }');
    const call = await w.call('write', { path: '/a.txt', content: 'x' });
    expect(code(call)).toBe('PLUGIN_TIMEOUT');
    expect(call.outcome.result.error?.message).toContain('plugin "guest"');
    expect(await w.content('/a.txt')).toBeUndefined();
  });

  it('an edit intent whose promise never settles refuses the edit', async () => {
    const w = await withGuest('export function editIntent() { return new Promise(() => {}); }', {
      files: { '/a.txt': 'old' },
    });
    const call = await w.call('edit', { path: '/a.txt', old_string: 'old', new_string: 'new' });
    expect(code(call)).toBe('PLUGIN_TIMEOUT');
    expect(await w.content('/a.txt')).toBe('old');
  });

  it('a refuse decision refuses with its own code', async () => {
    const w = await withGuest(`export function writeIntent(i) {
      return i.path.startsWith('/secrets/')
        ? { verdict: 'refuse', code: 'FS_SECRET', message: 'no secrets', remedy: 'write elsewhere' }
        : { verdict: 'proceed', guard: { kind: 'none' } };
    }`);
    expect(code(await w.call('write', { path: '/secrets/k', content: 'x' }))).toBe('FS_SECRET');
    expect(code(await w.call('write', { path: '/open.txt', content: 'x' }))).toBeUndefined();
    expect(await w.content('/open.txt')).toBe('x');
  });

  it('a malformed slot decision is PLUGIN_DECISION_INVALID and writes nothing', async () => {
    const w = await withGuest('export function writeIntent() { return { verdict: "allow" }; }');
    expect(code(await w.call('write', { path: '/a.txt', content: 'x' }))).toBe('PLUGIN_DECISION_INVALID');
    expect(await w.content('/a.txt')).toBeUndefined();
  });

  it('a misspelt pass ({verdict: "skip"}) is refused with a message naming the pass value', async () => {
    const w = await withGuest('export function writeIntent() { return { verdict: "skip" }; }');
    const call = await w.call('write', { path: '/a.txt', content: 'x' });
    expect(code(call)).toBe('PLUGIN_DECISION_INVALID');
    const error = call.outcome.result.error;
    expect(`${error?.message} ${error?.detail ?? ''}`).toContain(
      "or return {verdict: 'pass'} to hand the slot on",
    );
    expect(await w.content('/a.txt')).toBeUndefined();
  });

  it('registered before the built-in policy, the guest decides first', async () => {
    const w = await withGuest(
      'export function writeIntent() { return { verdict: "proceed", guard: { kind: "none" } }; }',
      {
        files: { '/a.txt': 'theirs' },
        policy: true,
      },
    );
    // The policy would refuse (the file was never read); the guest speaks first and lets it through.
    expect(code(await w.call('write', { path: '/a.txt', content: 'mine' }))).toBeUndefined();
    expect(await w.content('/a.txt')).toBe('mine');
  });

  it('pre-execute votes reach the harness: deny', async () => {
    const w = await withGuest(
      'export function preExecute(i) { return { verdict: "deny", reason: "not " + i.tool }; }',
    );
    const call = await w.call('write', { path: '/a.txt', content: 'x' });
    expect(code(call)).toBe('HOOK_DENIED');
    expect(call.outcome.result.error?.message).toContain('not write');
  });

  it('post-execute: content and value together are refused by the harness', async () => {
    const w = await withGuest(
      'export function postExecute(i) { return { action: "accept", content: [], value: i.value }; }',
      { files: { '/a.txt': 'x' } },
    );
    expect(code(await w.call('read', { path: '/a.txt' }))).toBe('PLUGIN_DECISION_INVALID');
  });

  it('post-execute: replacing content changes what the model reads', async () => {
    const w = await withGuest(
      'export function postExecute() { return { action: "accept", content: [{ type: "text", text: "[redacted]" }] }; }',
      { files: { '/a.txt': 'secret' } },
    );
    const call = await w.call('read', { path: '/a.txt' });
    expect(call.outcome.result.content).toEqual([{ type: 'text', text: '[redacted]' }]);
  });

  it('observed notifications reach the guest, in order with later hooks', async () => {
    const w = await withGuest(
      `const seen = new Set();
      export function observed(e) { seen.add(e.path); }
      export function writeIntent(i) {
        return seen.has(i.path)
          ? { verdict: 'proceed', guard: { kind: 'none' } }
          : { verdict: 'refuse', code: 'FS_NOT_OBSERVED', message: 'read first', remedy: 'read it' };
      }`,
      { files: { '/a.txt': 'x' } },
    );
    expect(code(await w.call('write', { path: '/a.txt', content: 'y' }))).toBe('FS_NOT_OBSERVED');
    await w.call('read', { path: '/a.txt' });
    expect(code(await w.call('write', { path: '/a.txt', content: 'y' }))).toBeUndefined();
    await w.sandbox.invoke('observed', [{ path: '/flush' }]);
    expect(w.calls.map((c) => c.hook)).toEqual(['writeIntent', 'observed', 'writeIntent', 'observed']);
  });

  it('a failing notification is logged as a plugin/error event, never thrown at the sender', async () => {
    const w = await withGuest('export function observed() { throw new Error("boom"); }', {
      files: { '/a.txt': 'x' },
    });
    expect(code(await w.call('read', { path: '/a.txt' }))).toBeUndefined();
    await w.sandbox.call('observed', {});
    expect(w.s.events.filter((e) => e.type === 'plugin/error')).toEqual([
      expect.objectContaining({
        plugin: 'guest',
        hook: 'fs/observed',
        message: expect.stringContaining('boom'),
      }),
    ]);
  });
});
