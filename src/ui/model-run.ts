// The model's run is loaded on first use: its providers and agent loop are imported here, never through
// the barrels the first page reads.
import type { ModelSettings } from '../model';
import { createProvider, type Fetch } from '../providers';
import type { Playground } from '../run';
import { Agent, type AgentFailure, type AgentState, type ErrorMode, type FinishedRun } from '../run/agent';
import { compareRuns } from '../run/experiment';
import { h, num } from './dom';
import { lang, tr } from './i18n';
import type { UiStore } from './state';
import './styles/model.css';
import { policyOptions } from './run-policy';

/** What the run's panel needs from the app. */
export interface ModelRunSpec {
  pg: () => Playground;
  store: UiStore;
  /** Runs the load that opens a run after the app's other run commands (the Runner's `exclusive`). */
  exclusive?: (task: () => Promise<void>) => Promise<void>;
  /** The `fetch` requests go through (default: the page's). */
  fetch?: Fetch;
  /** The longest quiet spell of a request, in milliseconds (default: the providers' 120 s). */
  idleMs?: number;
  maxTurns?: number;
  maxTokens?: number;
  /** Opens the settings dialog (the panel's "Model…" button); without it the button is not shown. */
  configure?: () => void;
  /** Whether Escape stops a running run (default true). The app may turn it off and call `stop()` itself. */
  escape?: boolean;
  /** Hears a run start and end (the page's Stop button is enabled while one goes on). */
  onRunning?: (running: boolean) => void;
}

/** A problem as the panel shows it: its code, what happened and what to do, in the language of the moment. */
interface Problem {
  code: string;
  message: string;
  remedy?: string;
  detail?: string;
}

const problemOf = (failure: AgentFailure): Problem => ({
  code: failure.code,
  message: failure.message[lang()],
  remedy: failure.remedy[lang()],
  ...(failure.detail ? { detail: failure.detail } : {}),
});

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/**
 * The run of a real model, and its panel (`el`): the model's name, the task (the scenario's, editable), the
 * experiment's switch (vague errors), Run the task / Stop / Back to the script, the status (request n of
 * the limit, tokens), the model's text as it streams in, a failure with its code and what to do, and, once
 * the task has run in both arms on this scenario, the two runs side by side. `start(settings)` opens the
 * scenario afresh for the model and runs it; `stop()` aborts the open request and any running call.
 * Updates in place; the root carries `data-model-run` (idle, requesting, calling, done, stopped, failed),
 * `data-model-turn`, `data-model-tokens` and `data-model-errors` (coded or vague).
 */
export class ModelRun {
  readonly el: HTMLElement;
  private agent: Agent | null = null;
  private settings: ModelSettings | null = null;
  private state: AgentState | null = null;
  /** A problem found before any request (no task), shown until the next start. */
  private local: (() => Problem) | null = null;
  /** The last finished run of each arm, by scenario: what the comparison shows. */
  private readonly runs = new Map<string, Partial<Record<ErrorMode, FinishedRun>>>();
  private taskOf: string | null = null;
  private readonly parts = {
    title: h('h2', {}),
    name: h('span', { class: 'muted', 'data-model-name': '' }),
    configure: h('button', { type: 'button', 'data-action': 'model-settings' }),
    taskLabel: h('label', { for: 'model-task' }),
    task: h('textarea', { id: 'model-task', 'data-model-task': '', rows: 2 }),
    vague: h('input', { type: 'checkbox', id: 'model-vague', 'data-action': 'model-vague' }),
    vagueLabel: h('span', {}),
    start: h('button', { type: 'button', class: 'primary', 'data-action': 'model-start' }),
    stop: h('button', { type: 'button', 'data-action': 'model-stop', 'aria-keyshortcuts': 'Escape' }),
    script: h('button', { type: 'button', class: 'ghost', 'data-action': 'model-script' }),
    status: h('p', { 'data-model-status': '', role: 'status' }),
    stream: h('p', { class: 'model-stream', 'data-model-stream': '' }),
    error: h('div', { class: 'model-error' }),
    compare: h('div', { class: 'model-compare-box' }),
  };
  private readonly streamed = document.createTextNode('');
  /** What the problem's banner and the comparison were last drawn from. */
  private readonly drawn = { problem: '', compare: '' };
  private readonly cleanup: (() => void)[] = [];

