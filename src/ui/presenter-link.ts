import type { App } from './app';
import { PresenterCommand, askView, stepView, type PresenterState } from './presenter-protocol';
import { runCommand } from './run-commands';

/** What the playground window reports: where the script stands, this step and the next, with notes. */
export function presenterState(app: App): PresenterState {
  const { pg } = app;
  const { lang } = app.store.get();
  const steps = pg.scenario.steps;
  const n = pg.script.state.step;
  return {
    type: 'state',
    lang,
    title: pg.scenario.title[lang],
    step: n,
    steps: steps.length,
    run: app.state,
    waiting: pg.script.state.waiting !== null,
    current: stepView(steps, n, lang),
    next: stepView(steps, n + 1, lang),
    ask: askView(pg.script.state.ask, lang),
  };
}

/**
 * Keeps presenter views in step with this playground window over `channel`: reports its state after
 * every change (and to a view that says hello), and runs the commands a view sends, `first` the one that
 * woke the link. The notes and answers travel only in these reports; this window never shows them.
 */
export function linkPresenter(app: App, channel: BroadcastChannel, first: unknown): void {
  let last = '';
  const report = (force = false) => {
    const state = presenterState(app);
    const text = JSON.stringify(state);
    if (!force && text === last) return;
    last = text;
    channel.postMessage(state);
  };
  const heard = (data: unknown) => {
    const parsed = PresenterCommand.safeParse(data);
    if (!parsed.success) return;
    if (parsed.data.command !== 'hello') runCommand(app, parsed.data.command);
    report(true);
  };
  channel.onmessage = (e: MessageEvent<unknown>) => heard(e.data);
  app.onChange(() => report());
  heard(first);
}
