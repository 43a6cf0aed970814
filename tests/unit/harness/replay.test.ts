import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type Card,
  type CallEntry,
  type HarnessEvent,
  Hooks,
  type LiveCall,
  type PostDecision,
  type PreDecision,
  Registry,
  Session,
  Tool,
  ToolError,
  type TranscriptEntry,
  logged,
  modelText,
  parseLog,
  postExecute,
  preExecute,
  TranscriptBuilder,
  replay,
  replayChunked,
  serializeLog,
  text,
  updateTranscript,
} from '../../../src/harness';

// A small workspace the tools read from; the tools are pure functions of it.
const files: Record<string, string[]> = {
  'notes.md': ['# Notes', 'TODO: rotate the password', 'call Ada', 'TODO: ship', 'end'],
  'config.env': ['HOST=example.org', 'password=hunter2', 'PORT=8080'],
  'src/app.ts': ['export const app = 1;', '// TODO: tests'],
};
const VALUE_MARKER = 'VALUE-ONLY-7d1f3a';
const TOKEN_MARKER = 'TOKEN-ONLY-c9e024';

const ReadValue = z.strictObject({
  path: z.string(),
  offset: z.number().int().positive(),
  lines: z.array(z.string()),
  totalLines: z.number().int().nonnegative(),
});
/** A windowed read: numbered lines for the model, a read card from the meta. */
const read = Tool.define({
  name: 'read',
  description: 'Reads a window of a file.',
  input: z.strictObject({
    path: z.string(),
    offset: z.number().int().positive().default(1),
    limit: z.number().int().positive().default(3),
  }),
  output: ReadValue,
  execute: ({ path, offset, limit }) => {
    const all = files[path];
    if (!all) throw new ToolError('FS_NOT_FOUND', `${path} does not exist`, 'list the files with glob first');
    return { path, offset, lines: all.slice(offset - 1, offset - 1 + limit), totalLines: all.length };
  },
  render: (_args, v) =>
    text(
      `${v.lines.map((l, i) => `${v.offset + i}\t${l}`).join('\n')}\n(lines ${v.offset}–${v.offset + v.lines.length - 1} of ${v.totalLines})`,
    ),
  presentationMeta: (_args, v) => v,
  presentCall: (args): Card => ({ card: 'generic', title: 'read', body: args.path }),
  // An offset past the end makes an invalid read card: the UI falls back to a generic one.
  presentResult: (_args, result) => ({ card: 'read', ...ReadValue.parse(result.meta) }),
});

const GrepValue = z.strictObject({
  matches: z.array(z.strictObject({ path: z.string(), line: z.number().int().positive(), text: z.string() })),
  total: z.number().int().nonnegative(),
  truncated: z.boolean(),
});
/** A literal search capped at two matches; the cap shows in the text and in the card. */
const grep = Tool.define({
  name: 'grep',
  description: 'Finds lines containing a literal pattern; returns at most 2 matches.',
  input: z.strictObject({ pattern: z.string().min(1) }),
  output: GrepValue,
  execute: ({ pattern }) => {
    const all = Object.entries(files).flatMap(([path, lines]) =>
      lines.flatMap((t, i) => (t.includes(pattern) ? [{ path, line: i + 1, text: t }] : [])),
    );
    return { matches: all.slice(0, 2), total: all.length, truncated: all.length > 2 };
  },
  render: (_args, v) =>
    text(
      [
        ...v.matches.map((m) => `${m.path}:${m.line}: ${m.text}`),
        v.truncated
          ? `(showing ${v.matches.length} of ${v.total}; narrow the pattern)`
          : `(${v.total} matches)`,
      ].join('\n'),
    ),
  presentationMeta: (_args, v) => v,
  presentResult: (args, result) => ({ card: 'search', query: args.pattern, ...GrepValue.parse(result.meta) }),
});

