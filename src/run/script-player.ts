// The script played: each input goes through the model's pure reducer (`advance` in src/model/script.ts)
// and the effect it returns is performed here, against the run. Resuming folds the log through the same
// reducer (src/model/progress.ts), so a reload arrives where playing was.
import type { FsBackend } from '../fs/types';
import type { ScriptProgress } from '../model/progress';
import { applyChange, type ExternalChange, type Lang, type Scenario } from '../model/scenario';
import { advance, scriptDone, type ScriptEffect, type ScriptInput, type ScriptState } from '../model/script';
import type { CallTracker } from './calls';
import { noteOf, writeExternally } from './external';
import type { Run } from './run';
import { loadPolicySpec } from './policy-load';

/** What a script player works on. */
export interface ScriptPlayerSpec {
  fs: FsBackend;
  scenario: Scenario;
  run: Run;
  calls: CallTracker;
  lang: () => Lang;
  /** Hears each change of the script's state. */
  changed: () => void;
}

/** One run's script: its state, the inputs that move it, and the effects performed. */
export class ScriptPlayer {
  private current: ScriptState;
  /** Call ids of the calls the visitor made by hand, which are not the script's. */
  private readonly manual: string[] = [];

  constructor(
    private readonly spec: ScriptPlayerSpec,
    start: ScriptState,
    manual: readonly string[] = [],
  ) {
    this.current = start;
    this.manual.push(...manual);
  }

  /** Where the script stands now. */
  get state(): ScriptState {
    return this.current;
  }

  /** The script has nothing left to do. */
  get done(): boolean {
    return scriptDone(this.current);
  }

  /** The scenario's race on `path`, and whether it has landed yet; null when there is none. */
  raceOn(path: string): { change: ExternalChange; landed: boolean } | null {
    const change = this.spec.scenario.races?.find((c) => c.path === path);
    const pending = this.current.races.some((c) => c.path === path);
    return change ? { change, landed: !pending } : null;
  }

  /** What a saved run keeps beside its log (see `resumeScript`). */
  progress(): ScriptProgress {
    const { position, waiting } = this.current;
    return { position, waiting: waiting !== null, manual: [...this.manual] };
  }

  /** Keeps `callId` out of the script: the visitor made that call by hand. */
  byHand(callId: string): void {
    this.manual.push(callId);
  }

  /** Applies `input`: the new state is kept at once (before any await), the effect is returned. */
  apply(input: ScriptInput): ScriptEffect {
    const next = advance(this.current, input);
    this.current = next.state;
    return next.effect;
  }

  /**
   * Takes one step. With `auto`, a scripted external edit is made at once and an ask is passed; without
   * it, the script waits for "Simulate external edit" (and a step does nothing until then).
   */
  async step(auto = false): Promise<void> {
    await this.perform(this.apply({ kind: 'step', auto }));
    this.spec.changed();
  }

  /** Reveals the answer of the ask the script stands at: the right choice and why; the next step goes on. */
  async reveal(): Promise<void> {
    if (this.current.ask?.revealed === false) await this.step(true);
  }

  /**
   * Takes the script's first `target` steps (a share link, `?step=`, Back), each with the model's
   * reactions to it: scripted external edits are made as the script reaches them, except one at the very
   * last step, which is left waiting, as it was.
   */
  async advance(target: number): Promise<void> {
    for (;;) {
      const state = this.current;
      if (this.done) return;
      if (state.waiting) {
        if (state.step >= target) return;
        await this.edit('scenario');
        continue;
      }
      const reaction = state.queue[0]?.step === undefined;
      if (state.step >= target && !reaction) return;
      // An ask before the target is passed, answered: it is not where the run stops.
      await this.step(state.ask !== null);
    }
  }

  /** Runs the script to its end; scripted external edits are made at once. */
  async runToEnd(limit = 1000): Promise<void> {
    while (!this.done && limit-- > 0) await this.step(true);
  }

  /**
   * An external edit by `who`: the change the script waits for, else the next of a model's run, else a
   * line appended to `path`. Resolves with the change made.
   */
  async edit(who: 'button' | 'scenario', path?: string): Promise<ExternalChange> {
    const effect = this.apply({ kind: 'edit', who, ...(path ? { path } : {}) });
    await this.perform(effect);
    this.spec.changed();
    if (effect.kind !== 'edit') throw new Error(`An edit by ${who} made no change`);
    return effect.change;
  }

  /** Writes a file as the file editor does, and logs it. */
  async save(path: string, content: string): Promise<void> {
    this.apply({ kind: 'edit', who: 'editor' });
    await writeExternally(this.spec.fs, this.spec.run.session, { path, content, who: 'editor' });
    this.spec.changed();
  }

  /** A call reached the scenario's race on `path`: its change lands, once. */
  async race(path: string): Promise<void> {
    await this.perform(this.apply({ kind: 'race', path }));
  }

  private async perform(effect: ScriptEffect): Promise<void> {
    const { run, fs, scenario, calls } = this.spec;
    switch (effect.kind) {
      case 'none':
        return;
      case 'say':
        run.session.say(effect.text[this.spec.lang()]);
        return;
      case 'use':
        run.session.say(effect.text[this.spec.lang()]);
        run.usePlugins(effect.plugins);
        return;
      case 'policy':
        run.session.say(effect.text[this.spec.lang()]);
        run.usePolicy(await loadPolicySpec(effect.policy));
        return;
      case 'call': {
        const live = await calls.call(run, effect.tool, effect.args);
        await this.perform(this.apply({ kind: 'result', result: live.outcome.result }));
        return;
      }
      case 'edit': {
        const { change, who, scripted } = effect;
        const file = await fs.read(change.path);
        const content = applyChange(file?.content ?? '', change);
        const note = scripted ? noteOf(scenario, change, this.spec.lang()) : undefined;
        await writeExternally(fs, run.session, {
          path: change.path,
          content,
          who,
          ...(note ? { note } : {}),
        });
        return;
      }
    }
  }
}
