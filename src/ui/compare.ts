import type { FsBackend } from '../fs/types';
import type { Lang, Scenario } from '../model';
import type { ExternalChange } from '../model/scenario';
import { fill, h } from './dom';
import { tr } from './i18n';
import type { WorkspaceFiles } from './workspace';

/** One file shown in the comparison, and the race that targets it. */
interface Column {
  label: string;
  path: string;
  file: { content: string; version: string } | null;
  race: { change: ExternalChange; landed: boolean } | null;
}

function verdict(column: Column): HTMLElement | null {
  if (!column.race) return null;
  if (!column.race.landed) return h('p', { class: 'muted' }, tr('raceNotYet'));
  const mark = column.race.change.replace ?? column.race.change.append ?? '';
  const kept = Boolean(column.file?.content.includes(mark));
  return h(
    'p',
    { class: kept ? 'verdict kept' : 'verdict lost', 'data-kept': String(kept) },
    tr(kept ? 'changeKept' : 'changeLost'),
  );
}

function view(columns: readonly Column[]): HTMLElement {
  return h(
    'section',
    { class: 'side-by-side', 'aria-label': tr('sideBySide') },
    h('h3', {}, tr('sideBySide')),
    h(
      'div',
      { class: 'columns' },
      columns.map((c) =>
        h(
          'div',
          { class: 'column', 'data-compare-path': c.path },
          h('h4', {}, c.label),
          h('p', { class: 'path' }, `${c.path}${c.file ? ` · ${c.file.version}` : ''}`),
          h('pre', {}, c.file?.content ?? '—'),
          verdict(c),
        ),
      ),
    ),
  );
}

/**
 * Files a scenario compares side by side above the transcript (the race under three strengths), each
 * with its content and whether the other writer's change survived. Read again only when one of them
 * changed version or a race landed.
 */
export class CompareView {
  readonly el = h('div', { class: 'compare' });
  private shown = '';
  private reading = 0;

  constructor(
    private readonly fs: FsBackend,
    private readonly files: WorkspaceFiles,
  ) {}

  update(
    wanted: NonNullable<Scenario['sideBySide']>,
    lang: Lang,
    raceOn: (path: string) => Column['race'],
  ): void {
    const races = wanted.map(({ path }) => raceOn(path));
    const key = JSON.stringify([lang, wanted.map(({ path }) => [path, this.files.version(path)]), races]);
    if (key === this.shown) return;
    this.shown = key;
    const reading = ++this.reading;
    if (wanted.length === 0) {
      fill(this.el);
      return;
    }
    void Promise.all(
      wanted.map(async ({ label, path }, i) => ({
        label: label[lang],
        path,
        file: await this.fs.read(path),
        race: races[i] ?? null,
      })),
    ).then((columns) => {
      if (reading === this.reading) fill(this.el, view(columns));
    });
  }
}