/** An account lookup whose value holds data render never shows (and a plugin masks the token). */
const lookup = Tool.define({
  name: 'lookup',
  description: 'Looks up an account.',
  input: z.strictObject({ user: z.enum(['ada', 'bob']) }),
  output: z.strictObject({ user: z.string(), plan: z.string(), internalId: z.string(), token: z.string() }),
  execute: ({ user }) => ({
    user,
    plan: user === 'ada' ? 'pro' : 'free',
    internalId: `${VALUE_MARKER}-${user}`,
    token: TOKEN_MARKER,
  }),
  render: (_args, v) => text(`${v.user} is on the ${v.plan} plan`),
});

/** A tool that always fails: a plain Error for prod, a coded error elsewhere. */
const deploy = Tool.define({
  name: 'deploy',
  description: 'Deploys the app.',
  input: z.strictObject({ target: z.enum(['prod', 'staging', 'staging-b']) }),
  output: z.strictObject({ url: z.string() }),
  execute: ({ target }) => {
    if (target === 'prod') throw new Error('cluster unreachable');
    throw new ToolError('FS_READ_ONLY', 'the workspace is read-only', 'ask the person to unlock it');
  },
  render: (_args, v) => text(v.url),
});

/** A fetch whose result presenter has a bug for some pages. */
const fetchPage = Tool.define({
  name: 'fetch_page',
  description: 'Fetches a web page.',
  input: z.strictObject({ url: z.string() }),
  output: z.strictObject({ url: z.string(), title: z.string(), excerpt: z.string() }),
  execute: ({ url }) => ({
    url,
    title: url.endsWith('broken') ? '' : 'Example',
    excerpt: 'An example page.',
  }),
  render: (_args, v) => text(`${v.title || '(untitled)'}\n${v.excerpt}`),
  presentationMeta: (_args, v) => ({ url: v.url, title: v.title }),
  presentResult: (_args, result) => {
    const meta = result.meta as { url: string; title: string };
    if (!meta.title) throw new Error('layout bug: no title');
    return { card: 'web', url: meta.url, pageTitle: meta.title, excerpt: modelText(result.content) };
  },
});

const registry = [read, grep, lookup, deploy, fetchPage].reduce((r, t) => r.register(t), new Registry());

/** The plugins: a guard that denies or asks, a redactor of content, a masker of values, a follower. */
const mkHooks = () => {
  const hooks = new Hooks();
  hooks.add('guard', [
    preExecute.of(({ tool, args }): PreDecision => {
      if (tool !== 'deploy') return { verdict: 'allow' };
      const { target } = args as { target: string };
      return target === 'prod'
        ? { verdict: 'deny', reason: 'no deploys to prod from the playground' }
        : { verdict: 'ask', prompt: `Deploy to ${target}?` };
    }),
  ]);
  hooks.add('redact', [
    postExecute.of(({ tool, result }): PostDecision => {
      const shown = modelText(result.content);
      if (tool !== 'grep' || result.error || !shown.includes('password')) return { action: 'pass' };
      return { action: 'accept', content: text(shown.replace(/password\S*/g, '[redacted]')) };
    }),
  ]);
  hooks.add('mask', [
    postExecute.of(({ tool, value, result }): PostDecision => {
      if (tool !== 'lookup' || result.error) return { action: 'pass' };
      return { action: 'accept', value: { ...(value as object), token: '***' } };
    }),
  ]);
  hooks.add('follower', [logged.of(() => {})]);
  return hooks;
};
const approve = async ({ prompt }: { prompt: string }) => !prompt.includes('staging-b');
const mkSession = () => new Session({ id: 'demo', registry, hooks: mkHooks(), approve });
const lookupTool = (name: string) => registry.get(name);
const writeAndReplay = (session: Session) => replay(parseLog(serializeLog(session.events)), lookupTool);
const callEntry = (entries: readonly TranscriptEntry[], callId: string) =>
  entries.find((e): e is CallEntry => e.kind === 'call' && e.callId === callId);