  constructor(private readonly spec: ModelRunSpec) {
    const p = this.parts;
    p.stream.append(this.streamed);
    p.configure.addEventListener('click', () => spec.configure?.());
    p.configure.hidden = !spec.configure;
    p.start.addEventListener('click', () => {
      if (this.settings) void this.start(this.settings);
      else spec.configure?.();
    });
    p.stop.addEventListener('click', () => this.stop());
    p.script.addEventListener('click', () => void this.leave());
    this.el = h(
      'section',
      { class: 'model-run', 'data-model-run': 'idle', 'aria-labelledby': 'model-run-title' },
      h('header', {}, p.title, p.name, p.configure),
      h('div', { class: 'model-field' }, p.taskLabel, p.task),
      h('label', { class: 'check', for: 'model-vague' }, p.vague, p.vagueLabel),
      h('div', { class: 'model-actions' }, p.start, p.stop, p.script),
      p.status,
      p.stream,
      p.error,
      p.compare,
    );
    p.title.id = 'model-run-title';
    this.cleanup.push(spec.pg().subscribe(() => this.render()));
    this.cleanup.push(spec.store.on(['lang'], () => this.render()));
    if (spec.escape !== false) {
      const onKey = (e: KeyboardEvent) => {
        if (e.key !== 'Escape' || !this.running || document.querySelector('dialog[open]')) return;
        e.preventDefault();
        this.stop();
      };
      document.addEventListener('keydown', onKey);
      this.cleanup.push(() => document.removeEventListener('keydown', onKey));
    }
    this.render();
  }

  /** Whether a run is going on (a request open, or calls being made). */
  get running(): boolean {
    return this.agent !== null;
  }

  /** The settings the panel runs with (kept in memory only, for "Run the task" again). */
  use(settings: ModelSettings): void {
    this.settings = settings;
    this.render();
  }

  /**
   * Runs the task with `settings`: the scenario is opened afresh for the model (a run already going is
   * stopped first), and the agent starts on it with the task in the panel (or `options.task`) and the
   * switch's error mode (or `options.errors`). Resolves with the finished run, or null when there is no
   * task (the panel says so).
   */
  async start(
    settings: ModelSettings,
    options: { errors?: ErrorMode; task?: string } = {},
  ): Promise<FinishedRun | null> {
    await this.halt();
    this.settings = settings;
    const pg = this.spec.pg();
    if (options.task !== undefined) this.parts.task.value = options.task;
    if (options.errors) this.parts.vague.checked = options.errors === 'vague';
    const task = this.parts.task.value.trim();
    const errors: ErrorMode = this.parts.vague.checked ? 'vague' : 'coded';
    this.local = null;
    if (!task) {
      this.local = () => ({ code: 'MODEL_NO_TASK', message: tr('modelNoTask') });
      this.render();
      this.parts.task.focus();
      return null;
    }
    const { store } = this.spec;
    const exclusive = this.spec.exclusive ?? ((work) => work());
    try {
      const options = await policyOptions(store.get(), pg.scenario);
      await exclusive(() => pg.load(pg.scenario, { ...options, model: settings }));
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      this.local = () => ({ code: 'MODEL_START_FAILED', message: tr('modelStartFailed', { why }) });
      this.render();
      return null;
    }
    this.taskOf = pg.scenario.id;
    this.parts.task.value = task;
    this.streamed.data = '';
    const provider = createProvider(settings, {
      fetch: this.spec.fetch ?? ((input, init) => fetch(input, init)),
      origin: location.origin,
      ...(this.spec.idleMs ? { idleMs: this.spec.idleMs } : {}),
    });
    const agent = Agent.start(pg, {
      provider,
      task,
      errors,
      autoExternal: store.get().autoExternal,
      ...(this.spec.maxTurns ? { maxTurns: this.spec.maxTurns } : {}),
      ...(this.spec.maxTokens ? { maxTokens: this.spec.maxTokens } : {}),
      onText: (delta) => this.streamed.appendData(delta),
      onChange: (state) => {
        this.state = state;
        if (!state.text) this.streamed.data = '';
        this.render();
      },
    });
    this.agent = agent;
    this.spec.onRunning?.(true);
    this.render();
    const run = await agent.finished;
    if (this.agent === agent) {
      this.agent = null;
      this.spec.onRunning?.(false);
    }
    // An arm of the experiment is a run the model answered to its end (or to a limit), not one whose
    // connection failed or that was stopped: those say nothing of what the model does with an error.
    if (run.status === 'done' || run.failure?.code === 'MODEL_LIMIT')
      this.runs.set(run.scenario, { ...this.runs.get(run.scenario), [run.errors]: run });
    this.render();
    return run;
  }

  /** Stops the run going on: its open request and any running call end at once. Whether there was one. */
  stop(): boolean {
    if (!this.agent) return false;
    this.agent.stop();
    return true;
  }

  private async halt(): Promise<void> {
    const agent = this.agent;
    if (!agent) return;
    agent.stop();
    await agent.finished;
  }

  /** Stops any run and opens the scenario afresh for the script. */
  async leave(): Promise<void> {
    await this.halt();
    const pg = this.spec.pg();
    const exclusive = this.spec.exclusive ?? ((work) => work());
    const options = await policyOptions(this.spec.store.get(), pg.scenario);
    await exclusive(() => pg.load(pg.scenario, options));
    this.state = null;
    this.local = null;
    this.render();
  }

