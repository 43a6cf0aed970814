import type { Playground } from '../run';
import { h, num } from './dom';
import { withKeyHints } from './key-hints';
import { colon, tr } from './i18n';
import type { OutcomeCheck } from '../run/outcome';
import type { Notice, UiStore } from './state';
import { STORAGE_UNAVAILABLE, type StorageState } from '../storage';
import { STORAGE_WAIT_MS } from '../fs/open';

/** One banner: a key (its `data-banner`), and what it shows. A banner keeps its node while its content holds. */
interface Shown {
  key: string;
  /** Changes when the banner must be drawn again (its text, the language). */
  content: string;
  node: HTMLElement;
}

function noticeView(notice: Notice, close: () => void): HTMLElement {
  const { text, tone, code, link } = notice;
  return h(
    'div',
    {
      class: `banner ${tone}`,
      role: tone === 'warn' ? 'alert' : 'status',
      'data-banner': 'notice',
      'data-code': code,
    },
    code && h('code', { class: 'err-code' }, code),
    code && ' ',
    text,
    link &&
      h('input', {
        type: 'text',
        readonly: true,
        class: 'share-link',
        value: link,
        'data-share-link': '',
        'aria-label': tr('shareLink'),
        onfocus: (e: Event) => (e.target as HTMLInputElement).select(),
      }),
    ' ',
    h('button', { type: 'button', class: 'ghost', onclick: close }, tr('close')),
  );
}

/**
 * Close, for the banner at a run's end: at phone width the banners sit at the foot of the screen, over
 * whatever the page shows (the lab's editor), and this takes it away until the next run ends. Shown at
 * phone width only (phone.css); first in the banner, so it floats at its top right.
 */
function closeButton(close: () => void): HTMLElement {
  return h(
    'button',
    { type: 'button', class: 'ghost banner-close', 'data-action': 'close-done', onclick: close },
    tr('close'),
  );
}

/** The end of a script without an outcome whose calls met errors their steps did not expect. */
function unexpectedView(unexpected: NonNullable<OutcomeCheck['unexpected']>, close: () => void): HTMLElement {
  return h(
    'div',
    { class: 'banner warn', 'data-banner': 'done', 'data-unexpected': '', role: 'alert' },
    closeButton(close),
    h('p', {}, `⚠ ${tr('unexpectedErrors')}`),
    h(
      'ul',
      { class: 'outcome' },
      unexpected.map((u) =>
        h(
          'li',
          { 'data-code': u.code },
          h('code', { class: 'err-code' }, u.code),
          ' ',
          tr('atStep', { n: u.step }),
        ),
      ),
    ),
    h('p', {}, tr('unexpectedHint')),
  );
}

/** The end of the script, and how the run compares with the outcome its scenario states. */
function doneView(outcome: OutcomeCheck | null, close: () => void): HTMLElement {
  if (outcome?.unexpected) return unexpectedView(outcome.unexpected, close);
  if (!outcome || outcome.ok) {
    const text = outcome ? tr('outcomeOk') : tr('done');
    return h('p', { class: 'banner done', 'data-banner': 'done' }, closeButton(close), `✓ ${text}`);
  }
  return h(
    'div',
    { class: 'banner warn', 'data-banner': 'done', role: 'alert' },
    closeButton(close),
    h('p', {}, `⚠ ${tr('outcomeMismatch')}`),
    h(
      'table',
      { class: 'outcome' },
      h('thead', {}, h('tr', {}, h('th', {}, ''), h('th', {}, tr('expected')), h('th', {}, tr('seen')))),
      h(
        'tbody',
        {},
        outcome.differences.map((d) =>
          h(
            'tr',
            { 'data-difference': d.what },
            h('th', { scope: 'row' }, d.what === 'errors' ? tr('errorCodes') : d.what),
            h('td', {}, h('pre', {}, d.expected)),
            h('td', {}, h('pre', {}, d.seen)),
          ),
        ),
      ),
    ),
  );
}

/** The banner saying this page keeps nothing, and why (`data-code` STORAGE_UNAVAILABLE). */
function memoryView(why: StorageState): HTMLElement {
  const text = {
    refused: () => tr('notPersistent'),
    unanswered: () => tr('storageUnanswered', { s: num(STORAGE_WAIT_MS / 1000) }),
    late: () => tr('storageLate'),
  }[why]();
  return h(
    'p',
    { class: 'banner warn', 'data-banner': 'memory', 'data-code': STORAGE_UNAVAILABLE, 'data-storage': why },
    h('code', { class: 'err-code' }, STORAGE_UNAVAILABLE),
    ' ',
    text,
  );
}

