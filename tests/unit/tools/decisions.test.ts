import { describe, expect, it } from 'vitest';
import { replay, type HarnessEvent } from '../../../src/harness';
import { writeIntent } from '../../../src/contracts/fs-intents';
import { mk } from './fixtures';

type Decision = Extract<HarnessEvent, { type: 'plugin/decision' }>;
const decisionsOf = (events: readonly HarnessEvent[]) =>
  events.filter((e): e is Decision => e.type === 'plugin/decision');
const POLICY = 'fs-observation-policy';

// Every write and edit intent the policy answers is a plugin/decision of the call, in the log and on
// replay: which guard the backend was told to check, or the refusal with its code.
describe('the observation policy logs every decision', () => {
  it('logs a create of an unseen file as a createIfAbsent guard', async () => {
    const w = await mk();
    const c = await w.call('write', { path: '/new.txt', content: 'x' });
    const [logged] = decisionsOf(w.s.events);
    expect(logged).toMatchObject({
      callId: c.entry.callId,
      plugin: POLICY,
      hook: 'fs/write-intent',
      decision: { verdict: 'proceed', guard: { kind: 'createIfAbsent' } },
    });
  });

  it('logs an overwrite of a read file as replaceIfVersion with the version read', async () => {
    const w = await mk({ '/a.txt': 'old\n' });
    const read = await w.call('read', { path: '/a.txt' });
    await w.call('write', { path: '/a.txt', content: 'new\n' });
    const version = (read.value as { version: string }).version;
    expect(decisionsOf(w.s.events).map((d) => d.decision)).toMatchObject([
      { verdict: 'proceed', guard: { kind: 'replaceIfVersion', version } },
    ]);
  });

  it('logs a refused edit with its code, and the call ends with that code', async () => {
    const w = await mk({ '/a.txt': 'old\n' });
    const c = await w.call('edit', { path: '/a.txt', old_string: 'old', new_string: 'new' });
    expect(c.outcome.result.error?.code).toBe('FS_NOT_OBSERVED');
    expect(decisionsOf(w.s.events)).toMatchObject([
      { hook: 'fs/edit-intent', plugin: POLICY, decision: { verdict: 'refuse', code: 'FS_NOT_OBSERVED' } },
    ]);
  });

  it('logs an edit of a read file as an ifVersion guard', async () => {
    const w = await mk({ '/a.txt': 'old\n' });
    await w.call('read', { path: '/a.txt' });
    await w.call('edit', { path: '/a.txt', old_string: 'old', new_string: 'new' });
    expect(decisionsOf(w.s.events).map((d) => [d.hook, d.decision])).toMatchObject([
      ['fs/edit-intent', { verdict: 'proceed', guard: { kind: 'ifVersion' } }],
    ]);
  });

  it('logs the decisions of str_replace_editor create, str_replace and insert', async () => {
    const w = await mk({ '/a.txt': 'one\n' });
    await w.call('str_replace_editor', { command: 'view', path: '/a.txt' });
    await w.call('str_replace_editor', { command: 'create', path: '/b.txt', file_text: 'b' });
    await w.call('str_replace_editor', {
      command: 'str_replace',
      path: '/a.txt',
      old_str: 'one',
      new_str: '1',
    });
    await w.call('str_replace_editor', { command: 'insert', path: '/a.txt', insert_line: 1, new_str: '2' });
    expect(decisionsOf(w.s.events).map((d) => d.hook)).toEqual([
      'fs/write-intent',
      'fs/edit-intent',
      'fs/edit-intent',
    ]);
  });

  it('logs each decision before the result of its call', async () => {
    const w = await mk();
    await w.call('write', { path: '/new.txt', content: 'x' });
    expect(w.s.events.map((e) => e.type)).toEqual([
      'session/start',
      'tool/call',
      'fs/observed',
      'plugin/decision',
      'tool/result',
    ]);
  });

  it('shows the same decisions on replay as live', async () => {
    const w = await mk({ '/a.txt': 'old\n' });
    await w.call('edit', { path: '/a.txt', old_string: 'old', new_string: 'new' });
    await w.call('read', { path: '/a.txt' });
    await w.call('edit', { path: '/a.txt', old_string: 'old', new_string: 'new' });
    const replayed = replay(w.s.events, (name) => w.registry.get(name));
    const decisions = (entries: readonly unknown[]) =>
      entries.map((e) => (e as { decisions?: unknown }).decisions);
    expect(decisions(replayed)).toEqual(decisions(w.s.live));
    expect(decisions(replayed).flat()).toHaveLength(2);
  });

  it('logs the decider that answered the slot, not the policy behind it', async () => {
    const w = await mk();
    w.hooks.add('visitor-decider', [
      writeIntent.of(
        () => ({ verdict: 'refuse', code: 'FS_LOCKED', message: 'locked', remedy: 'ask the owner' }),
        'pre',
      ),
    ]);
    const c = await w.call('write', { path: '/new.txt', content: 'x' });
    expect(c.outcome.result.error?.code).toBe('FS_LOCKED');
    expect(decisionsOf(w.s.events).map((d) => d.plugin)).toEqual(['visitor-decider']);
  });

  it('logs no decision when no plugin listens', async () => {
    const w = await mk({}, { policy: false });
    await w.call('write', { path: '/new.txt', content: 'x' });
    expect(decisionsOf(w.s.events)).toEqual([]);
  });
});
