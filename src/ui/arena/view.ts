// More → Arena (and `?arena=1`): the edit-safety arena in the page. Every hazard runs under every policy,
// and under the plugin open in the lab, each in a workspace of its own in memory; the matrix fills in as
// the runs end, the page keeps answering, and a cell replays its run in the transcript.
import '../styles/arena.css';
import { arenaOutcomes } from '../../model/hazard';
import { builtInHazardFiles } from '../../model/hazards';
import { policies, policyIds, type PolicySpec } from '../../plugins/policies';
import { arenaJson, parseHazards, type ArenaMatrix, type ArenaRun } from '../../run/arena';
import { arenaSvg } from '../../run/arena-svg';
import type { App } from '../app';
import { h } from '../dom';
import { tr } from '../i18n';
import { download } from '../sessions';
import { computeArena } from './compute';
import { at, glyphs } from './strings';
import { MatrixTable } from './table';
import { yourPolicy, YOURS, type OpenPlugin } from './yours';

const hazards = parseHazards(builtInHazardFiles);
const builtIn: readonly PolicySpec[] = policyIds.map((id) => policies[id]);

/** Runs being made, shared by every view: the built-in columns are computed once a page. */
interface Job {
  runs: ArenaRun[];
  heard: Set<(run: ArenaRun) => void>;
  done: Promise<void>;
  ms: number;
}
let job: Job | null = null;

function builtInJob(): Job {
  if (job) return job;
  const started = performance.now();
  const made: Job = { runs: [], heard: new Set(), ms: 0, done: Promise.resolve() };
  const onRun = (run: ArenaRun) => {
    made.runs.push(run);
    for (const listener of made.heard) listener(run);
  };
  made.done = computeArena(hazards, builtIn, { onRun }).then(() => {
    made.ms = performance.now() - started;
  });
  job = made;
  return made;
}

/** The "Your policy" column last computed, for the plugin source it was computed from. */
let yoursKept: { key: string; spec: PolicySpec; runs: ArenaRun[]; note: string; ms: number } | null = null;

/** The arena's dialog; `run` fills it in. */
class ArenaView {
  readonly el: HTMLDialogElement;
  private readonly table: MatrixTable;
  private readonly status = h('p', { class: 'arena-status', role: 'status' });
  private readonly downloads: HTMLButtonElement[];
  private readonly stop = new AbortController();
  private yours: { spec: PolicySpec; runs: ArenaRun[] } | null = null;

  constructor(private readonly app: App) {
    this.table = new MatrixTable({ hazards, policies: builtIn, replay: (run) => this.replay(run) });
    const button = (action: string, label: string, save: () => void) =>
      h('button', { type: 'button', 'data-action': action, disabled: true, onclick: save }, label);
    this.downloads = [
      button('arena-json', at('downloadJson'), () =>
        download(`${JSON.stringify(arenaJson(this.matrix()), null, 2)}\n`, 'arena.json'),
      ),
      button('arena-svg', at('downloadSvg'), () =>
        download(arenaSvg(this.matrix()), 'arena-matrix.svg', 'image/svg+xml'),
      ),
    ];
    const legend = h(
      'dl',
      { class: 'arena-legend', 'aria-label': at('legend') },
      arenaOutcomes.flatMap((o) => [
        h('dt', { 'data-outcome': o }, `${glyphs[o]} ${at(o)}`),
        h('dd', {}, at(`${o}Means`)),
      ]),
    );
    const close = h(
      'button',
      { type: 'button', class: 'ghost', onclick: () => this.el.close() },
      tr('close'),
    );
    this.el = h(
      'dialog',
      {
        class: 'gallery arena',
        'data-dialog': 'arena',
        'data-state': 'running',
        'aria-labelledby': 'arena-title',
      },
      h('header', {}, h('h2', { id: 'arena-title' }, at('title')), h('div', {}, ...this.downloads, close)),
      h('p', { class: 'muted small' }, at('intro')),
      this.status,
      h('div', { class: 'arena-scroll' }, this.table.el),
      h('h3', { class: 'gallery-group' }, at('legend')),
      legend,
    );
    this.el.addEventListener('close', () => {
      this.stop.abort();
      this.el.remove();
    });
  }

