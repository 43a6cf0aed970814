import { describe, expect, it } from 'vitest';
import { Sandbox, type SandboxSpec } from '../../../src/sandbox';
import { type FakeWorkers, fakeWorkers } from './fake-link';
import { plugin } from './fixtures';

const mk = async (spec: SandboxSpec = {}, workers: FakeWorkers = fakeWorkers()) => ({
  sandbox: await Sandbox.create({ graceMs: 50, ...spec, link: workers.open }),
  workers,
});

const post = { session: 's', callId: 'c', tool: 'read', args: {}, result: { content: [] } };

describe('Sandbox', () => {
  it('loads a plugin and calls its hooks', async () => {
    const { sandbox } = await mk();
    const loaded = await sandbox.load(
      plugin('export function preExecute(i) { return { verdict: "allow" }; }'),
    );
    expect(loaded).toEqual({ ok: true, name: 'test', hooks: ['preExecute'], logs: [] });
    expect(await sandbox.call('preExecute', post)).toMatchObject({ ok: true, value: { verdict: 'allow' } });
  });

  it('checks a decision against its hook: content and value together are invalid', async () => {
    const { sandbox } = await mk();
    await sandbox.load(
      plugin('export function postExecute() { return { action: "accept", content: [], value: 1 }; }'),
    );
    expect(await sandbox.call('postExecute', post)).toMatchObject({
      ok: false,
      error: { code: 'PLUGIN_DECISION_INVALID', reason: 'invalid' },
    });
  });

  it('invoke returns the result unchecked', async () => {
    const { sandbox } = await mk();
    await sandbox.load(plugin('export function preExecute() { return { verdict: "maybe" }; }'));
    expect(await sandbox.invoke('preExecute', [post])).toMatchObject({
      ok: true,
      value: { verdict: 'maybe' },
    });
  });

  it('sends the limits with every load', async () => {
    const { sandbox, workers } = await mk({ deadlineMs: 40, memoryBytes: 1 << 22, stackBytes: 1 << 20 });
    await sandbox.load(plugin('export function observed() {}'));
    expect(workers.requests[0]).toMatchObject({
      kind: 'load',
      limits: { deadlineMs: 40, memoryBytes: 1 << 22, stackBytes: 128 * 1024, interrupt: true },
    });
  });

  it('ends a promise that never settles with its own timer, then replaces the worker', async () => {
    const { sandbox, workers } = await mk({ deadlineMs: 30 });
    await sandbox.load(
      plugin('let n = 0;\nexport function observed(i) { n++; return i.hang ? new Promise(() => {}) : n; }'),
    );
    await sandbox.call('observed', { hang: false });
    expect(await sandbox.call('observed', { hang: true })).toMatchObject({
      ok: false,
      error: { code: 'PLUGIN_TIMEOUT', reason: 'deadline', message: expect.stringContaining('replaced') },
    });
    expect(workers.closed).toBe(1);
    // The next call gets a new worker with the plugin loaded again: its state starts afresh.
    expect(await sandbox.call('observed', { hang: false })).toMatchObject({ ok: true, value: 1 });
    expect(sandbox.stats().workersStarted).toBe(2);
  });

  it('ignores replies whose id matches no request in flight', async () => {
    const { sandbox, workers } = await mk();
    await sandbox.load(plugin('export function observed() { return 1; }'));
    workers.inject(
      JSON.stringify({ v: 1, id: 99, kind: 'returned', value: 2, durationMs: 0, memoryBytes: 0, logs: [] }),
    );
    expect(await sandbox.call('observed', {})).toMatchObject({ ok: true, value: 1 });
    expect(sandbox.stats().ignoredReplies).toBe(1);
  });

  it('refuses a reply of the wrong kind for its request', async () => {
    const wrong = (text: string) =>
      text.replace('"kind":"returned"', '"kind":"loaded","name":"x","hooks":[]');
    const { sandbox } = await mk(
      {},
      fakeWorkers((text) => (text.includes('"returned"') ? wrong(text) : text)),
    );
    await sandbox.load(plugin('export function observed() { return 1; }'));
    expect(await sandbox.call('observed', {})).toMatchObject({ ok: false, error: { code: 'PLUGIN_ERROR' } });
  });

  it('refuses a reply over the size cap, unread', async () => {
    const pad = (text: string) =>
      text.includes('"returned"') ? text.replace('"logs":[]', `"logs":["${'x'.repeat(300_000)}"]`) : text;
    const { sandbox } = await mk({}, fakeWorkers(pad));
    await sandbox.load(plugin('export function observed() { return 1; }'));
    expect(await sandbox.call('observed', {})).toMatchObject({
      ok: false,
      error: {
        code: 'PLUGIN_ERROR',
        reason: 'oversized',
        message: expect.stringContaining('over the limit'),
      },
    });
  });

  it('drops __proto__ keys from replies', async () => {
    const { sandbox } = await mk();
    await sandbox.load(
      plugin(
        'export function observed() { return JSON.parse(\'{"a":{"__proto__":{"polluted":1}},"b":2}\'); }',
      ),
    );
    const result = await sandbox.call('observed', {});
    expect(result).toMatchObject({ ok: true, value: { a: {}, b: 2 } });
    const a = (result.value as { a: object }).a;
    expect(Object.getPrototypeOf(a)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses an input over the request cap', async () => {
    const { sandbox } = await mk();
    await sandbox.load(plugin('export function observed() { return 1; }'));
    expect(await sandbox.call('observed', 'x'.repeat(1_100_000))).toMatchObject({
      ok: false,
      error: { code: 'PLUGIN_ERROR', reason: 'oversized' },
    });
  });

  it('runs calls one at a time, in order', async () => {
    const { sandbox } = await mk();
    await sandbox.load(plugin('let n = 0;\nexport function observed() { return ++n; }'));
    const results = await Promise.all([1, 2, 3].map(() => sandbox.call('observed', {})));
    expect(results.map((r) => r.value)).toEqual([1, 2, 3]);
  });

  it('reports a crashed worker and starts another for the next call', async () => {
    const { sandbox, workers } = await mk();
    await sandbox.load(plugin('export function observed() { return 1; }'));
    workers.inject(JSON.stringify({ v: 1, kind: 'crashed', message: 'gone' }));
    expect(await sandbox.call('observed', {})).toMatchObject({ ok: true, value: 1 });
    expect(sandbox.stats().workersStarted).toBe(2);
  });

  it('after dispose, loads and calls fail', async () => {
    const { sandbox } = await mk();
    sandbox.dispose();
    expect(await sandbox.load(plugin('export function observed() {}'))).toMatchObject({
      ok: false,
      error: { code: 'PLUGIN_ERROR' },
    });
    expect(await sandbox.call('observed', {})).toMatchObject({ ok: false });
  });

  it('a load that fails leaves no plugin loaded', async () => {
    const { sandbox } = await mk();
    await sandbox.load(plugin('export function observed() { return 1; }'));
    expect(await sandbox.load('syntax error here')).toMatchObject({ ok: false, error: { reason: 'syntax' } });
    expect(await sandbox.call('observed', {})).toMatchObject({ ok: false, error: { reason: 'missing' } });
  });
});
