import { z } from 'zod';
import type { HarnessEvent } from '../harness';
import {
  COMMAND,
  ERROR,
  EVENT,
  READY,
  RESIZE,
  STATE,
  langs,
  simpleCommands,
  speedNames,
  styleNames,
  themes,
  unknownId,
  type EmbedError,
  type EmbedState,
  type Report,
} from '../kit/protocol';
import { ScenarioId, parseScenarioObject, scenarioById, isPolicyId, notAPolicy } from '../model';
import { runCommand } from './run-commands';
import type { Address } from './address';
import type { App } from './app';
import { applyEmbedTheme, applyHostStyle, builtInIdList, showEmbedError } from './embed-view';

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
  // The edit-safety policy of the lesson's runs (More → Policy…), by id: the lesson starts again under it.
  z.object({ type: z.literal(COMMAND), command: z.literal('policy'), policy: z.string().max(200) }),
  // The host page's theme, and its look from the host element's --hp-* properties (each a short CSS value).
  z.object({
    type: z.literal(COMMAND),
    command: z.literal('theme'),
    theme: z.enum(themes),
    style: z.partialRecord(z.enum(styleNames), z.string().max(200)).optional(),
  }),
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
  /** Why the address could not be opened: shown in place of the app, and reported, from the start. */
  error?: EmbedError;
  /** The app's root element, hidden while an error stands in its place; `#app` unless given. */
  root?: HTMLElement;
  /** The host sends the scenario (`hold=1`): nothing is shown or reported until its `load`. */
  hold?: boolean;
}

const stateOf = (app: App): EmbedState => ({
  runState: app.state,
  ...app.lesson.progress,
  asking: app.asking,
  policy: app.lesson.pg.run.policyId,
});

/**
 * Runs a command; a `load` gives its error, or the opening of the scenario (which ends when it is open);
 * a `policy` its error (`warning`: the lesson stays), or the lesson's start under it (`changing`).
 */
function run(
  app: App,
  command: EmbedCommand,
):
  | EmbedError
  | { opening: Promise<unknown> }
  | { warning: EmbedError }
  | { changing: Promise<unknown> }
  | void {
  switch (command.command) {
    case 'play':
    case 'pause':
    case 'step':
    case 'back':
    case 'reset':
    case 'external':
    case 'reveal':
      return runCommand(app, command.command);
    case 'speed':
      return app.setSpeed(command.speed);
    case 'lang':
      return app.switchLang(command.lang);
    case 'policy':
      if (!isPolicyId(command.policy)) return { warning: unknownPolicy(command.policy) };
      return { changing: app.lesson.choosePolicy(command.policy) };
    case 'theme':
      applyEmbedTheme(command.theme);
      return applyHostStyle(command.style ?? {});
    case 'load': {
      if (typeof command.scenario === 'string') {
        if (!scenarioById(command.scenario)) return unknownScenario(command.scenario);
        return { opening: app.load(command.scenario) };
      }
      // A scenario of the author's own: data only, checked whole before anything changes.
      const read = parseScenarioObject(command.scenario);
      if (!read.ok) return { code: read.error.code, message: read.error.message };
      return { opening: app.open(read.value) };
    }
  }
}

/** The error for a built-in id that is not one. */
export const unknownScenario = (id: string): EmbedError => ({
  code: 'SCENARIO_UNKNOWN',
  message: unknownId(id, builtInIdList()),
});

/** The error for a policy id that is not one. */
export const unknownPolicy = (id: string): EmbedError => ({
  code: 'SCENARIO_UNKNOWN_POLICY',
  message: notAPolicy(id),
});

/** The error an embed shows for an address it could not follow. */
export function embedErrorOf(bad: NonNullable<Address['bad']>): EmbedError {
  if ('refused' in bad) return { code: bad.refused.code, message: bad.refused.message };
  if ('code' in bad) return { code: bad.code, message: 'the share link cannot be read' };
  return unknownScenario(bad.scenario);
}

/** Commands that would run the scenario: none while an error stands in its place. */
const runs = new Set<string>(simpleCommands);

/**
 * The height of the page's content, in CSS pixels: what the host sizes the frame to. The body's own box
 * (not the scroll height, which is never less than the frame), so the frame shrinks as well as grows.
 */
function contentHeight(self: Window): number {
  const body = self.document.body;
  if (!body) return 0;
  const style = self.getComputedStyle(body);
  return Math.ceil(
    body.getBoundingClientRect().height + parseFloat(style.marginTop) + parseFloat(style.marginBottom),
  );
}

/**
 * The embed API. Commands are taken only from the host window (`window.parent`), whatever its origin,
 * since any tutorial site may embed the playground; a message from any other window, or one that is not
 * a command, is ignored, and nothing here throws on bad input. Reports go to the host with target origin
 * `"*"`: they hold the demo's events (never values), the run's state and the page's height, nothing of the
 * visitor's. `ready` is posted once, when commands are heard; state when it changed, at most once a task;
 * every event once, in order; `resize` whenever the content's height changes. Returns the function that
 * disconnects it. When the page is not framed it hears and posts nothing; only an error it was given is
 * shown.
 */
export function connectEmbed(app: App, spec: EmbedSpec = {}): () => void {
  const self = spec.self ?? window;
  const host = spec.host ?? self.parent;
  const root = spec.root ?? self.document.getElementById('app');
  if (host === self) {
    // The frame's address opened on its own: no host to tell, but its error still stands in place of the
    // lesson, so a visitor never meets another lesson without a word.
    if (spec.error && root) showEmbedError(root, spec.error, app.store.get().lang);
    return () => {};
  }
  let held = spec.hold === true;
  if (held && root) root.hidden = true;
  let clearError: (() => void) | null = null;
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
  const fail = (error: EmbedError) => {
    clearError?.();
    if (root) clearError = showEmbedError(root, error, app.store.get().lang);
    post({ type: ERROR, code: error.code, message: error.message });
  };
  const report = () => {
    if (held || clearError) return;
    const state = JSON.stringify(stateOf(app));
    if (state !== last) post({ type: STATE, state: stateOf(app) });
    last = state;
    const { id, events } = app.lesson.session;
    if (id !== session) [session, sent] = [id, 0];
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
    // While an error stands in place of the lesson, nothing plays: only another load, or the settings.
    if (clearError && runs.has(command.data.command)) return;
    // A policy is for the lesson on show: none while an error stands in its place or the host holds it.
    if ((clearError || held) && command.data.command === 'policy') return;
    try {
      const done = run(app, command.data);
      if (done && 'opening' in done) {
        clearError?.();
        clearError = null;
        void done.opening.finally(() => {
          if (held && root) root.hidden = false;
          held = false;
          soon();
        });
      } else if (done && 'changing' in done) {
        void done.changing.finally(soon);
      } else if (done && 'warning' in done) {
        post({ type: ERROR, code: done.warning.code, message: done.warning.message });
      } else if (done) fail(done);
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
  if (spec.error) fail(spec.error);
  report();
  resized();
  return () => {
    self.removeEventListener('message', hear);
    observer?.disconnect();
    stop();
  };
}
