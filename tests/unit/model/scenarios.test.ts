import { nodeSqlEngine } from './sql-engine';
import { describe, expect, it } from 'vitest';
import { MemoryBackend } from '../../../src/fs/memory';
import { parseLog, replay, serializeLog } from '../../../src/harness';
import { scenarios, type Scenario } from '../../../src/model';
import { Playground } from '../../../src/run';

const play = async (scenario: Scenario, lang: 'en' | 'zh' = 'en') => {
  const pg = await Playground.open(
    { fs: new MemoryBackend(), lang: () => lang, sqlEngine: nodeSqlEngine },
    scenario,
  );
  await pg.script.runToEnd();
  return pg;
};

/** What a person sees of a run: every card and every model text, in order. */
const seen = (pg: Playground) =>
  pg.run.session.live.map((e) =>
    e.kind === 'message'
      ? e.text
      : e.kind === 'external'
        ? [e.who, e.path, e.from, e.version, e.diff, e.note]
        : [e.call.card, e.result?.card, e.result?.modelText],
  );

describe.each(scenarios.map((s) => [s.id, s] as const))('scenario %s', (_id, scenario) => {
  it('plays to its expected outcome', async () => {
    const pg = await play(scenario);
    expect(pg.script.done).toBe(true);
    expect(pg.errors()).toEqual(scenario.outcome.errors);
    for (const [path, content] of Object.entries(scenario.outcome.files ?? {})) {
      expect((await pg.fs.read(path))?.content, path).toBe(content);
    }
  });

  it('gives the same transcript every time', async () => {
    expect(seen(await play(scenario))).toEqual(seen(await play(scenario)));
  });

  it('replays from its log to the same cards and model texts', async () => {
    const pg = await play(scenario);
    const events = parseLog(serializeLog(pg.run.session.events));
    expect(replay(events, (name) => pg.run.registry.get(name))).toEqual(pg.run.session.live);
  });

  it('asks a real model for its task as a person would, in both languages', () => {
    expect(scenario.task?.en).toMatch(/^[A-Z].{20,}[.?!]"?$/);
    expect(scenario.task?.zh).toMatch(/[\u4e00-\u9fff]/);
    // Every file the English task names is one the scenario has (or, for a new file, one its outcome has).
    const known = new Set([...Object.keys(scenario.files), ...Object.keys(scenario.outcome.files ?? {})]);
    for (const path of scenario.task!.en.match(/\/[\w./-]*\w/g) ?? []) {
      if (!path.startsWith('//')) expect(known, path).toContain(path);
    }
  });

  it('speaks Chinese in every model message', async () => {
    const pg = await play(scenario, 'zh');
    const messages = pg.run.session.live.flatMap((e) => (e.kind === 'message' ? [e.text] : []));
    for (const text of messages) expect(text).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('stale-version when stepping by hand', () => {
  it('waits for the visitor to make the external edit', async () => {
    const pg = await Playground.open(
      { fs: new MemoryBackend(), sqlEngine: nodeSqlEngine },
      scenarios.find((s) => s.id === 'stale-version')!,
    );
    for (let i = 0; i < 10 && !pg.script.state.waiting; i++) await pg.script.step();
    expect(pg.script.state.waiting).not.toBeNull();
    const at = pg.script.state.position;
    await pg.script.step();
    expect(pg.script.state.position).toBe(at);
    await pg.simulateExternalEdit('button');
    expect(pg.script.state.waiting).toBeNull();
    // Then the lesson's question: a step does nothing until Reveal.
    await pg.script.step();
    expect(pg.script.state.ask?.revealed).toBe(false);
    await pg.script.step();
    expect(pg.errors()).toEqual([]);
    await pg.script.reveal();
    for (let i = 0; i < 20 && !pg.script.done; i++) await pg.script.step();
    expect(pg.errors()).toEqual(['FS_STALE_VERSION']);
    expect(pg.run.session.events.some((e) => e.type === 'external/edit' && e.who === 'button')).toBe(true);
  });
});

describe('broken-tools', () => {
  it('falls back to a generic card for the throwing presenter and flags the impure projection', async () => {
    const pg = await play(scenarios.find((s) => s.id === 'broken-tools')!);
    const calls = [...pg.run.calls.values()];
    const presenter = calls.find((c) => c.entry.tool === 'broken_presenter')!;
    expect(presenter.entry.result?.card.card.card).toBe('generic');
    expect(presenter.entry.result?.card.fallback).toMatch(/presenter threw/);
    expect(calls.find((c) => c.entry.tool === 'impure_clock')!.impure).toContain('render');
    expect(presenter.impure).toEqual([]);
  });
});

describe('card-tour', () => {
  it('shows all six card kinds', async () => {
    const pg = await play(scenarios.find((s) => s.id === 'card-tour')!);
    const kinds = new Set([...pg.run.calls.values()].map((c) => c.entry.result?.card.card.card));
    expect([...kinds].sort()).toEqual(['diff', 'generic', 'read', 'search', 'terminal', 'web']);
  });
});

describe('sql-redaction', () => {
  it('leaks the phones through the value under content redaction, and hides them under value redaction', async () => {
    const pg = await play(scenarios.find((s) => s.id === 'sql-redaction')!);
    const [first, second] = [...pg.run.calls.values()];
    const phone = /\+1-555-\d{4}/;
    expect(first!.entry.result?.modelText).not.toMatch(phone);
    expect(JSON.stringify(first!.value)).toMatch(phone);
    expect(JSON.stringify(second!.value)).not.toMatch(phone);
    expect(JSON.stringify(second!.entry.result)).not.toMatch(phone);
    expect(first!.entry.decisions[0]?.plugin).toBe('redact-phones-content');
    expect(second!.entry.decisions[0]?.plugin).toBe('redact-phones-value');
    expect(pg.run.plugins()).toEqual(['redact-phones-value']);
  });
});