/** One scripted run that touches every tool, plugin and fallback. */
const scripted = async () => {
  const session = mkSession();
  const calls: LiveCall[] = [];
  session.say('Let me look around.');
  calls.push(await session.call('read', { path: 'notes.md', offset: 2, limit: 2 }));
  calls.push(await session.call('read', { path: 'notes.md', offset: 40 }));
  calls.push(await session.call('read', { path: 'missing.md' }));
  calls.push(await session.call('grep', { pattern: 'TODO' }));
  calls.push(await session.call('grep', { pattern: 'password' }));
  calls.push(await session.call('lookup', { user: 'ada' }));
  session.say('Now deploy.');
  calls.push(await session.call('deploy', { target: 'prod' }));
  calls.push(await session.call('deploy', { target: 'staging' }));
  calls.push(await session.call('deploy', { target: 'staging-b' }));
  calls.push(await session.call('fetch_page', { url: 'https://example.org/broken' }));
  calls.push(await session.call('fetch_page', { url: 'https://example.org/a' }));
  calls.push(await session.call('no_such_tool', { x: 1 }));
  return { session, calls, byTool: (tool: string, i = 0) => calls.filter((c) => c.entry.tool === tool)[i] };
};

describe('replay of a scripted session', () => {
  it('rebuilds the transcript the session built live', async () => {
    const { session } = await scripted();
    expect(writeAndReplay(session)).toEqual(session.live);
  });

  it('rebuilds each call exactly as session.call returned it', async () => {
    const { session, calls } = await scripted();
    const replayed = writeAndReplay(session);
    for (const live of calls) expect(callEntry(replayed, live.entry.callId)).toEqual(live.entry);
  });

  it('keeps the read window and its place in the file on the card', async () => {
    const { byTool } = await scripted();
    expect(byTool('read')?.entry.result?.card.card).toEqual({
      card: 'read',
      path: 'notes.md',
      offset: 2,
      lines: ['TODO: rotate the password', 'call Ada'],
      totalLines: 5,
    });
  });

  it('falls back to a generic card for a window past the end', async () => {
    const { byTool } = await scripted();
    const { card } = byTool('read', 1)?.entry.result ?? {};
    expect(card?.card.card).toBe('generic');
    expect(card?.fallback).toMatch(/^invalid card/);
  });

  it('shows a capped search as truncated in the card and in the text', async () => {
    const { byTool } = await scripted();
    const result = byTool('grep')?.entry.result;
    expect(result?.card.card).toMatchObject({ card: 'search', total: 3, truncated: true });
    expect(result?.modelText).toContain('(showing 2 of 3; narrow the pattern)');
  });

  it('replays the content a plugin replaced', async () => {
    const { session, byTool } = await scripted();
    const callId = byTool('grep', 1)?.entry.callId ?? '';
    expect(callEntry(writeAndReplay(session), callId)?.result?.modelText).toBe(
      'notes.md:2: TODO: rotate the [redacted]\nconfig.env:2: [redacted]\n(2 matches)',
    );
  });

  it('gives failures a generic card titled with the code', async () => {
    const { byTool } = await scripted();
    expect(byTool('read', 2)?.entry.result?.card.card).toMatchObject({ title: 'read · FS_NOT_FOUND' });
    expect(byTool('deploy', 0)?.entry.result?.card.card).toMatchObject({ title: 'deploy · HOOK_DENIED' });
    expect(byTool('deploy', 1)?.entry.result?.card.card).toMatchObject({ title: 'deploy · FS_READ_ONLY' });
    expect(byTool('deploy', 2)?.entry.result?.card.card).toMatchObject({ title: 'deploy · APPROVAL_DENIED' });
  });

  it('falls back to a generic card, with the reason, when a presenter throws', async () => {
    const { byTool } = await scripted();
    expect(byTool('fetch_page')?.entry.result?.card).toMatchObject({
      card: { card: 'generic', title: 'fetch_page' },
      fallback: 'presenter threw: layout bug: no title',
    });
  });

  it('replays the plugins’ decisions with their names', async () => {
    const { session } = await scripted();
    const decisions = writeAndReplay(session).flatMap((e) => (e.kind === 'call' ? e.decisions : []));
    expect(decisions.map((d) => `${d.hook}:${d.plugin}`)).toEqual([
      'post-execute:redact',
      'post-execute:redact',
      'post-execute:mask',
      'pre-execute:guard',
      'pre-execute:guard',
      'pre-execute:guard',
    ]);
  });

  it('hands the live caller the canonical value, masked by the plugin', async () => {
    const { byTool } = await scripted();
    expect(byTool('lookup')?.value).toEqual({
      user: 'ada',
      plan: 'pro',
      internalId: `${VALUE_MARKER}-ada`,
      token: '***',
    });
  });

  it('never writes the value into the log', async () => {
    const { session } = await scripted();
    const written = serializeLog(session.events);
    expect(written).not.toContain(VALUE_MARKER);
    expect(written).not.toContain(TOKEN_MARKER);
  });

  it('writes no event with a value key', async () => {
    const { session } = await scripted();
    expect(parseLog(serializeLog(session.events)).filter((e) => 'value' in e)).toEqual([]);
  });

  it('replays arguments JSON cannot tell apart, such as -0, equal to the live ones', async () => {
    const session = mkSession();
    await session.call('read', { path: 'notes.md', offset: 1, limit: 2, shift: -0 });
    expect(writeAndReplay(session)).toEqual(session.live);
  });

  it('gives generic cards but the same model texts when the tools are gone', async () => {
    const { session } = await scripted();
    const texts = (entries: readonly TranscriptEntry[]) =>
      entries.flatMap((e) => (e.kind === 'call' ? [e.result?.modelText] : []));
    const bare = replay(parseLog(serializeLog(session.events)), () => undefined);
    expect(texts(bare)).toEqual(texts(session.live));
    expect(bare.every((e) => e.kind !== 'call' || e.result?.card.card.card === 'generic')).toBe(true);
  });
});

