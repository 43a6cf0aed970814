import { z } from 'zod';
import type { HarnessEvent } from '../harness';
import { ScenarioId, scenarioById } from '../model';
import type { App, RunState } from './app';

/** The `type` of a message a host sends to drive the playground. */
export const COMMAND = 'harness-playground:command';
/** The `type` of the message that reports the playground's state. */
export const STATE = 'harness-playground:state';
/** The `type` of the message that carries one logged event. */
export const EVENT = 'harness-playground:event';

/** A command from the host page. Extra fields are ignored; anything else is not a command. */
export const EmbedCommand = z.union([
  z.object({ type: z.literal(COMMAND), command: z.enum(['play', 'pause', 'step', 'reset']) }),
  z.object({ type: z.literal(COMMAND), command: z.literal('load'), scenario: ScenarioId }),
]);
export type EmbedCommand = z.infer<typeof EmbedCommand>;

/** What the playground reports on every change. */
export interface EmbedState {
  runState: RunState;
  scenario: string;
  /** Script steps taken. */
  position: number;
  done: boolean;
  /** The script waits for the visitor to press "Simulate external edit". */
  waiting: boolean;
}

/** The messages the playground posts to its host. */
export type EmbedMessage =
  { type: typeof STATE; state: EmbedState } | { type: typeof EVENT; event: HarnessEvent };

/** The windows the embed API talks through; tests may pass others. */
export interface EmbedSpec {
  /** The host: the only window whose commands count, and the one reports go to. */
  host?: Window;
  /** The window that hears the commands. */
  self?: Window;
}

const stateOf = (app: App): EmbedState => ({
  runState: app.state,
  scenario: app.pg.scenario.id,
  position: app.pg.position,
  done: app.pg.done,
  waiting: app.pg.waiting !== null,
});

function run(app: App, command: EmbedCommand): void {
  switch (command.command) {
    case 'play':
      return void app.play();
    case 'pause':
      return app.pause();
    case 'step':
      return void app.step();
    case 'reset':
      return void app.reset();
    case 'load':
      if (scenarioById(command.scenario)) void app.load(command.scenario);
      return;
  }
}

/**
 * The embed API. Commands are taken only from the host window (`window.parent`), whatever its origin,
 * since any tutorial site may embed the playground; a message from any other window, or one that is not
 * a command, is ignored, and nothing here throws on bad input. Reports go to the host with target origin
 * `"*"`: they hold the demo's events (never values) and the run's state, nothing of the visitor's.
 * State is reported when it changed, at most once a task; every event is reported once, in order.
 * Returns the function that disconnects it; does nothing when the page is not framed.
 */
export function connectEmbed(app: App, spec: EmbedSpec = {}): () => void {
  const self = spec.self ?? window;
  const host = spec.host ?? self.parent;
  if (host === self) return () => {};
  const post = (message: EmbedMessage) => {
    try {
      host.postMessage(message, '*');
    } catch {
      // A host that went away, or an event the browser cannot clone: the page goes on regardless.
    }
  };
  let last = '';
  let session = '';
  let sent = 0;
  const report = () => {
    const state = JSON.stringify(stateOf(app));
    if (state !== last) post({ type: STATE, state: stateOf(app) });
    last = state;
    const events = app.pg.session.events;
    if (app.pg.session.id !== session) [session, sent] = [app.pg.session.id, 0];
    for (; sent < events.length; sent++) post({ type: EVENT, event: events[sent]! });
  };
  const hear = (e: MessageEvent) => {
    if (e.source !== host) return;
    const command = EmbedCommand.safeParse(e.data);
    if (!command.success) return;
    try {
      run(app, command.data);
    } catch (error) {
      console.warn('An embed command failed:', error);
    }
  };
  // One report per task: a step renders more than once on its way (the step, then the run state), and
  // the host should hear where it settled, not the way there.
  let queued = false;
  const soon = () => {
    if (queued) return;
    queued = true;
    setTimeout(() => {
      queued = false;
      report();
    }, 0);
  };
  self.addEventListener('message', hear);
  const stop = app.onChange(soon);
  report();
  return () => {
    self.removeEventListener('message', hear);
    stop();
  };
}
