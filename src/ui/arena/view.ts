// More → Arena (and `?arena=1`): the edit-safety arena in the page. A worker runs every hazard under
// every policy, and under the plugin open in the lab (which answers from a sandbox in the page), each in
// a workspace of its own in memory; the matrix fills in as the runs end, while the page stays free, and a
// cell replays its run in the transcript. The view imports nothing of the engine: the worker is built
// apart, so the first page's chunks stay as they are.
import '../styles/arena.css';
import type { ArenaHost } from '../arena-open';
import { isPolicyId } from '../../model/scenario-names';
import { h } from '../dom';
import { tr } from '../i18n';
import type { ArenaGuest } from './guest';
import { YOURS, type FromWorker, type RunInfo, type ToWorker } from './protocol';
import { at, glyphs, outcomes } from './strings';
import { MatrixTable } from './table';
import workerUrl from './worker?worker&url';

/** Offers `text` as a download named `name`. */
function download(text: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = h('a', { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a minute is plenty.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The worker, from a `blob:` address (the site's policy allows workers from blobs only): its script is
 * fetched from the site, so the page neither parses nor decodes it.
 */
async function startWorker(): Promise<Worker> {
  const script = await (await fetch(workerUrl)).blob();
  const url = URL.createObjectURL(new Blob([script], { type: 'text/javascript' }));
  const worker = new Worker(url);
  // Revoked once the worker speaks: by then its script has been read.
  worker.addEventListener('message', () => URL.revokeObjectURL(url), { once: true });
  return worker;
}

/** The arena's dialog; `run` fills it in. */
class ArenaView {
  readonly el: HTMLDialogElement;
  private readonly status = h('p', { class: 'arena-status', role: 'status' });
  private readonly scroll = h('div', { class: 'arena-scroll' });
  private readonly downloads: HTMLButtonElement[];
  private table: MatrixTable | null = null;
  private worker: Worker | null = null;
  private guest: ArenaGuest | null = null;
  private closed = false;
  /** The name of the lab's plugin in "Your policy", if one is applied. */
  private name = '';
  /** What "Your policy" holds until the worker says whether the plugin decided anything. */
  private yoursNote = '';
  private total = 0;
  private placed = 0;
  private exports: { json: unknown; svg: string } | null = null;
  /** Runs heard and not drawn yet: they are drawn once a frame, so a message is a short task. */
  private queued: RunInfo[] = [];
  private frame = 0;

  constructor(private readonly app: ArenaHost) {
    const button = (action: string, label: string, save: () => void) =>
      h('button', { type: 'button', 'data-action': action, disabled: true, onclick: save }, label);
    this.downloads = [
      button('arena-json', at('downloadJson'), () =>
        download(`${JSON.stringify(this.exports?.json, null, 2)}\n`, 'arena.json', 'application/json'),
      ),
      button('arena-svg', at('downloadSvg'), () =>
        download(this.exports?.svg ?? '', 'arena-matrix.svg', 'image/svg+xml'),
      ),
    ];
    const legend = h(
      'dl',
      { class: 'arena-legend', 'aria-label': at('legend') },
      outcomes.flatMap((o) => [
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
      this.scroll,
      h('h3', { class: 'gallery-group' }, at('legend')),
      legend,
    );
    this.el.addEventListener('close', () => {
      this.closed = true;
      this.stop();
    });
  }

  /** Starts the lab's plugin (if one is applied) and the worker; the runs come in as messages. */
  async run(): Promise<void> {
    const lab = this.app.lab.current;
    await lab?.ready;
    const applied = lab?.openPlugin() ?? null;
    this.yoursNote = at('yoursNone');
    if (applied) {
      this.name = applied.name;
      this.status.textContent = at('yoursStarting', { name: applied.name });
      const { arenaGuest } = await import('../lab');
      const open = { name: applied.name, source: applied.source, typescript: applied.lines !== null };
      const made = await arenaGuest(open);
      if (made.ok) this.guest = made.guest;
      else this.yoursNote = at('yoursFailed', { name: applied.name, why: `${made.why} (${made.code})` });
    }
    const worker = await startWorker();
    if (this.closed) {
      worker.terminate();
      return this.stop();
    }
    this.worker = worker;
    worker.onmessage = (e: MessageEvent<FromWorker>) => this.heard(e.data);
    const yours = this.guest && applied ? { name: applied.name, hooks: this.guest.hooks } : null;
    this.send({ kind: 'start', yours });
  }

  private send(message: ToWorker): void {
    this.worker?.postMessage(message);
  }

  private heard(m: FromWorker): void {
    switch (m.kind) {
      case 'columns': {
        const builtIn = m.policies.filter((p) => p.id !== YOURS);
        this.table = new MatrixTable({
          hazards: m.hazards,
          policies: builtIn,
          replay: (r) => this.replay(r),
        });
        this.table.yours(this.guest ? at('yoursNamed', { name: this.name }) : this.yoursNote);
        this.scroll.replaceChildren(this.table.el);
        this.total = m.hazards.length * m.policies.length;
        return;
      }
      case 'run':
        this.queued.push(m.run);
        this.drawSoon();
        return;
      case 'ask':
        void this.guest
          ?.ask(m.hook, m.input)
          .then((answer) => this.send({ kind: 'answer', id: m.id, ...answer }));
        return;
      case 'observed':
        this.guest?.observed(m.event);
        return;
      case 'fresh':
        this.guest?.fresh();
        return;
      case 'done':
        return this.done(m);
      case 'failed':
        this.el.dataset.state = 'failed';
        this.status.textContent = m.message;
        this.stop();
        return;
      default: {
        const never: never = m;
        return never;
      }
    }
  }

  private drawSoon(): void {
    this.frame ||= requestAnimationFrame(() => this.draw());
  }

  private draw(): void {
    this.frame = 0;
    for (const run of this.queued) this.table?.place(run);
    this.placed += this.queued.length;
    this.queued = [];
    if (this.el.dataset.state === 'running')
      this.status.textContent = at('running', { done: this.placed, total: this.total });
  }

  private done({ ms, json, svg, decided }: Extract<FromWorker, { kind: 'done' }>): void {
    this.draw();
    this.exports = { json, svg };
    if (this.guest) this.table?.yours(at(decided ? 'yoursNamed' : 'yoursSilent', { name: this.name }));
    this.el.dataset.state = 'done';
    this.el.dataset.arenaMs = String(Math.round(ms));
    this.status.textContent = at('done', { total: this.placed, seconds: (ms / 1000).toFixed(1) });
    for (const b of this.downloads) b.disabled = false;
    this.stop();
  }

  /** Ends the worker and the plugin's sandbox (the view was closed, or every run is made). */
  private stop(): void {
    this.worker?.terminate();
    this.worker = null;
    this.guest?.dispose();
    this.guest = null;
  }

  /** Shows a cell's run in the transcript, cards and all, as a replay. */
  private replay(run: RunInfo): void {
    const hazard = this.table?.title(run.hazard) ?? run.hazard;
    const policy = run.policy === YOURS ? at('yours') : run.policy;
    this.el.close();
    const title = at('replayTitle', { hazard, policy, outcome: at(run.outcome) });
    this.app.showReplay(run.log, title, isPolicyId(run.policy) ? { policy: run.policy } : {});
  }
}

/** Opens the arena over the page (one at a time) and starts filling it in. */
export function showArena(app: ArenaHost): void {
  if (document.querySelector('dialog[data-dialog="arena"]')) return;
  const view = new ArenaView(app);
  view.el.addEventListener('close', () => view.el.remove());
  document.body.append(view.el);
  view.el.showModal();
  void view.run();
}