/** What the banners need from the app. */
export interface BannerSpec {
  store: UiStore;
  embed: boolean;
  leaveReplay: () => void;
  /**
   * Where focus goes once a banner's Close took the banner, and itself, away: back to `was` (what had
   * focus when the banner came) where it still can take it, else to the run's next control.
   */
  refocus: (was?: Element | null) => void;
}

/**
 * The banners above the transcript: a notice (a refused import, a damaged link, the share link), memory
 * only, the script waiting for an external edit, replay, done. Each is drawn when it appears or changes,
 * and otherwise left alone, so focus on a banner's button survives the steps of a run.
 */
export class Banners {
  readonly el = h('div', { class: 'banners', 'aria-live': 'polite' });
  private shown: Shown[] = [];
  /** The script whose end the visitor closed: its done banner stays away while it stays done. */
  private closedEnd: Playground['script'] | null = null;
  private pg: Playground | null = null;

  constructor(private readonly spec: BannerSpec) {}

  update(pg: Playground): void {
    const { store } = this.spec;
    this.pg = pg;
    // A new run (a new script) or a step back from the end: the next end is shown again.
    if (this.closedEnd !== pg.script || !pg.script.done) this.closedEnd = null;
    const { notice, replay, lang, storage } = store.get();
    const wanted: { key: string; content: string; make: () => HTMLElement }[] = [];
    if (notice) {
      wanted.push({
        key: 'notice',
        content: JSON.stringify([notice, lang]),
        make: () => {
          const was = document.activeElement;
          return noticeView(notice, () => {
            store.set({ notice: null });
            this.spec.refocus(was);
          });
        },
      });
    }
    if (storage && !this.spec.embed) {
      wanted.push({ key: 'memory', content: `${lang}:${storage}`, make: () => memoryView(storage) });
    }
    const waiting = pg.script.state.waiting;
    if (waiting && !replay) {
      const step = pg.scenario.steps.find((s) => 'external' in s && s.external === waiting);
      const note = step && 'note' in step ? step.note[lang] : '';
      wanted.push({
        key: 'waiting',
        content: `${lang}:${note}`,
        make: () =>
          h(
            'p',
            { class: 'banner attention', 'data-banner': 'waiting' },
            withKeyHints(`✎ ${tr('waitingExternal', { note }).replace(/ {2,}/g, ' ')}`),
          ),
      });
    }
    if (replay) {
      const { read } = replay;
      wanted.push({
        key: 'replay',
        content: `${lang}:${replay.title}:${read ? read.done : 'all'}`,
        make: () =>
          h(
            'p',
            { class: 'banner info', 'data-banner': 'replay' },
            `↻ ${replay.title}${colon()}${tr('replayMode')} `,
            read &&
              h(
                'label',
                { class: 'replay-reading' },
                tr('replayReading', { done: num(read.done), total: num(read.total) }),
                ' ',
                h('progress', { max: read.total, value: read.done, 'data-replay-progress': '' }),
              ),
            ' ',
            h(
              'button',
              { type: 'button', 'data-action': 'leave-replay', onclick: this.spec.leaveReplay },
              tr('leaveReplay'),
            ),
          ),
      });
    } else if (store.get().recording) {
      wanted.push({
        key: 'recording',
        content: lang,
        make: () =>
          h('p', { class: 'banner attention', 'data-banner': 'recording' }, `● ${tr('recordingBanner')}`),
      });
    } else if (pg.script.done && !pg.model && !this.closedEnd) {
      // A real model's run has no script to be done with: its panel says how the run ended.
      const { outcome } = store.get();
      const close = () => this.closeEnd();
      wanted.push({
        key: 'done',
        content: `${lang}:${JSON.stringify(outcome)}`,
        make: () => doneView(outcome, close),
      });
    }
    this.place(wanted);
  }

  /** The visitor closed the banner at the run's end: it stays away until another end. */
  private closeEnd(): void {
    const pg = this.pg;
    if (!pg) return;
    this.closedEnd = pg.script;
    this.update(pg);
    this.spec.refocus();
  }

  private place(wanted: { key: string; content: string; make: () => HTMLElement }[]): void {
    const same =
      wanted.length === this.shown.length &&
      wanted.every((w, i) => w.key === this.shown[i]!.key && w.content === this.shown[i]!.content);
    if (same) return;
    const old = new Map(this.shown.map((s) => [s.key, s]));
    this.shown = wanted.map((w) => {
      const kept = old.get(w.key);
      return kept && kept.content === w.content ? kept : { key: w.key, content: w.content, node: w.make() };
    });
    const nodes = this.shown.map((s) => s.node);
    nodes.forEach((node, i) => {
      if (this.el.children[i] !== node) this.el.insertBefore(node, this.el.children[i] ?? null);
    });
    while (this.el.children.length > nodes.length) this.el.lastElementChild!.remove();
  }
}
