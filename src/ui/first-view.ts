// The first view: what the page shows while the engine (zod, the harness, the tools, the filesystem, the
// rest of the interface) is still loading. It is painted from the lesson's own words and this module's
// few imports alone, so the first load stays small; the full page then takes its place (PageView), the
// same header, controls and transcript, now live. Its controls are disabled: `#app[data-ready="true"]`
// and enabled controls still mean "the run can start".
import type { Lang } from '../model/scenario';
import { DEFAULT_LESSON, lessonIntro, type LessonIntro } from '../model/scenarios/intros';
import { h } from './dom';
import { pickLang } from './lang-pick';
import { policyWords } from './policy-words';
import { SIDE_TABS, tabClass } from './side-tabs';
import { firstStrings } from './strings/first';
import { applyTheme, initialTheme } from './theme';

/** Where the page keeps the lesson it showed last: a hint for the next first view, never trusted further. */
const LAST_LESSON = 'harness-playground:lesson';
/** Where it keeps that run's policy (`''` for none), a hint of the same kind. */
const LAST_POLICY = 'harness-playground:policy';

/** The address parameters that open the default lesson when no `scenario` is named (see address.ts). */
const OPENERS = ['step', 'autoplay', 'policy'];

/** The address parameters that open something the first view cannot paint from a lesson's words. */
const FROM_ELSEWHERE = ['s', 'scenario-url'];

/** The address parameters that start a run afresh: without any, the page carries its last run on. */
const AFRESH = [...FROM_ELSEWHERE, ...OPENERS, 'scenario'];

/**
 * Remembers the run on show, for the next first view: its lesson (a built-in's id, or nothing when the page
 * shows a scenario of the visitor's own) and its policy's id (nothing for none). Storage may be blocked;
 * the next first view then shows the defaults.
 */
export function rememberRun(lesson: string | null, policy: string | null): void {
  try {
    localStorage.setItem(LAST_LESSON, lesson ?? '');
    localStorage.setItem(LAST_POLICY, policy ?? '');
  } catch {
    // The hint is only a hint.
  }
}

/**
 * The lesson the first view shows: the one the address names, else the one the page showed last (its run
 * is carried on), else the default; none for a share link, a scenario file or a scenario of one's own.
 */
export function firstLesson(params: URLSearchParams, last: string | null): LessonIntro | undefined {
  if (FROM_ELSEWHERE.some((name) => params.has(name))) return undefined;
  const named = params.get('scenario');
  if (named !== null) return lessonIntro(named);
  // An address that opens something without naming it (`step`, `autoplay`) opens the default afresh.
  if (OPENERS.some((name) => params.has(name))) return lessonIntro(DEFAULT_LESSON);
  if (last === '') return undefined;
  return lessonIntro(last ?? DEFAULT_LESSON) ?? lessonIntro(DEFAULT_LESSON);
}

