// The agent loop against the fake model, reached through a fetch stub: the same Session, Registry, hooks,
// policy and backend as the scripted mock, driven by a model that reads the harness's answers.
import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../../scripts/fake-model.mjs';
import { MemoryBackend } from '../../../src/fs/memory';
import type { HarnessEvent } from '../../../src/harness';
import { scenarioById, type ModelSettings } from '../../../src/model';
import { createProvider, type Fetch } from '../../../src/providers';
import { Playground } from '../../../src/run';
import { Agent, systemPrompt, type AgentSpec, type AgentState } from '../../../src/run/agent';
import { compareRuns } from '../../../src/run/experiment';

const KEY = 'sk-planted-KEY-agent-77aa';
let tokens = 0;

/** A playground opened for a model on `scenario`, and a way to start the agent on the fake's `script`. */
async function setup(scenario: string, script: string, protocol: 'openai' | 'anthropic' = 'openai') {
  const fetch = fakeFetch();
  const token = `t${++tokens}`;
  const baseUrl =
    protocol === 'openai'
      ? `http://127.0.0.1:9/${script}/${token}/v1`
      : `http://127.0.0.1:9/${script}/${token}`;
  const settings: ModelSettings = { provider: protocol, baseUrl, model: 'fake-1', key: KEY };
  const pg = await Playground.open({ fs: new MemoryBackend() }, scenarioById(scenario)!, { model: settings });
  const provider = createProvider(settings, {
    fetch: fetch as Fetch,
    origin: 'https://teacher.example',
    idleMs: 5000,
  });
  const states: AgentState[] = [];
  const texts: string[] = [];
  const waiters: { test: (s: AgentState) => boolean; resolve: () => void }[] = [];
  const start = (more: Partial<AgentSpec> = {}) =>
    Agent.start(pg, {
      provider,
      task: pg.scenario.task!.en,
      onText: (t) => texts.push(t),
      onChange: (s) => {
        states.push(s);
        for (const w of waiters.filter((w) => w.test(s))) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve();
        }
      },
      ...more,
    });
  /** Resolves once a state passes `test`. */
  const until = (test: (s: AgentState) => boolean) =>
    new Promise<void>((resolve) => waiters.push({ test, resolve }));
  const requests = () => fetch.model.requests(token).filter((r) => r.method === 'POST');
  return { pg, fetch, token, start, until, states, texts, requests, provider };
}

const transcript = (pg: Playground) =>
  pg.run.session.live.map((e) =>
    e.kind === 'call'
      ? `${e.tool}${e.result?.error ? ` ${e.result.error.code}` : ''}`
      : e.kind === 'external'
        ? 'external'
        : 'message',
  );
const messages = (events: readonly HarnessEvent[]) =>
  events.flatMap((e) => (e.type === 'model/message' ? [e.text] : []));

