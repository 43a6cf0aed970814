// The arena's matrix as a table: a row per hazard, a column per policy (and "Your policy"), a cell per
// run that can be replayed, and the totals of each outcome per policy. Updated in place as runs end.
import type { ArenaOutcome } from '../../model/hazard';
import { isPolicyId } from '../../model/scenario-names';
import { h } from '../dom';
import { lang } from '../i18n';
import { policyWords } from '../policy-words';
import { YOURS, type HazardInfo, type PolicyInfo, type RunInfo } from './protocol';
import { at, glyphs, outcomes } from './strings';

/** What the table is drawn from, and what a click on a cell does. */
export interface MatrixTableSpec {
  hazards: readonly HazardInfo[];
  /** The built-in policies ("Your policy" comes after them). */
  policies: readonly PolicyInfo[];
  replay: (run: RunInfo) => void;
}

/** An outcome as a person reads it: its glyph and its words. */
export const outcomeLabel = (outcome: ArenaOutcome): string => `${glyphs[outcome]} ${at(outcome)}`;

/**
 * A column header's tooltip: what the policy checks and the product it models, in the page's language
 * (the page's words for a built-in; the policy's own, in English, for any other).
 */
function columnTitle(p: PolicyInfo): string {
  const words = isPolicyId(p.id) ? policyWords[p.id] : null;
  return words ? `${words.does[lang()]}\n${words.models[lang()]}` : `${p.summary}\n${p.product}`;
}

/** A policy id that may break after each hyphen in a narrow column. */
const breakable = (id: string) => id.split('-').flatMap((part, i) => (i ? ['-', h('wbr'), part] : [part]));

const refusalText = (run: RunInfo) =>
  run.refusals.map((r) => `${r.tool}${r.agent === 'b' ? ' (b)' : ''}: ${r.code}`).join('\n');

/** The matrix's table. `place` puts a run in its cell; `yours` says what the last column holds. */
export class MatrixTable {
  readonly el: HTMLTableElement;
  private readonly cells = new Map<string, HTMLTableCellElement>();
  private readonly totals = new Map<string, HTMLTableCellElement>();
  private readonly counts = new Map<string, number>();
  private readonly yoursNote = h('small', { class: 'arena-yours-note', 'data-arena-yours': '' });

  constructor(private readonly spec: MatrixTableSpec) {
    const columns = [...spec.policies.map((p) => p.id), YOURS];
    const head = h(
      'tr',
      {},
      h('th', { scope: 'col' }, at('hazard')),
      spec.policies.map((p) =>
        h('th', { scope: 'col', 'data-policy': p.id, title: columnTitle(p) }, h('code', {}, breakable(p.id))),
      ),
      h('th', { scope: 'col', 'data-policy': YOURS, class: 'arena-yours' }, at('yours'), this.yoursNote),
    );
    const rows = spec.hazards.map((hazard) =>
      h(
        'tr',
        { 'data-hazard': hazard.id },
        h(
          'th',
          { scope: 'row', title: hazard.teaches[lang()] },
          hazard.title[lang()],
          h('code', {}, hazard.id),
        ),
        columns.map((policy) => {
          const td = h('td', { 'data-policy': policy });
          this.cells.set(`${hazard.id} ${policy}`, td);
          return td;
        }),
      ),
    );
    const foot = outcomes.map((outcome) =>
      h(
        'tr',
        { 'data-outcome': outcome },
        h('th', { scope: 'row' }, outcomeLabel(outcome)),
        columns.map((policy) => {
          const td = h('td', { 'data-arena-total': '', 'data-policy': policy, 'data-outcome': outcome });
          this.totals.set(`${policy} ${outcome}`, td);
          return td;
        }),
      ),
    );
    this.el = h(
      'table',
      { class: 'arena-matrix' },
      h('caption', { class: 'visually-hidden' }, at('title')),
      h('thead', {}, head),
      h('tbody', {}, rows),
      h('tfoot', {}, h('tr', {}, h('th', { colspan: columns.length + 1 }, at('totals'))), foot),
    );
  }

  /** Puts a run in its cell (a button that replays it) and counts it in its column's totals. */
  place(run: RunInfo): void {
    const td = this.cells.get(`${run.hazard} ${run.policy}`);
    if (!td || td.firstChild) return;
    td.append(
      h(
        'button',
        {
          type: 'button',
          class: 'arena-cell',
          'data-arena-cell': '',
          'data-policy': run.policy,
          'data-hazard': run.hazard,
          'data-outcome': run.outcome,
          title: [this.title(run.hazard), refusalText(run)].filter(Boolean).join('\n'),
          onclick: () => this.spec.replay(run),
        },
        outcomeLabel(run.outcome),
      ),
    );
    const key = `${run.policy} ${run.outcome}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    for (const outcome of outcomes) {
      const total = this.totals.get(`${run.policy} ${outcome}`);
      if (total) total.textContent = String(this.counts.get(`${run.policy} ${outcome}`) ?? 0);
    }
  }

  /** A hazard's title, by id, in the page's language. */
  title(hazard: string): string | undefined {
    return this.spec.hazards.find((x) => x.id === hazard)?.title[lang()];
  }

  /** What the "Your policy" column holds, in words under its name. */
  yours(note: string): void {
    if (this.yoursNote.textContent !== note) this.yoursNote.textContent = note;
  }
}