/** A hint the last page left (`LAST_LESSON`, `LAST_POLICY`); null when there is none or storage is blocked. */
function lastHint(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

type Word = keyof typeof firstStrings;

/** A disabled run control, built as the live one is: a glyph, then its words (and the live one's class). */
function control(action: string, glyph: string, label: string, cls: string | null = null): HTMLButtonElement {
  return h(
    'button',
    { type: 'button', class: cls, 'data-action': action, disabled: true },
    h('span', { class: 'glyph', 'aria-hidden': 'true' }, glyph),
    h('span', { class: 'label' }, label),
  );
}

/** A disabled select showing one choice, where the live page has its select. */
function shownChoice(id: string, label: string, choice: string): HTMLElement[] {
  return [
    h('label', { for: id, class: 'visually-hidden' }, label),
    h('select', { id, disabled: true }, h('option', {}, choice)),
  ];
}

/**
 * The header as the live page builds it (header.ts), every control disabled: what is open and the page's
 * settings, then the run's controls. The More menu has no entries yet, and no `data-action`: a test or a
 * visitor that reaches for it waits for the live one.
 */
function header(
  tr: (key: Word) => string,
  lang: Lang,
  lesson: LessonIntro | undefined,
  speed: Word,
  policy: string,
) {
  const theme = initialTheme();
  const more = h(
    'details',
    { class: 'more-menu' },
    h('summary', { 'aria-disabled': 'true' }, `⋯ ${tr('more')}`),
  );
  more.addEventListener('click', (e) => e.preventDefault());
  const run = h(
    'div',
    { class: 'controls', role: 'group', 'aria-label': tr('transcript') },
    control('back', '⇤ ', tr('back')),
    control('play', '▶ ', tr('play'), 'primary'),
    control('stop', '■ ', tr('stop')),
    control('step', '⇥ ', tr('step')),
    control('reset', '↺ ', tr('reset')),
    h(
      'label',
      { class: 'speed' },
      h('span', {}, tr('speed')),
      h('select', { disabled: true }, h('option', {}, tr(speed))),
    ),
  );
  return h(
    'header',
    { class: 'topbar' },
    h(
      'div',
      { class: 'topbar-row' },
      h('h1', {}, tr('appTitle')),
      h(
        'button',
        { type: 'button', class: 'scenario-picker', disabled: true },
        h('span', { class: 'muted' }, tr('scenarioLabel')),
        h('span', { class: 'scenario-title' }, lesson?.title[lang] ?? ''),
        ' ▾',
      ),
      h('span', { class: 'topbar-gap' }),
      h(
        'button',
        { type: 'button', class: 'ghost run-policy', disabled: true },
        tr('policyNow').replace('{policy}', policy),
      ),
      h('button', { type: 'button', class: 'ghost', disabled: true }, tr('present')),
      more,
      h(
        'div',
        { class: 'prefs' },
        ...shownChoice('lang', tr('language'), lang === 'zh' ? '中文' : 'English'),
        ...shownChoice('theme', tr('theme'), tr(theme)),
      ),
    ),
    h(
      'div',
      { class: 'topbar-row run-bar' },
      run,
      control('external', '✎ ', tr('simulateExternal'), 'external'),
    ),
  );
}

const SPEEDS = ['slow', 'normal', 'fast', 'instant'] as const;

/**
 * The name of the run's policy: the address's `policy` when it names one; for a run carried on, the one
 * the last page ran under (`''`: none); else the observation policy (no built-in lesson names its own).
 * The hint is only read, never trusted: an id that names no policy is taken as none given.
 */
export function policyShown(params: URLSearchParams, last: string | null, lang: Lang): string {
  const carriedOn = !AFRESH.some((name) => params.has(name));
  const id = params.get('policy') ?? (carriedOn ? last : null);
  if (id === '' && carriedOn) return firstStrings.policyNone[lang];
  const named = Object.entries(policyWords).find(([known]) => known === id);
  return (named?.[1] ?? policyWords['dsh-ledger']).name[lang];
}

/**
 * The side's tab row as the live page builds it (side.ts), every tab disabled and none tied to a panel
 * yet: at phone width it stands above the transcript, so the transcript does not move when the live row
 * takes its place. The transcript's tab is the one selected, as the page opens on it (wider, the files').
 */
function tabRow(tr: (key: Word) => string): HTMLElement {
  const wide = !window.matchMedia('(max-width: 760px)').matches;
  const tabs = SIDE_TABS.map(({ id, label }) =>
    h(
      'button',
      {
        type: 'button',
        role: 'tab',
        class: tabClass(id),
        'aria-selected': String(id === 'transcript' || (wide && id === 'files')),
        disabled: true,
      },
      tr(label),
    ),
  );
  return h('div', { class: 'side-wrap' }, h('div', { class: 'tabs', role: 'tablist' }, tabs));
}

/**
 * Paints the first view into `root` for the address `search`: the header with the lesson's title and the
 * controls (disabled), the tagline, the transcript pane with the lesson's point and the empty
 * transcript's line, and the side's tabs (disabled). Sets the document's language, title and theme as the page will.
 */
export function paintFirstView(root: HTMLElement, search: string): void {
  const params = new URLSearchParams(search);
  const lang: Lang = pickLang(params.get('lang'), navigator.languages ?? [navigator.language]);
  const tr = (key: Word): string => firstStrings[key][lang];
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  document.title = tr('appTitle');
  applyTheme(initialTheme());
  const lesson = firstLesson(params, lastHint(LAST_LESSON));
  const speed = SPEEDS.find((s) => s === params.get('speed')) ?? 'normal';
  const transcript = h(
    'section',
    { class: 'pane transcript', id: 'pane-transcript' },
    h('h2', { class: 'visually-hidden' }, tr('transcript')),
    h(
      'section',
      { class: 'lesson', 'aria-label': tr('lesson') },
      h('p', { class: 'teaches', 'data-teaches': '' }, lesson?.teaches[lang] ?? ''),
    ),
    h('div', { class: 'transcript-list' }, lesson && h('p', { class: 'empty muted' }, tr('emptyTranscript'))),
  );
  root.classList.add('app');
  root.dataset.firstView = 'true';
  // The transcript's tab: at phone width the page shows one pane, and it opens on this one.
  root.dataset.tab = 'transcript';
  if (lesson) root.dataset.scenario = lesson.id;
  // Presentation mode from the address: the projector shows its layout from the first paint, not a
  // page that reflows into it when the engine arrives.
  const present = params.get('present') === '1' && params.get('embed') !== '1';
  if (present) root.dataset.present = 'true';
  root.replaceChildren(
    header(tr, lang, lesson, speed, policyShown(params, lastHint(LAST_POLICY), lang)),
    h('p', { class: 'tagline' }, tr('tagline')),
    // Presentation mode shows no tabs: its side is the ledger, which the first view does not have.
    h('div', { class: 'layout' }, transcript, !present && tabRow(tr)),
  );
}
