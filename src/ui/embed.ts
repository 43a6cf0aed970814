import { z } from 'zod';
import type { HarnessEvent } from '../harness';
import {
  COMMAND,
  EVENT,
  READY,
  RESIZE,
  STATE,
  langs,
  simpleCommands,
  speedNames,
  type EmbedState,
  type Report,
} from '../kit/protocol';
import { ScenarioId, parseScenarioObject, scenarioById } from '../model';
import type { App } from './app';

export { COMMAND, EVENT, READY, RESIZE, STATE, type EmbedState } from '../kit/protocol';

/** A command from the host page. Extra fields are ignored; anything else is not a command. */
export const EmbedCommand = z.union([
  z.object({ type: z.literal(COMMAND), command: z.enum(simpleCommands) }),
  // A built-in scenario by its id, or a whole scenario file (checked by the scenario format).
  z.object({
    type: z.literal(COMMAND),
    command: z.literal('load'),
    scenario: z.union([ScenarioId, z.looseObject({})]),
  }),
  z.object({ type: z.literal(COMMAND), command: z.literal('speed'), speed: z.enum(speedNames) }),
  z.object({ type: z.literal(COMMAND), command: z.literal('lang'), lang: z.enum(langs) }),
]);
export type EmbedCommand = z.infer<typeof EmbedCommand>;

/** The messages the playground posts to its host. */
export type EmbedMessage =
  Exclude<Report, { type: typeof EVENT }> | { type: typeof EVENT; event: HarnessEvent };

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
  position: app.pg.scriptStep,
  done: app.pg.done,
  waiting: app.pg.waiting !== null,
  asking: app.asking,
});

function run(app: App, command: EmbedCommand): void {
  switch (command.command) {
    case 'play':
      return void app.play();
    case 'pause':
      return app.pause();
    case 'step':
      return void app.step();
    case 'back':
      return void app.back();
    case 'reset':
      return void app.reset();
    case 'external':
      return void app.externalEdit();
    case 'reveal':
      return void app.reveal();
    case 'speed':
      return app.setSpeed(command.speed);
    case 'lang':
      return app.switchLang(command.lang);
    case 'load': {
      if (typeof command.scenario === 'string') {
        if (scenarioById(command.scenario)) void app.load(command.scenario);
        return;
      }
      // A scenario of the author's own: data only, checked whole before anything changes.
      const read = parseScenarioObject(command.scenario);
      if (read.ok) void app.open(read.value);
      else console.warn(`The embed's scenario was refused: ${read.error.code} ${read.error.message}`);
      return;
    }
  }
}

/** The height of the page's content, in CSS pixels: what the host sizes the frame to. */
function contentHeight(self: Window): number {
  const { documentElement: html, body } = self.document;
  return Math.ceil(Math.max(html.scrollHeight, body?.scrollHeight ?? 0, html.getBoundingClientRect().height));
}

/**
 * The embed API. Commands are taken only from the host window (`window.parent`), whatever its origin,
 * since any tutorial site may embed the playground; a message from any other window, or one that is not
 * a command, is ignored, and nothing here throws on bad input. Reports go to the host with target origin
 * `"*"`: they hold the demo's events (never values), the run's state and the page's height, nothing of the
 * visitor's. `ready` is posted once, when commands are heard; state when it changed, at most once a task;
 * every event once, in order; `resize` whenever the content's height changes. Returns the function that
 * disconnects it; does nothing when the page is not framed.
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
  let height = 0;
  const report = () => {
    const state = JSON.stringify(stateOf(app));
    if (state !== last) post({ type: STATE, state: stateOf(app) });
    last = state;
    const events = app.pg.session.events;
    if (app.pg.session.id !== session) [session, sent] = [app.pg.session.id, 0];
    for (; sent < events.length; sent++) post({ type: EVENT, event: events[sent]! });
  };
  const resized = () => {
    const now = contentHeight(self);
    if (now === height) return;
    height = now;
    post({ type: RESIZE, height: now });
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
  // One report per task: a step changes the page more than once on its way (the step, then the run
  // state), and the host should hear where it settled, not the way there.
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
  const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(resized) : null;
  observer?.observe(self.document.documentElement);
  if (self.document.body) observer?.observe(self.document.body);
  post({ type: READY });
  report();
  resized();
  return () => {
    self.removeEventListener('message', hear);
    observer?.disconnect();
    stop();
  };
}