  /** Computes (or shows the kept) runs; resolves when the matrix is complete or the view was closed. */
  async run(): Promise<void> {
    const lab = this.app.lab.current;
    await lab?.ready;
    const applied = lab?.openPlugin() ?? null;
    const open: OpenPlugin | null = applied && {
      name: applied.name,
      source: applied.source,
      typescript: applied.lines !== null,
    };
    const total = hazards.length * (builtIn.length + (open ? 1 : 0));
    let placed = 0;
    const place = (run: ArenaRun) => {
      this.table.place(run);
      placed += 1;
      if (this.el.dataset.state === 'running')
        this.status.textContent = at('running', { done: placed, total });
    };
    const built = builtInJob();
    built.runs.forEach(place);
    built.heard.add(place);
    try {
      await built.done;
    } finally {
      built.heard.delete(place);
    }
    const yoursMs = await this.runYours(open, place);
    if (this.stop.signal.aborted) return;
    const ms = built.ms + yoursMs;
    this.el.dataset.state = 'done';
    this.el.dataset.arenaMs = String(Math.round(ms));
    this.status.textContent = at('done', { total: placed, seconds: (ms / 1000).toFixed(1) });
    for (const b of this.downloads) b.disabled = false;
  }

  /** Fills the "Your policy" column; the time it took (0 when kept from before or not run). */
  private async runYours(open: OpenPlugin | null, place: (run: ArenaRun) => void): Promise<number> {
    if (!open) {
      this.table.yours(at('yoursNone'));
      return 0;
    }
    const key = `${open.typescript}:${open.source}`;
    if (yoursKept?.key === key) {
      yoursKept.runs.forEach(place);
      this.table.yours(yoursKept.note);
      this.yours = yoursKept;
      return yoursKept.ms;
    }
    const started = performance.now();
    this.table.yours(at('yoursStarting', { name: open.name }));
    const made = await yourPolicy(open);
    if (made.kind === 'none') return 0;
    if (made.kind === 'failed') {
      this.table.yours(at('yoursFailed', { name: made.name, why: `${made.why} (${made.code})` }));
      return 0;
    }
    try {
      const runs = await computeArena(hazards, [made.spec], { onRun: place, signal: this.stop.signal });
      if (runs.length < hazards.length) return 0;
      const note = at(made.decided() ? 'yoursNamed' : 'yoursSilent', { name: made.name });
      this.table.yours(note);
      const ms = performance.now() - started;
      yoursKept = { key, spec: made.spec, runs, note, ms };
      this.yours = yoursKept;
      return ms;
    } finally {
      made.dispose();
    }
  }

  /** The matrix shown, "Your policy" included when it ran, cells row by row. */
  private matrix(): ArenaMatrix {
    const columns = [...builtIn, ...(this.yours ? [this.yours.spec] : [])];
    const all = [...(job?.runs ?? []), ...(this.yours?.runs ?? [])];
    const runs = hazards.flatMap((hz) =>
      columns.flatMap((p) => all.filter((r) => r.hazard === hz.id && r.policy === p.id)),
    );
    return { hazards, policies: columns, runs };
  }

  /** Shows a cell's run in the transcript, cards and all, as a replay. */
  private replay(run: ArenaRun): void {
    const hazard = hazards.find((x) => x.id === run.hazard)?.title ?? run.hazard;
    const policy = run.policy === YOURS ? at('yours') : run.policy;
    this.el.close();
    this.app.showReplay(run.log, at('replayTitle', { hazard, policy, outcome: at(run.outcome) }));
  }
}

/** Opens the arena over the page (one at a time) and starts filling it in. */
export function showArena(app: App): void {
  if (document.querySelector('dialog[data-dialog="arena"]')) return;
  const view = new ArenaView(app);
  document.body.append(view.el);
  view.el.showModal();
  void view.run();
}