/** One step the model may take. */
type Step = { say: string } | { tool: string; args: unknown };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ say: fc.string({ maxLength: 20 }) }),
  fc.record({
    tool: fc.constant('read'),
    args: fc.record(
      {
        path: fc.constantFrom(...Object.keys(files), 'missing.md'),
        offset: fc.integer({ min: 1, max: 8 }),
        limit: fc.integer({ min: 1, max: 4 }),
      },
      { requiredKeys: ['path'] },
    ),
  }),
  fc.record({
    tool: fc.constant('grep'),
    args: fc.record({ pattern: fc.constantFrom('TODO', 'password', 'e', 'zzz') }),
  }),
  fc.record({ tool: fc.constant('lookup'), args: fc.record({ user: fc.constantFrom('ada', 'bob') }) }),
  fc.record({
    tool: fc.constant('deploy'),
    args: fc.record({ target: fc.constantFrom('prod', 'staging', 'staging-b') }),
  }),
  fc.record({
    tool: fc.constant('fetch_page'),
    args: fc.record({ url: fc.constantFrom('https://example.org/a', 'https://example.org/broken') }),
  }),
  // Junk the model might send: unknown tools and arguments of any shape.
  fc.record({ tool: fc.constantFrom('read', 'grep', 'lookup', 'nope'), args: fc.anything() }),
);

