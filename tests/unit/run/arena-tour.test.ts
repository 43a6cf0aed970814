// The lesson arena-tour walks one hazard of the arena under three policies: what each ask reveals must be
// what the arena's own run of that hazard under that policy ends as, and the lesson's run must really
// switch policies as it goes.
import { describe, expect, it } from 'vitest';
import { MemoryBackend } from '../../../src/fs/memory';
import { arenaOutcomes, type ArenaOutcome } from '../../../src/model/hazard';
import { builtInHazardFiles } from '../../../src/model/hazards';
import { scenarioById, type ScenarioAsk, type ScenarioPolicyId } from '../../../src/model';
import { policies } from '../../../src/plugins/policies';
import { Playground } from '../../../src/run';
import { parseHazards, runHazard } from '../../../src/run/arena';

const lesson = scenarioById('arena-tour')!;
const hazard = parseHazards(builtInHazardFiles).find((h) => h.id === 'edit-distant-region')!;
/** The lesson's choices, in order, as the arena names outcomes. */
const CHOICES: readonly ArenaOutcome[] = ['kept', 'lost-update', 'false-refusal'];

/** Each policy the lesson switches to, with the ask that comes before that part's edit. */
function parts(): { policy: ScenarioPolicyId; ask: ScenarioAsk }[] {
  const found: { policy: ScenarioPolicyId; ask: ScenarioAsk }[] = [];
  let policy: ScenarioPolicyId | null = null;
  for (const step of lesson.steps) {
    if ('policy' in step) policy = step.policy;
    if ('ask' in step && policy) found.push({ policy, ask: step.ask });
  }
  return found;
}

describe('arena-tour', () => {
  it('walks three policies, an ask before each edit, its choices the arena’s outcomes', () => {
    expect(parts().map((p) => p.policy)).toEqual(['prompt-only', 'dsh-ledger', 'unique-match']);
    expect(CHOICES.every((o) => arenaOutcomes.includes(o))).toBe(true);
    for (const { ask } of parts())
      expect(ask.choices.map((c) => c.en.split(':')[0])).toEqual(['Kept', 'Lost update', 'False refusal']);
  });

  it('starts from the hazard’s file, once per part', () => {
    const [file] = Object.values(hazard.files);
    for (const content of Object.values(lesson.files)) expect(content).toBe(file);
  });

  it.each(parts().map((p) => [p.policy, p.ask] as const))(
    'reveals under %s what the arena’s own run of the hazard ends as',
    async (policy, ask) => {
      const run = await runHazard(hazard, policies[policy]);
      expect(CHOICES[ask.answer]).toBe(run.outcome);
      expect(run.outcome).toBe(hazard.expect[policy]);
    },
  );

  it('switches the run’s policy as it goes, and ends as the hazard means under the policies that keep', async () => {
    const pg = await Playground.open({ fs: new MemoryBackend() }, lesson);
    expect(pg.run.policyId).toBe('dsh-ledger');
    const seen: (string | null)[] = [];
    pg.subscribe(() => {
      if (seen.at(-1) !== pg.run.policyId) seen.push(pg.run.policyId);
    });
    await pg.script.runToEnd();
    expect(seen).toEqual(['dsh-ledger', 'prompt-only', 'dsh-ledger', 'unique-match']);
    const [meant] = Object.values(hazard.meant);
    expect((await pg.fs.read('/prompt/config.txt'))?.content).toBe(meant);
    expect((await pg.fs.read('/unique/config.txt'))?.content).toBe(meant);
    const refused = pg.run.session.events.flatMap((e) =>
      e.type === 'tool/result' && e.error ? [e.error.code] : [],
    );
    expect(refused).toEqual(['FS_STALE_VERSION']);
  });

  it('keeps no policy when the run has none (the switch off)', async () => {
    const pg = await Playground.open({ fs: new MemoryBackend() }, lesson, { policy: false });
    await pg.script.runToEnd();
    expect(pg.run.policyId).toBeNull();
  });
});
