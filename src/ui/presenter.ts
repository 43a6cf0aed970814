import { fill, h } from './dom';
import type { Lang } from '../model/scenario';
import { colon, pickLang, showLang, speakFrom, tr, type StringKey } from './i18n';
import {
  PRESENTER_CHANNEL,
  PresenterState,
  type PresenterCommand,
  type StepView,
} from './presenter-protocol';
import { applyTheme, initialTheme } from './theme';

const kinds: Record<StepView['kind'], StringKey> = {
  say: 'stepKindSay',
  call: 'stepKindCall',
  external: 'stepKindExternal',
  use: 'stepKindUse',
  policy: 'stepKindPolicy',
  ask: 'stepKindAsk',
};

const clock = (ms: number): string => {
  const s = Math.floor(ms / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

function setText(el: Element, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}

/**
 * The presenter view (`?presenter=1`): kept in step with the playground window that opened it, over a
 * BroadcastChannel. It shows where the script stands, this step and the next, the speaker notes, a
 * question's answer before it is revealed, and the time since it opened; its buttons and keys drive the
 * playground window. It runs nothing itself: the playground window has the one run.
 */
export class PresenterView {
  private readonly channel = new BroadcastChannel(PRESENTER_CHANNEL);
  private readonly opened = Date.now();
  private state: PresenterState | null = null;
  private readonly title = h('h1', { class: 'presenter-title' });
  private readonly progress = h('p', { class: 'presenter-progress', 'data-presenter': 'progress' });
  private readonly elapsed = h('p', { class: 'presenter-elapsed', 'data-presenter': 'elapsed' });
  private readonly waitingNote = h('p', { class: 'presenter-waiting muted', 'data-presenter': 'waiting' });
  private readonly current = h('section', { class: 'presenter-step', 'data-presenter': 'current' });
  private readonly notes = h('section', { class: 'presenter-notes', 'data-presenter': 'notes' });
  private readonly next = h('section', { class: 'presenter-step next', 'data-presenter': 'next' });
  private readonly ask = h('section', { class: 'presenter-ask', 'data-presenter': 'ask', hidden: true });
  private readonly buttons: Record<'back' | 'play' | 'step' | 'reveal' | 'external', HTMLButtonElement>;

  /** `first`: the language until the playground window tells its own, which is then the one spoken. */
  constructor(
    private readonly root: HTMLElement,
    first: Lang = 'en',
  ) {
    speakFrom(() => this.state?.lang ?? first);
    const button = (command: PresenterCommand['command'], key: string) =>
      h('button', {
        type: 'button',
        'data-action': command,
        'aria-keyshortcuts': key,
        onclick: () => this.send(command),
      });
    this.buttons = {
      back: button('back', 'ArrowLeft'),
      play: button('play', 'Space'),
      step: button('step', 'ArrowRight'),
      reveal: button('reveal', 'Enter'),
      external: button('external', 'E'),
    };
    this.buttons.play.onclick = () => this.send(this.state?.run === 'playing' ? 'pause' : 'play');
    this.channel.onmessage = (e: MessageEvent<unknown>) => {
      const parsed = PresenterState.safeParse(e.data);
      if (parsed.success) this.show(parsed.data);
    };
    document.addEventListener('keydown', (e) => this.key(e));
    setInterval(() => this.tick(), 1000);
    this.layout();
    this.send('hello');
  }

  private send(command: PresenterCommand['command']): void {
    this.channel.postMessage({ type: 'command', command } satisfies PresenterCommand);
  }

  private key(e: KeyboardEvent): void {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const commands: Record<string, PresenterCommand['command']> = {
      ArrowRight: 'step',
      ArrowLeft: 'back',
      Enter: 'reveal',
      e: 'external',
      E: 'external',
      ' ': this.state?.run === 'playing' ? 'pause' : 'play',
    };
    const command = commands[e.key];
    if (!command) return;
    e.preventDefault();
    this.send(command);
  }

  private tick(): void {
    setText(this.elapsed, `${tr('presenterElapsed')}${colon()}${clock(Date.now() - this.opened)}`);
  }

  /** Builds the page in the language now in use. */
  private layout(): void {
    const b = this.buttons;
    this.root.classList.add('presenter');
    this.root.dataset.presenterView = 'true';
    this.root.replaceChildren(
      h('header', { class: 'presenter-head' }, this.title, this.progress, this.elapsed),
      h('div', { class: 'presenter-controls', role: 'group' }, b.back, b.play, b.step, b.reveal, b.external),
      this.waitingNote,
      h('div', { class: 'presenter-grid' }, h('div', {}, this.current, this.notes, this.ask), this.next),
    );
    setText(b.back, `⇤ ${tr('back')}`);
    setText(b.step, `${tr('step')} ⇥`);
    setText(b.reveal, tr('reveal'));
    setText(b.external, `✎ ${tr('simulateExternal')}`);
    this.tick();
    if (this.state) this.show(this.state, true);
    else setText(this.waitingNote, tr('presenterWaiting'));
  }

  private show(state: PresenterState, force = false): void {
    const relayout = state.lang !== this.state?.lang && !force;
    this.state = state;
    if (relayout) {
      showLang(false);
      document.title = tr('presenterTitle');
      return this.layout();
    }
    this.root.dataset.step = String(state.step);
    this.root.dataset.runState = state.run;
    this.waitingNote.hidden = true;
    setText(this.title, `${tr('presenterTitle')}${colon()}${state.title}`);
    setText(this.progress, tr('progress', { n: state.step, of: state.steps }));
    const playing = state.run === 'playing';
    setText(this.buttons.play, playing ? `❚❚ ${tr('pause')}` : `▶ ${tr('play')}`);
    this.buttons.reveal.hidden = !(state.ask && !state.ask.revealed);
    this.buttons.external.hidden = !state.waiting;
    this.buttons.back.disabled = state.step === 0;
    this.buttons.step.disabled = state.run === 'done';
    this.stepCard(
      this.current,
      'presenterCurrent',
      state.current,
      state.step === 0 ? 'presenterStart' : 'presenterEnd',
    );
    this.stepCard(this.next, 'presenterNext', state.next, 'presenterEnd');
    this.notes.replaceChildren(
      h('h2', {}, tr('presenterNotes')),
      h(
        'p',
        { class: state.current?.notes ? 'notes' : 'muted' },
        state.current?.notes ?? tr('presenterNoNotes'),
      ),
    );
    this.showAsk(state.ask);
  }

  private stepCard(el: HTMLElement, label: StringKey, step: StepView | null, none: StringKey): void {
    fill(
      el,
      h('h2', {}, tr(label)),
      step
        ? h(
            'p',
            { 'data-kind': step.kind },
            h('span', { class: 'presenter-kind' }, `${step.n}. ${tr(kinds[step.kind])}${colon()}`),
            step.summary,
          )
        : h('p', { class: 'muted' }, tr(none)),
      el === this.next && step?.notes ? h('p', { class: 'notes next-notes' }, step.notes) : null,
    );
  }

  private showAsk(ask: PresenterState['ask']): void {
    this.ask.hidden = ask === null;
    if (!ask) return this.ask.replaceChildren();
    this.ask.dataset.revealed = String(ask.revealed);
    this.ask.replaceChildren(
      h('h2', {}, tr(ask.revealed ? 'presenterAnswerShown' : 'presenterAnswer')),
      h('p', { class: 'ask-question' }, ask.question),
      h(
        'ol',
        {},
        ...ask.choices.map((c, i) =>
          h(
            'li',
            i === ask.answer ? { class: 'right', 'data-answer': '' } : {},
            c,
            i === ask.answer ? ` ✓ ${tr('rightAnswer')}` : '',
          ),
        ),
      ),
      h('p', {}, h('strong', {}, `${tr('whyLabel')}${colon()}`), ask.why),
    );
  }
}

/** Starts the presenter view in `root`, in the language of the address (then the playground's). */
export function bootPresenter(root: HTMLElement, location: Location = window.location): PresenterView {
  const params = new URLSearchParams(location.search);
  applyTheme(initialTheme());
  const view = new PresenterView(
    root,
    pickLang(params.get('lang'), navigator.languages ?? [navigator.language]),
  );
  showLang(false);
  document.title = tr('presenterTitle');
  root.dataset.ready = 'true';
  return view;
}