  /** Removes the panel's listeners (the page's Escape key among them). */
  destroy(): void {
    for (const stop of this.cleanup.splice(0)) stop();
    this.agent?.stop();
  }

  private render(): void {
    const pg = this.spec.pg();
    const p = this.parts;
    const state = this.state;
    const running = this.running;
    const status = running ? (state?.status ?? 'requesting') : pg.model ? (state?.status ?? 'done') : 'idle';
    this.el.dataset.modelRun = status;
    this.el.dataset.modelTurn = String(state?.turn ?? 0);
    this.el.dataset.modelTokens = String(state?.tokens ?? 0);
    this.el.dataset.modelErrors = p.vague.checked ? 'vague' : 'coded';
    setText(p.title, tr('modelRunTitle'));
    const info = pg.model ?? this.settings;
    setText(p.name, info ? `${info.model} · ${hostOf(info.baseUrl)}` : '');
    setText(p.configure, tr('modelMenu'));
    setText(p.taskLabel, tr('modelTask'));
    if (this.taskOf !== pg.scenario.id && !running) {
      this.taskOf = pg.scenario.id;
      p.task.value = pg.scenario.task?.[lang()] ?? '';
    }
    setText(p.vagueLabel, tr('modelVague'));
    setText(p.start, tr('modelStart'));
    setText(p.stop, tr('modelStop'));
    setText(p.script, tr('modelScript'));
    p.task.disabled = running;
    p.vague.disabled = running;
    p.start.disabled = running;
    p.stop.disabled = !running;
    p.script.hidden = !pg.model;
    setText(p.status, this.statusText(status, state));
    const failure = state?.failure;
    this.renderProblem(this.local?.() ?? (failure ? problemOf(failure) : null));
    this.renderCompare(pg.scenario);
  }

  private statusText(status: string, state: AgentState | null): string {
    if (!state || status === 'idle') return tr('modelIdle');
    const turn = { turn: state.turn, max: state.maxTurns };
    const words = {
      requesting: tr('modelRequesting', turn),
      calling: tr('modelCalling', turn),
      done: tr('modelDone', turn),
      stopped: tr('modelStopped', turn),
      failed: tr('modelFailed', turn),
    }[state.status];
    const tokens = tr(state.estimated ? 'modelTokensEstimated' : 'modelTokens', {
      n: num(state.tokens),
      max: num(state.maxTokens),
    });
    return `${words} ${tokens}`;
  }

  /** The problem's banner, drawn when it appears or changes: a code, what happened, what to do. */
  private renderProblem(problem: Problem | null): void {
    const box = this.parts.error;
    const key = problem ? JSON.stringify(problem) : '';
    if (this.drawn.problem === key) return;
    this.drawn.problem = key;
    if (!problem) return box.replaceChildren();
    box.replaceChildren(
      h(
        'div',
        { class: 'banner warn', role: 'alert', 'data-model-error': problem.code },
        h('code', { class: 'err-code' }, problem.code),
        ' ',
        problem.message,
        problem.remedy && h('p', {}, h('strong', {}, tr('remedyLabel')), problem.remedy),
        problem.detail && h('p', { class: 'muted', 'data-model-detail': '' }, problem.detail),
      ),
    );
  }

  private renderCompare(scenario: Playground['scenario']): void {
    const both = this.runs.get(scenario.id);
    const box = this.parts.compare;
    const key =
      both?.coded && both.vague
        ? `${lang()}:${both.coded.events.length}:${both.vague.events.length}`
        : lang();
    if (this.drawn.compare === key) return;
    this.drawn.compare = key;
    if (!both?.coded || !both.vague) {
      box.replaceChildren(h('p', { class: 'muted' }, tr('modelCompareHint')));
      return;
    }
    const { rows } = compareRuns(both.coded, both.vague, scenario);
    const l = lang();
    box.replaceChildren(
      h(
        'table',
        { class: 'model-compare', 'data-model-compare': '' },
        h('caption', {}, tr('modelCompare')),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', { scope: 'col' }, tr('modelMeasure')),
            h('th', { scope: 'col' }, `${tr('modelCoded')} · ${both.coded.model.model}`),
            h('th', { scope: 'col' }, `${tr('modelVagueShort')} · ${both.vague.model.model}`),
          ),
        ),
        h(
          'tbody',
          {},
          rows.map((row) =>
            h(
              'tr',
              { 'data-compare': row.key },
              h('th', { scope: 'row' }, row.label[l]),
              h('td', { 'data-arm': 'coded' }, row.values[0][l]),
              h('td', { 'data-arm': 'vague' }, row.values[1][l]),
            ),
          ),
        ),
      ),
    );
  }
}

/** Sets a text only when it differs, so an update that changes nothing touches nothing. */
function setText(el: HTMLElement, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}
