import type { Playground } from '../run';
import { speeds, type UiStore } from './state';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// A message to itself: a task that is not a timer, so the browser does not clamp it to 4 ms as it does
// nested timeouts, and still gets to render between the steps of an instant run.
const channel = typeof MessageChannel === 'function' ? new MessageChannel() : null;
const waiting: (() => void)[] = [];
if (channel) channel.port1.onmessage = () => waiting.shift()?.();
function nextTask(): Promise<void> {
  if (!channel) return sleep(0).then(() => undefined);
  return new Promise((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });
}

/**
 * The run loop: Play, Pause, Step and taking steps at once, one at a time. Every change of the run goes
 * through `exclusive`, so a step, an external edit and a load never interleave. The run state lives in
 * the store.
 */
export class Runner {
  private busy: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: UiStore,
    private readonly pg: () => Playground,
  ) {}

  /** Runs `task` after every task before it has settled. */
  exclusive(task: () => Promise<void> | void): Promise<void> {
    const run = this.busy.then(task, task);
    this.busy = run.catch(() => undefined);
    return run;
  }

  private playing(): boolean {
    return this.store.get().run === 'playing';
  }

  /**
   * Plays to the end at the chosen speed. At a scripted external edit it pauses, so the class sees the
   * script wait, presses the button and reads the diff before Play goes on; with `autoExternal` the
   * scenario makes the edit by itself and Play runs through.
   */
  async play(): Promise<void> {
    const { run, replay } = this.store.get();
    const pg = this.pg();
    if (run === 'playing' || replay || pg.script.done) return;
    // At a question only Reveal goes on, unless Play makes everything itself.
    if (pg.script.state.ask?.revealed === false && !this.store.get().autoExternal) return;
    this.store.set({ run: 'playing' });
    while (this.playing() && !pg.script.done) {
      const auto = this.store.get().autoExternal;
      await this.exclusive(() => pg.script.step(auto));
      // Done the moment the last step is: no pause in between that still says "playing".
      if (pg.script.done) break;
      // A question stops the run so the class can predict; with `autoExternal` the next step reveals it.
      if (pg.script.state.ask?.revealed === false && !auto) {
        this.store.set({ run: 'paused' });
        break;
      }
      if (pg.script.state.waiting && !auto) {
        this.pause();
        return;
      }
      const ms = speeds[this.store.get().speed];
      await (ms > 0 ? sleep(ms) : nextTask());
    }
    if (pg.script.done && this.playing()) this.store.set({ run: 'done' });
  }

  pause(): void {
    if (this.playing()) this.store.set({ run: 'paused' });
  }

  /** One step. At a scripted external edit it waits for the visitor's button. */
  async step(): Promise<void> {
    if (this.store.get().replay) return;
    this.pause();
    await this.exclusive(() => this.pg().script.step(false));
    this.settle();
  }

  /** Reveals the answer of the ask the script stands at; the run stays paused so the class can read. */
  async reveal(): Promise<void> {
    if (this.store.get().replay) return;
    await this.exclusive(() => this.pg().script.reveal());
    this.settle();
  }

  /** Takes the script's first `target` steps (share links, `?step=`, Back); see Playground.advance. */
  async advance(target: number): Promise<void> {
    if (this.store.get().replay || target <= this.pg().script.state.step) return;
    this.pause();
    await this.exclusive(() => this.pg().script.advance(target));
    this.settle();
  }

  /** The run state that matches where the script stands, once nothing plays. */
  settle(): void {
    const pg = this.pg();
    this.store.set({ run: pg.script.done ? 'done' : pg.script.state.position > 0 ? 'paused' : 'idle' });
  }
}
