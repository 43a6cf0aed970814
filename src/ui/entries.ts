import type { Card, CallEntry, ExternalEntry, LiveCall, TranscriptEntry } from '../harness';
import { renderCard } from './cards';
import { revealUnseen } from './unseen';
import { h, num } from './dom';
import { errorForPeople, fallbackForPeople, type PeopleError } from './error-words';
import { labelled, lang, tr, type StringKey } from './i18n';

const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text).length;

function valueView(live: LiveCall | undefined, failed: boolean): HTMLElement | null {
  if (failed) return null;
  if (!live) return h('p', { class: 'value-note', 'data-value': 'unavailable' }, tr('valueUnavailable'));
  let json: string;
  try {
    json = JSON.stringify(live.value, null, 2) ?? 'undefined';
  } catch {
    json = String(live.value);
  }
  return h(
    'details',
    { class: 'value-view', 'data-value': 'live' },
    h('summary', {}, tr('value'), ' ', h('span', { class: 'badge' }, tr('notPersisted'))),
    h('pre', { tabindex: 0 }, json),
  );
}

/**
 * The plugin that replaced only the content of this result, if one did: the model read its text, while the
 * card and the value come from the value, which still holds everything that text hides.
 */
function contentReplacedBy(entry: CallEntry): string | null {
  const decision = entry.decisions.find((d) => {
    const made = d.decision as { action?: unknown } | null;
    return (
      d.hook === 'post-execute' && made?.action === 'accept' && typeof made === 'object' && 'content' in made
    );
  });
  return decision?.plugin ?? null;
}

/**
 * The word a person reads for each kind of card, in the header of a result. The plain card of text (a
 * tool without a card of its own, a fallback) has none: "generic" tells a reader nothing.
 */
const kindWords: Record<Card['card'], StringKey | null> = {
  generic: null,
  terminal: 'cardKindTerminal',
  diff: 'cardKindDiff',
  read: 'cardKindRead',
  search: 'cardKindSearch',
  web: 'cardKindWeb',
};

/**
 * The kind of a result's card, in words, with the schema's name for it in the tooltip; nothing for an
 * error, whose card is not drawn (its code and words are), nor for the generic card.
 */
function kindView(kind: Card['card'], failed: boolean): HTMLElement | null {
  const word = kindWords[kind];
  if (failed || !word) return null;
  return h('span', { class: 'card-kind muted small', title: labelled('cardKind', kind) }, tr(word));
}

/** The result part of a call's entry: pending, or the result card with what the model saw. */
export function resultView(entry: CallEntry, live: LiveCall | undefined): HTMLElement {
  const result = entry.result;
  if (!result) return h('p', { class: 'pending', 'aria-live': 'polite' }, tr('pending'));
  const error = result.error;
  const impure = live?.impure ?? [];
  const kind = result.card.card.card;
  const leak = error ? null : contentReplacedBy(entry);
  return h(
    'article',
    {
      class: `result${error ? ' is-error' : ''}`,
      'data-card': kind,
      'data-tool': entry.tool,
      'data-error-code': error?.code,
      'data-impure': impure.length ? 'true' : undefined,
      'aria-label': labelled('result', `${entry.tool}${error ? ` — ${error.code}` : ''}`),
    },
    h(
      'header',
      {},
      h('span', { class: 'role' }, tr('result')),
      ' ',
      h('span', { class: 'tool' }, entry.tool),
      result.card.card.title && h('span', { class: 'card-title' }, result.card.card.title),
      // Which kind of card this is: the interface knows kinds, never tool names.
      kindView(kind, Boolean(error)),
    ),
    error &&
      h(
        'div',
        { class: 'error', role: 'note' },
        h('p', {}, h('strong', { class: 'err-code' }, `✖ ${error.code}`)),
        // People read the whole story; the model read its short form (`message`).
        ...errorView(errorForPeople({ ...error, message: error.detail ?? error.message }, lang())),
      ),
    entry.decisions.map((d) =>
      h('p', { class: 'decision' }, `⚖ ${tr('decidedBy', { hook: d.hook, plugin: d.plugin })}`),
    ),
    leak && h('p', { class: 'leak', role: 'note', 'data-leak': 'true' }, `⚠ ${tr('leak', { plugin: leak })}`),
    result.card.fallback &&
      h(
        'p',
        { class: 'fallback' },
        `⚠ ${tr('fallbackCard', { why: fallbackForPeople(result.card.fallback, lang(), result.card.fallbackZh) })}`,
      ),
    impure.length > 0 &&
      h('p', { class: 'impure', role: 'note' }, `⚠ ${tr('impure', { which: impure.join(', ') })}`),
    !error && renderCard(result.card.card),
    // When a plugin replaced only the model's text, the two views differ and that is the point: the card
    // opens what the model saw beside what the person sees.
    h(
      'details',
      { class: 'model-view', open: Boolean(leak) },
      h(
        'summary',
        {},
        tr('modelSaw'),
        ' ',
        h(
          'span',
          { class: 'muted' },
          tr('bytesChars', { bytes: num(bytes(result.modelText)), chars: num(result.modelText.length) }),
        ),
      ),
      h('pre', { 'data-model-view': '', tabindex: 0 }, result.modelText),
    ),
    valueView(live, Boolean(error)),
  );
}