describe.each(['openai', 'anthropic'] as const)('the agent loop over %s', (protocol) => {
  it('drives stale-version to its end: the model meets FS_STALE_VERSION, reads again and keeps the new port', async () => {
    const { pg, start, texts } = await setup('stale-version', 'stale-version', protocol);
    const run = await start({ autoExternal: true }).finished;
    expect(run.status).toBe('done');
    expect(transcript(pg)).toEqual([
      'message',
      'read',
      'external',
      'edit FS_STALE_VERSION',
      'message',
      'read',
      'edit',
      'message',
    ]);
    expect((await pg.fs.read('/app/config.json'))?.content).toBe(
      pg.scenario.outcome!.files!['/app/config.json'],
    );
    expect(run.files['/app/config.json']).toContain('"port": 9090');
    // Each reply's text, logged once complete; the pieces streamed add up to them.
    expect(messages(run.events)).toEqual([
      "I'll read /app/config.json first.",
      'The file changed since I read it. Reading it again.',
      'Done: /app/config.json now has "debug": true.',
    ]);
    expect(texts.join('')).toBe(messages(run.events).join(''));
    expect(run).toMatchObject({ turns: 5, tokens: 1600, scenario: 'stale-version', errors: 'coded' });
    expect(run.model).toEqual({ provider: protocol, model: 'fake-1', baseUrl: pg.model!.baseUrl });
  });

  it('gives the model the task, the system prompt and the tools’ schemas exactly as the registry gives them', async () => {
    const { pg, start, requests } = await setup('happy-path', 'happy-path', protocol);
    await start().finished;
    const [first] = requests();
    expect(first!.conversation!.system).toBe(systemPrompt());
    expect(first!.conversation!.turns[0]).toEqual({ role: 'user', text: pg.scenario.task!.en });
    const tools = (first!.body!.tools as Record<string, unknown>[]).map((t) =>
      protocol === 'openai'
        ? {
            name: (t.function as { name: string }).name,
            inputSchema: (t.function as { parameters: unknown }).parameters,
          }
        : { name: t.name, inputSchema: t.input_schema },
    );
    expect(tools).toEqual(pg.run.registry.schemas().map(({ name, inputSchema }) => ({ name, inputSchema })));
  });

  it('makes parallel calls one after another, in the model’s order, and answers each by its id', async () => {
    const { pg, start, requests } = await setup('shared-ledger', 'parallel', protocol);
    const run = await start().finished;
    expect(run.status).toBe('done');
    expect(transcript(pg)).toEqual([
      'message',
      'read',
      'read',
      'read',
      'edit',
      'str_replace_editor',
      'edit',
      'message',
    ]);
    expect(run.files).toMatchObject({ '/a.py': 'A = 10\n', '/b.py': 'B = 20\n', '/c.py': 'C = 30\n' });
    const second = requests()[1]!.conversation!.turns;
    const asked = second.flatMap((t) => (t.role === 'assistant' ? t.calls.map((c) => c.id) : []));
    const answered = second.flatMap((t) => (t.role === 'tool' ? [t.id] : []));
    expect(answered).toEqual(asked);
    expect(new Set(asked).size).toBe(3);
  });

  it('answers a call to an unknown tool and arguments that are not JSON with coded errors, and goes on', async () => {
    const { pg, start } = await setup('happy-path', 'bad-args', protocol);
    const run = await start().finished;
    expect(run.status).toBe('done');
    expect(transcript(pg).slice(0, 3)).toEqual(['teleport UNKNOWN_TOOL', 'read INVALID_ARGS', 'message']);
    expect(messages(run.events)[0]).toBe('Got UNKNOWN_TOOL and INVALID_ARGS. Reading properly.');
    const bad = run.events.find((e) => e.type === 'tool/result' && e.error?.code === 'INVALID_ARGS');
    expect(bad?.type === 'tool/result' && bad.error?.message).toMatch(
      /^the arguments of read are not JSON: /,
    );
    // The text the model sent is logged as it came.
    expect(run.events.find((e) => e.type === 'tool/call' && e.tool === 'read')).toMatchObject({
      args: '{"path": "/notes.md"',
    });
    expect(run.files['/notes.md']).toContain('Status: done');
  });

  it('stops at a reply it cannot read: MODEL_BAD_RESPONSE, and nothing of that turn is applied', async () => {
    const { pg, start, texts } = await setup('happy-path', 'malformed', protocol);
    const run = await start().finished;
    expect(run.status).toBe('failed');
    expect(run.failure?.code).toBe('MODEL_BAD_RESPONSE');
    expect(texts.join('')).toBe('Starting to answer');
    expect(run.events.map((e) => e.type)).toEqual(['session/start']);
    expect(run.files['/notes.md']).toBe(pg.scenario.files['/notes.md']);
  });
});

describe('stopping a run', () => {
  it('stop() aborts the open request: the run ends stopped, with no failure', async () => {
    const { start, until } = await setup('happy-path', 'slow');
    const agent = start();
    await until((s) => s.status === 'requesting');
    agent.stop();
    const run = await agent.finished;
    expect(run).toMatchObject({ status: 'stopped', failure: null, turns: 1 });
  });

  it('the playground’s stop() aborts the request too (the page’s Stop button and Escape)', async () => {
    const { pg, start, until } = await setup('happy-path', 'slow');
    const agent = start();
    await until((s) => s.status === 'requesting');
    pg.stop();
    expect((await agent.finished).status).toBe('stopped');
  });

  it('stop() ends a running call at once, with ABORTED logged for it', async () => {
    const { pg, start, until } = await setup('broken-tools', 'hang');
    const agent = start({ task: 'Call never_returns.' });
    await until((s) => s.status === 'calling');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(pg.calling).toBe(true);
    agent.stop();
    const run = await agent.finished;
    expect(run.status).toBe('stopped');
    expect(run.events.find((e) => e.type === 'tool/result')).toMatchObject({
      tool: 'never_returns',
      error: { code: 'ABORTED' },
    });
  });

  it('a new load stops the run, which keeps its own log', async () => {
    const { pg, start, until } = await setup('happy-path', 'slow');
    const agent = start();
    await until((s) => s.status === 'requesting');
    const old = pg.run.session.id;
    await pg.load(pg.scenario, { model: pg.model });
    const run = await agent.finished;
    expect(run.status).toBe('stopped');
    expect(run.events[0]).toMatchObject({ type: 'session/start', session: old });
    expect(run.files).toEqual({});
  });
});

