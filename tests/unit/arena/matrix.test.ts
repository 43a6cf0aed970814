// The arena's matrix: every hazard under every policy gets exactly the outcome its hazard file expects,
// the same on every run, and exports as harness-playground/arena version 1.
import { beforeAll, describe, expect, it } from 'vitest';
import { builtInHazardFiles } from '../../../src/model/hazards';
import { arenaOutcomes } from '../../../src/model/hazard';
import { policies, policyIds } from '../../../src/plugins/policies';
import { HarnessEvent, replay } from '../../../src/harness';
import { arenaJson, parseHazards, runArena, type ArenaMatrix } from '../../../src/run/arena';

const hazards = parseHazards(builtInHazardFiles);
const columns = policyIds.map((id) => policies[id]);
let matrix: ArenaMatrix;
beforeAll(async () => {
  matrix = await runArena(hazards, columns);
});

describe('the hazard files', () => {
  it('are at least 12, with distinct ids', () => {
    expect(hazards.length).toBeGreaterThanOrEqual(12);
    expect(new Set(hazards.map((h) => h.id)).size).toBe(hazards.length);
  });

  it('each has its title and lesson in Chinese too; one without them still parses', () => {
    for (const h of hazards) {
      expect(h.zh?.title, h.id).toMatch(/\p{Script=Han}/u);
      expect(h.zh?.teaches, h.id).toMatch(/\p{Script=Han}/u);
    }
    const { zh: _, ...english } = builtInHazardFiles[0] as Record<string, unknown>;
    expect(parseHazards([english])[0]!.zh).toBeUndefined();
  });

  it.each(hazards.map((h) => [h.id, h] as const))(
    '%s expects an outcome for exactly every policy',
    (_, h) => {
      expect(Object.keys(h.expect).sort()).toEqual([...policyIds].sort());
    },
  );
});

describe('the matrix', () => {
  it.each(hazards.map((h) => [h.id, h] as const))(
    '%s: each policy gets the outcome its file expects',
    (id, h) => {
      const got = Object.fromEntries(
        matrix.runs.filter((r) => r.hazard === id).map((r) => [r.policy, r.outcome]),
      );
      expect(got).toEqual(h.expect);
    },
  );

  it('tells the policies apart: no two columns are the same', () => {
    const column = (id: string) =>
      matrix.runs
        .filter((r) => r.policy === id)
        .map((r) => r.outcome)
        .join();
    expect(new Set(policyIds.map(column)).size).toBe(policyIds.length);
  });

  it('has every outcome somewhere', () => {
    expect(new Set(matrix.runs.map((r) => r.outcome))).toEqual(new Set(arenaOutcomes));
  });

  it('is identical on a second run, logs and final files included', async () => {
    const again = await runArena(hazards, columns);
    expect(JSON.stringify(again.runs)).toBe(JSON.stringify(matrix.runs));
  });

  it('keeps each run apart: a hazard run alone gets the same files as in the matrix', async () => {
    const one = await runArena([hazards[0]!], [columns[1]!]);
    const same = matrix.runs.find((r) => r.hazard === hazards[0]!.id && r.policy === columns[1]!.id);
    expect(one.runs[0]!.files).toEqual(same!.files);
  });

  it('logs each external edit in the first agent’s transcript, where it happened', () => {
    const run = matrix.runs.find((r) => r.hazard === 'change-and-back' && r.policy === 'dsh-ledger')!;
    const types = run.log.map((e) => e.type).filter((t) => t !== 'plugin/decision');
    expect(types).toEqual([
      'session/start',
      'tool/call',
      'fs/observed',
      'tool/result',
      'external/edit',
      'external/edit',
      'tool/call',
      'tool/result',
    ]);
  });

  it('shows the second agent’s change in the first agent’s log, where it happened, as an edit by an agent', () => {
    const run = matrix.runs.find((r) => r.hazard === 'two-agents' && r.policy === 'prompt-only')!;
    const log = run.log.filter((e) => e.type !== 'plugin/decision' && e.type !== 'fs/observed');
    expect(log.map((e) => [e.type, 'tool' in e ? e.tool : 'who' in e ? e.who : ''])).toEqual([
      ['session/start', ''],
      ['tool/call', 'read'],
      ['tool/result', 'read'],
      ['external/edit', 'agent'],
      ['tool/call', 'write'],
      ['tool/result', 'write'],
    ]);
    const edit = log[3] as Extract<HarnessEvent, { type: 'external/edit' }>;
    expect([edit.path, edit.from, edit.version]).toEqual(['/config.txt', 'v1', 'v2']);
    expect(edit.diff?.hunks.flatMap((h) => h.lines)).toEqual(
      expect.arrayContaining(['-retries = 3', '+retries = 5']),
    );
    // A log like any other: every event parses, seq counts up, time never goes back; it replays.
    run.log.forEach((e, i) => {
      expect(HarnessEvent.parse(e).seq).toBe(i);
      if (i) expect(e.at).toBeGreaterThanOrEqual(run.log[i - 1]!.at);
    });
    const entries = replay(run.log, () => undefined);
    expect(entries.map((e) => e.kind)).toEqual(['call', 'external', 'call']);
  });

  it('leaves a one-agent run’s log as the agent made it', () => {
    for (const run of matrix.runs.filter((r) => r.hazard !== 'two-agents')) {
      expect(run.log.some((e) => e.type === 'external/edit' && e.who === 'agent')).toBe(false);
    }
  });
});

describe('arenaJson', () => {
  it('is harness-playground/arena version 1, with a cell per hazard and policy', () => {
    const doc = arenaJson(matrix);
    expect(doc.format).toBe('harness-playground/arena');
    expect(doc.version).toBe(1);
    expect(doc.cells).toHaveLength(hazards.length * policyIds.length);
    expect(doc.policies.map((p) => p.id)).toEqual([...policyIds]);
    expect(doc.hazards.map((h) => h.id)).toEqual(hazards.map((h) => h.id));
    expect(doc.cells[0]).toEqual({
      hazard: hazards[0]!.id,
      policy: policyIds[0],
      outcome: hazards[0]!.expect[policyIds[0]],
      refusals: expect.any(Array),
    });
  });

  it('totals each policy’s outcomes over every hazard', () => {
    const doc = arenaJson(matrix);
    for (const id of policyIds) {
      const sum = Object.values(doc.totals[id]!).reduce((a, b) => a + b, 0);
      expect(sum).toBe(hazards.length);
      const lost = hazards.filter((h) => h.expect[id] === 'lost-update').length;
      expect(doc.totals[id]!['lost-update']).toBe(lost);
    }
  });

  it('is plain JSON: it survives a round trip unchanged', () => {
    const doc = arenaJson(matrix);
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('names the refused call and its code', () => {
    const cell = arenaJson(matrix).cells.find(
      (c) => c.hazard === 'unread-edit' && c.policy === 'dsh-ledger',
    )!;
    expect(cell.refusals).toEqual([{ step: 0, agent: 'a', tool: 'edit', code: 'FS_NOT_OBSERVED' }]);
  });
});