const whoLabel = {
  button: 'externalByButton',
  editor: 'externalByEditor',
  'other-tab': 'externalByOtherTab',
  agent: 'externalByAgent',
  scenario: 'externalByScenario',
  reset: 'externalByScenario',
} as const;

/** An edit behind the agent's back: who, the path, the version before and after, the note and the diff. */
function externalView(entry: ExternalEntry): HTMLElement {
  const from =
    entry.from === undefined ? '' : entry.from === null ? `${tr('externalNew')} → ` : `${entry.from} → `;
  const to = entry.version ?? tr('externalDeleted');
  return h(
    'section',
    {
      class: 'external-entry',
      'data-seq': entry.seq,
      'data-entry': 'external',
      'data-path': entry.path,
      'data-who': entry.who,
      'aria-label': labelled('externalEdit', entry.path),
    },
    h(
      'header',
      {},
      h('span', { class: 'role' }, `✎ ${tr('externalEdit')}`),
      ' ',
      h('span', { class: 'muted' }, tr(whoLabel[entry.who])),
    ),
    h(
      'p',
      { class: 'external-versions' },
      h('span', { class: 'path' }, entry.path),
      ' ',
      h('span', { class: 'badge warn', 'data-versions': '' }, `${from}${to}`),
    ),
    entry.note && h('p', { class: 'external-note' }, entry.note),
    entry.diff &&
      renderCard({
        card: 'diff',
        path: entry.path,
        created: entry.from === null,
        added: entry.diff.added,
        removed: entry.diff.removed,
        hunks: entry.diff.hunks,
      }),
    entry.diff?.truncated && h('p', { class: 'muted small' }, tr('externalDiffCut')),
    h('p', { class: 'external-lesson muted small' }, tr('externalLesson')),
  );
}

/**
 * The node of one transcript entry. A call's node holds its call card and, as its last child, the result
 * part, which `patchEntry` replaces when the result arrives: the entry's node itself lives on.
 */
export function entryView(entry: TranscriptEntry, live: LiveCall | undefined): HTMLElement {
  if (entry.kind === 'external') return externalView(entry);
  if (entry.kind === 'message') {
    return h(
      'div',
      { class: 'message', 'data-seq': entry.seq, 'data-entry': 'message' },
      h('span', { class: 'who' }, tr('model')),
      h('p', {}, entry.text),
    );
  }
  return h(
    'section',
    { class: 'turn', 'data-seq': entry.seq, 'data-call-id': entry.callId, 'data-entry': 'call' },
    callView(entry),
    resultView(entry, live),
  );
}

// The call card each call node shows, to tell whether a newer entry changed it.
const shownCalls = new WeakMap<HTMLElement, string>();

/** The call part: the tool's own call card, or the generic one with the reason its own was not used. */
function callView(entry: CallEntry): HTMLElement {
  const { card, fallback, fallbackZh } = entry.call;
  const node = h(
    'div',
    { class: 'call', 'data-call-card': card.card },
    h('header', {}, h('span', { class: 'role' }, tr('call')), ' ', h('span', { class: 'tool' }, entry.tool)),
    fallback &&
      h(
        'p',
        { class: 'fallback' },
        `⚠ ${tr('fallbackCard', { why: fallbackForPeople(fallback, lang(), fallbackZh) })}`,
      ),
    revealUnseen(renderCard(card)),
  );
  shownCalls.set(node, JSON.stringify(entry.call));
  return node;
}

/**
 * Brings the node of a call entry up to date with a newer version of the entry: its result and
 * decisions, and its call card when that changed (a sandboxed tool's own card exists once it has run).
 */
export function patchEntry(node: HTMLElement, entry: TranscriptEntry, live: LiveCall | undefined): void {
  if (entry.kind !== 'call') return;
  const call = node.firstElementChild;
  if (call instanceof HTMLElement && shownCalls.get(call) !== JSON.stringify(entry.call))
    call.replaceWith(callView(entry));
  node.lastElementChild?.replaceWith(resultView(entry, live));
}

/** Whether an entry can still change: a call still waiting for its result. */
export function unsettled(entry: TranscriptEntry): boolean {
  return entry.kind === 'call' && !entry.result;
}

/** An error's words for a person, and the model's own beside them when those differ. */
function errorView(error: PeopleError): HTMLElement[] {
  const shown: HTMLElement[] = [h('p', {}, error.message)];
  if (error.remedy) shown.push(h('p', { class: 'remedy' }, h('strong', {}, tr('remedyLabel')), error.remedy));
  const { verbatim } = error;
  if (verbatim) {
    const text = verbatim.remedy ? `${verbatim.message}\n${verbatim.remedy}` : verbatim.message;
    shown.push(
      h('details', { class: 'verbatim' }, h('summary', {}, tr('modelWords')), h('pre', { lang: 'en' }, text)),
    );
  }
  return shown;
}