describe('limits', () => {
  it('stops at the turn limit with MODEL_LIMIT; the calls of the last reply are not made', async () => {
    const { start } = await setup('happy-path', 'loop');
    const run = await start({ maxTurns: 3 }).finished;
    expect(run.failure?.code).toBe('MODEL_LIMIT');
    expect(run.failure?.message.en).toMatch(
      /limit of 3 requests\. The 1 call of the last reply was not made\./,
    );
    expect(run.events.filter((e) => e.type === 'tool/call')).toHaveLength(2);
    expect(run.turns).toBe(3);
  });

  it('stops at the token limit, counted from the providers’ usage fields', async () => {
    const { start } = await setup('happy-path', 'loop');
    const run = await start({ maxTokens: 250 }).finished;
    expect(run.failure?.code).toBe('MODEL_LIMIT');
    expect(run.tokens).toBe(120 + 220);
    expect(run.events.filter((e) => e.type === 'tool/call')).toHaveLength(1);
  });

  it('a failed request ends the run with its code (here MODEL_AUTH), the key nowhere in it', async () => {
    const { start } = await setup('happy-path', 'auth');
    const run = await start().finished;
    expect(run.failure?.code).toBe('MODEL_AUTH');
    expect(JSON.stringify(run)).not.toContain(KEY);
  });
});

describe('streaming and the external edit while a request is open', () => {
  it('shows the text as it arrives, and takes the visitor’s edit made while the model is asked', async () => {
    const { pg, fetch, token, start, until, states } = await setup('stale-version', 'stale-gated');
    const agent = start();
    await until((s) => s.text === "I'll read");
    expect(messages(pg.run.session.events)).toEqual([]);
    fetch.model.open(token, 'mid');
    await until((s) => s.status === 'requesting' && s.turn === 2);
    // The request for turn 2 is open; the visitor presses "Simulate external edit".
    await pg.simulateExternalEdit('button');
    fetch.model.open(token, 'turn2');
    const run = await agent.finished;
    expect(run.status).toBe('done');
    expect(transcript(pg)).toEqual([
      'message',
      'read',
      'external',
      'edit FS_STALE_VERSION',
      'message',
      'read',
      'edit',
      'message',
    ]);
    const edit = pg.run.session.live.find((e) => e.kind === 'external');
    expect(edit).toMatchObject({
      who: 'button',
      note: expect.stringContaining('Someone else changes the port'),
    });
    expect(run.files['/app/config.json']).toBe(pg.scenario.outcome!.files!['/app/config.json']);
    expect(states.some((s) => s.status === 'calling')).toBe(true);
  });
});

describe('the error-code experiment', () => {
  it('vague errors reach the model as "edit failed."; the log and the comparison keep the truth', async () => {
    const coded = await setup('stale-version', 'stale-version');
    const codedRun = await coded.start({ autoExternal: true }).finished;
    const vague = await setup('stale-version', 'stale-version');
    const vagueRun = await vague.start({ autoExternal: true, errors: 'vague' }).finished;
    expect(vagueRun.errors).toBe('vague');
    // What the model read: no code, no remedy.
    const answers = vague
      .requests()
      .at(-1)!
      .conversation!.turns.flatMap((t) => (t.role === 'tool' ? [t.text] : []));
    expect(answers.slice(1)).toEqual(['edit failed.', 'edit failed.']);
    // What the log keeps: the code, and who replaced the text.
    const results = vagueRun.events.filter((e) => e.type === 'tool/result' && e.error);
    expect(results.map((e) => e.type === 'tool/result' && [e.error?.code, e.content[0]?.text])).toEqual([
      ['FS_STALE_VERSION', 'edit failed.'],
      ['FS_STALE_VERSION', 'edit failed.'],
    ]);
    expect(
      vagueRun.events.filter((e) => e.type === 'plugin/decision' && e.plugin === 'vague-errors'),
    ).toHaveLength(2);
    const { runs, rows } = compareRuns(codedRun, vagueRun, scenarioById('stale-version')!);
    expect(runs[0]).toMatchObject({
      calls: 4,
      stale: 1,
      reReadAfterStale: true,
      externalKept: true,
      outcomeMet: true,
    });
    expect(runs[1]).toMatchObject({
      calls: 3,
      stale: 2,
      reReadAfterStale: false,
      externalKept: true,
      outcomeMet: false,
    });
    expect(rows.find((r) => r.key === 'reReadAfterStale')?.values.map((v) => v.en)).toEqual(['yes', 'no']);
    expect(rows.find((r) => r.key === 'calls')?.values.map((v) => v.zh)).toEqual(['4', '3']);
  });

  it('refuses to compare runs of two scenarios', async () => {
    const a = await (await setup('happy-path', 'chat')).start().finished;
    const b = await (await setup('stale-version', 'chat')).start().finished;
    expect(() => compareRuns(a, b, scenarioById('happy-path')!)).toThrow(RangeError);
  });
});

describe('starting a run', () => {
  it('needs a playground opened for a model, and a task', async () => {
    const { pg, provider } = await setup('happy-path', 'chat');
    expect(() => Agent.start(pg, { provider, task: '  ' })).toThrow(/needs a task/);
    const scripted = await Playground.open({ fs: new MemoryBackend() }, scenarioById('happy-path')!);
    expect(() => Agent.start(scripted, { provider, task: 'Hi' })).toThrow(/for a model first/);
  });
});