describe('replay of generated sessions', () => {
  const play = async (steps: Step[]) => {
    const session = mkSession();
    const calls: LiveCall[] = [];
    for (const s of steps) {
      if ('say' in s) session.say(s.say);
      else calls.push(await session.call(s.tool, s.args));
    }
    return { session, calls };
  };

  it('rebuilds every card and model text, and never writes a value', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 12 }), async (steps) => {
        const { session, calls } = await play(steps);
        const written = serializeLog(session.events);
        const replayed = replay(parseLog(written), lookupTool);
        expect(replayed).toEqual(session.live);
        for (const live of calls) expect(callEntry(replayed, live.entry.callId)).toEqual(live.entry);
        expect(written).not.toContain(VALUE_MARKER);
        expect(written).not.toContain(TOKEN_MARKER);
        expect(parseLog(written).some((e) => 'value' in e)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});

describe('replay in time linear in the events', () => {
  const fold = (events: readonly HarnessEvent[]) =>
    events.reduce<readonly TranscriptEntry[]>((entries, e) => updateTranscript(entries, e, lookupTool), []);
  /** A log of generated steps, with a few events for calls that were never made. */
  const logOf = async (steps: Step[]) => {
    const session = mkSession();
    for (const s of steps) {
      if ('say' in s) session.say(s.say);
      else await session.call(s.tool, s.args);
    }
    const stray: HarnessEvent[] = [
      { type: 'tool/result', seq: 0, at: 0, callId: 'never', tool: 'read', content: text('x') },
      { type: 'plugin/decision', seq: 0, at: 0, callId: 'never', hook: 'h', plugin: 'p', decision: {} },
    ];
    return [...session.events, ...stray];
  };

  it('gives exactly the fold of updateTranscript, entry for entry', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 12 }), async (steps) => {
        const events = await logOf(steps);
        expect(replay(events, lookupTool)).toEqual(fold(events));
      }),
      { numRuns: 100 },
    );
  });

  it('names the last call of an id when two calls share it, as the fold does', () => {
    const call = (seq: number): HarnessEvent => ({
      type: 'tool/call',
      seq,
      at: 0,
      callId: 'same',
      tool: 'read',
      args: { path: 'notes.md' },
    });
    const result: HarnessEvent = {
      type: 'tool/result',
      seq: 2,
      at: 0,
      callId: 'same',
      tool: 'read',
      content: text('r'),
    };
    const events = [call(0), call(1), result];
    const replayed = replay(events, lookupTool);
    expect(replayed).toEqual(fold(events));
    expect((replayed[0] as CallEntry).result).toBeUndefined();
    expect((replayed[1] as CallEntry).result?.modelText).toBe('r');
  });

  it('replaces a changed entry by a new object and keeps the others, so a view can tell them apart', () => {
    const builder = new TranscriptBuilder(lookupTool);
    builder.add({ type: 'model/message', seq: 0, at: 0, text: 'hi' });
    builder.add({ type: 'tool/call', seq: 1, at: 0, callId: 'c', tool: 'read', args: { path: 'notes.md' } });
    const [message, call] = builder.entries;
    builder.add({ type: 'tool/result', seq: 2, at: 0, callId: 'c', tool: 'read', content: text('r') });
    expect(builder.entries[0]).toBe(message);
    expect(builder.entries[1]).not.toBe(call);
    expect((call as CallEntry).result).toBeUndefined();
  });
});

describe('replayChunked', () => {
  const events = async () => {
    const { session } = await scripted();
    return session.events;
  };

  it('gives the transcript replay gives', async () => {
    const log = await events();
    expect(await replayChunked(log, lookupTool)).toEqual(replay(log, lookupTool));
  });

  it('reports its progress after every chunk, up to the whole log', async () => {
    const log = await events();
    const seen: { done: number; total: number; entries: number }[] = [];
    await replayChunked(log, lookupTool, {
      sliceMs: 0,
      onProgress: ({ done, total, entries }) => seen.push({ done, total, entries: entries.length }),
    });
    expect(seen.map((p) => p.done)).toEqual(log.map((_, i) => i + 1));
    expect(seen.every((p) => p.total === log.length)).toBe(true);
    expect(seen.at(-1)?.entries).toBe(replay(log, lookupTool).length);
  });

  it('gives the event loop a turn between chunks', async () => {
    const log = await events();
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const ticksAt: number[] = [];
    await replayChunked(log, lookupTool, { sliceMs: 0, onProgress: () => ticksAt.push(ticks) });
    clearInterval(timer);
    expect(ticksAt.at(-1)).toBeGreaterThan(ticksAt[0]!);
  });

  it('stops between chunks when its signal is aborted', async () => {
    const log = await events();
    const abort = new AbortController();
    let chunks = 0;
    const replaying = replayChunked(log, lookupTool, {
      sliceMs: 0,
      signal: abort.signal,
      onProgress: () => {
        if (++chunks === 2) abort.abort();
      },
    });
    await expect(replaying).rejects.toMatchObject({ name: 'AbortError' });
    expect(chunks).toBe(2);
  });
});
