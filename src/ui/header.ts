import type { Lang } from '../model';
import type { Playground } from '../run';
import { h } from './dom';
import { tr } from './i18n';
import { moreMenu, type MoreMenuSpec } from './more-menu';
import { policyName } from './policy-words';
import { DEFAULT_POLICY } from './run-policy';
import { speeds, type Speed, type UiStore } from './state';
import { applyTheme, initialTheme, type Theme } from './theme';

/** What the header's controls do. */
export interface HeaderActions {
  play: () => void;
  /** Stops what runs: the call in progress, Play, a real model's run. */
  stop: () => void;
  pause: () => void;
  step: () => void;
  back: () => void;
  reset: () => void;
  external: () => void;
  present: () => void;
  speed: (speed: Speed) => void;
  scenarios: () => void;
  lang: (lang: Lang) => void;
  /** Switches every visitor plugin off (the header's badge). */
  pluginsOff: () => void;
  more: Omit<MoreMenuSpec, 'policy' | 'autoExternal'>;
}

/** Sets a property only when it differs, so an update that changes nothing touches nothing. */
function setText(el: HTMLElement, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}

/** A button whose glyph is decoration: its accessible name is its words alone. */
function glyphButton(
  attrs: Record<string, string>,
  onclick: () => void,
): HTMLButtonElement & { label: HTMLElement; glyph: HTMLElement } {
  const glyph = h('span', { class: 'glyph', 'aria-hidden': 'true' });
  const label = h('span', { class: 'label' });
  const button = h('button', { type: 'button', ...attrs, onclick }, glyph, label);
  return Object.assign(button, { glyph, label });
}

/**
 * The run controls: Play (Pause while playing), Step, Reset, the speed and "Simulate external edit".
 * Built once; `update` changes only the texts and states that differ.
 */
export class RunControls {
  readonly play;
  readonly stop;
  readonly step;
  readonly back;
  readonly reset;
  readonly external;
  readonly speed = h('select', { id: 'speed', 'data-action': 'speed' });
  /** "step 3 of 5": the script's steps taken, and how many it has (retries are not steps). */
  readonly progress = h('span', { class: 'progress', 'data-progress': '', 'aria-live': 'polite' });

  constructor(
    private readonly store: UiStore,
    actions: Pick<
      HeaderActions,
      'play' | 'stop' | 'pause' | 'step' | 'back' | 'reset' | 'external' | 'speed'
    >,
  ) {
    this.play = glyphButton({ class: 'primary', 'data-action': 'play', 'aria-keyshortcuts': 'Space' }, () =>
      this.store.get().run === 'playing' ? actions.pause() : actions.play(),
    );
    this.stop = glyphButton({ 'data-action': 'stop', 'aria-keyshortcuts': 'Escape' }, actions.stop);
    this.step = glyphButton({ 'data-action': 'step', 'aria-keyshortcuts': 'ArrowRight' }, actions.step);
    this.back = glyphButton({ 'data-action': 'back', 'aria-keyshortcuts': 'ArrowLeft' }, actions.back);
    this.reset = glyphButton({ 'data-action': 'reset', 'aria-keyshortcuts': 'R' }, actions.reset);
    this.external = glyphButton(
      { class: 'external', 'data-action': 'external', 'aria-keyshortcuts': 'E' },
      actions.external,
    );
    this.speed.append(...(Object.keys(speeds) as Speed[]).map((s) => h('option', { value: s }, tr(s))));
    this.speed.addEventListener('change', () => actions.speed(this.speed.value as Speed));
    setText(this.stop.glyph, '■ ');
    setText(this.stop.label, tr('stop'));
    setText(this.step.glyph, '⇥ ');
    setText(this.step.label, tr('step'));
    setText(this.back.glyph, '⇤ ');
    setText(this.back.label, tr('back'));
    setText(this.reset.glyph, '↺ ');
    setText(this.reset.label, tr('reset'));
    setText(this.external.glyph, '✎ ');
    setText(this.external.label, tr('simulateExternal'));
  }

  /**
   * Focuses the control a visitor most likely wants next: Play while it can play (the control that
   * starts a run), else Reset (at a run's end, the lesson's next move). For focus that would otherwise
   * fall to the page's body, as when a banner's button takes its banner away.
   */
  focusNext(): void {
    (this.play.disabled ? this.reset : this.play).focus();
  }

  /** Brings every control up to date with the run and the store. */
  update(pg: Playground): void {
    const { run, replay, speed, modelRunning } = this.store.get();
    const playing = run === 'playing';
    // A run a real model drives has no script to play, step or go back in.
    const scripted = !replay && !pg.model;
    setText(this.play.glyph, playing ? '❚❚ ' : '▶ ');
    setText(this.play.label, tr(playing ? 'pause' : 'play'));
    this.play.setAttribute('aria-pressed', String(playing));
    this.play.disabled = !scripted || (pg.script.done && !playing);
    this.stop.disabled = Boolean(replay) || !(playing || pg.calling || modelRunning);
    this.step.disabled = !scripted || pg.script.done;
    this.back.disabled = !scripted || pg.script.state.step === 0;
    this.reset.disabled = Boolean(replay);
    this.external.disabled = Boolean(replay);
    this.speed.disabled = Boolean(replay);
    this.external.classList.toggle('attention', Boolean(pg.script.state.waiting) && !replay);
    if (this.speed.value !== speed) this.speed.value = speed;
    const { progress } = this;
    if (replay || pg.model) {
      const model = replay ? replay.model : pg.model;
      const text = replay
        ? tr('replayProgress', { n: replay.events.length })
        : tr('modelDrives', { model: model?.model ?? '' });
      setText(progress, text);
      delete progress.dataset.step;
      delete progress.dataset.steps;
    } else {
      setText(progress, tr('progress', { n: pg.script.state.step, of: pg.scenario.steps.length }));
      progress.dataset.step = String(pg.script.state.step);
      progress.dataset.steps = String(pg.scenario.steps.length);
    }
  }
}

/** Language and theme: small selects at the end of the header. */
function prefs(lang: Lang, switchLang: (lang: Lang) => void): HTMLElement {
  const langSelect = h(
    'select',
    { id: 'lang', 'data-action': 'lang', onchange: () => switchLang(langSelect.value as Lang) },
    h('option', { value: 'en', selected: lang === 'en' }, 'English'),
    h('option', { value: 'zh', selected: lang === 'zh' }, '中文'),
  );
  const current = initialTheme();
  const themeSelect = h(
    'select',
    { id: 'theme', 'data-action': 'theme', onchange: () => applyTheme(themeSelect.value as Theme) },
    (['system', 'light', 'dark'] as const).map((t) =>
      h('option', { value: t, selected: t === current }, tr(t)),
    ),
  );
  return h(
    'div',
    { class: 'prefs' },
    h('label', { for: 'lang', class: 'visually-hidden' }, tr('language')),
    langSelect,
    h('label', { for: 'theme', class: 'visually-hidden' }, tr('theme')),
    themeSelect,
  );
}

/**
 * The header: the title, the scenario picker (the scenario's name in an embed), the run controls,
 * "Simulate external edit", the More menu, and language and theme. Built once per language.
 */
export class Header {
  readonly el: HTMLElement;
  readonly controls: RunControls;
  /** The run's controls and "Simulate external edit": at phone width, a bar kept on screen. */
  readonly runBar: HTMLElement;
  private readonly title = h('span', { class: 'scenario-title' });
  /**
   * Which policy the run has; a click opens More → Policy…. In an embed, a word beside the lesson's name,
   * shown only when the policy is not the one the lessons are written for.
   */
  private readonly policy: HTMLElement;
  private readonly embed: boolean;
  private readonly menu: ReturnType<typeof moreMenu> | null;
  private readonly present: HTMLButtonElement;
  /** While visitor plugins take part in runs: how many, and one click switches them all off. */
  private readonly plugins: HTMLButtonElement;

  constructor(store: UiStore, actions: HeaderActions, embed: boolean) {
    this.controls = new RunControls(store, actions);
    const { lang, policy, autoExternal } = store.get();
    this.menu = embed ? null : moreMenu({ ...actions.more, policy, autoExternal });
    this.embed = embed;
    this.policy = embed
      ? h('span', { class: 'run-policy muted', 'data-run-policy': '', hidden: true })
      : h('button', {
          type: 'button',
          class: 'ghost run-policy',
          'data-run-policy': '',
          'aria-haspopup': 'dialog',
          onclick: actions.more.choosePolicy,
        });
    this.plugins = h('button', {
      type: 'button',
      class: 'plugins-on',
      'data-active-plugins': '0',
      hidden: true,
      onclick: actions.pluginsOff,
    });
    this.present = h(
      'button',
      {
        type: 'button',
        class: 'ghost',
        'data-action': 'present',
        'aria-keyshortcuts': 'P',
        onclick: actions.present,
      },
      tr('present'),
    );
    const picker = embed
      ? h('span', { class: 'scenario-name' }, this.title)
      : h(
          'button',
          {
            type: 'button',
            class: 'scenario-picker',
            'data-action': 'scenarios',
            'aria-haspopup': 'dialog',
            onclick: actions.scenarios,
          },
          h('span', { class: 'muted' }, tr('scenarioLabel')),
          this.title,
          ' ▾',
        );
    const run = h(
      'div',
      { class: 'controls', role: 'group', 'aria-label': tr('transcript') },
      this.controls.back,
      this.controls.play,
      this.controls.stop,
      this.controls.step,
      this.controls.reset,
      h('label', { class: 'speed' }, h('span', {}, tr('speed')), this.controls.speed),
      this.controls.progress,
    );
    this.runBar = h('div', { class: 'topbar-row run-bar' }, run, this.controls.external);
    // Two rows: what is open and the page's settings, then the run's controls.
    this.el = h(
      'header',
      { class: 'topbar' },
      h(
        'div',
        { class: 'topbar-row' },
        !embed && h('h1', {}, tr('appTitle')),
        picker,
        embed && this.policy,
        !embed && h('span', { class: 'topbar-gap' }),
        !embed && this.policy,
        !embed && this.plugins,
        !embed && this.present,
        this.menu?.el,
        !embed && prefs(lang, actions.lang),
      ),
      this.runBar,
    );
  }

  /** Brings the title, the controls and the menu's policy switch up to date. */
  update(pg: Playground, store: UiStore): void {
    const { replay, lang, policy, present, autoExternal, activePlugins } = store.get();
    // The run's own (a lesson's policy step changes it without a load); in a replay, the replayed
    // session's when it is known, else none: the live run's would mislead.
    const runPolicy = replay ? (replay.policy ?? null) : pg.run.policyId;
    this.policy.dataset.runPolicy = runPolicy ?? '';
    this.policy.hidden = this.embed ? runPolicy === DEFAULT_POLICY : Boolean(replay) && !replay?.policy;
    setText(
      this.policy,
      tr('policyNow', { policy: runPolicy ? policyName(runPolicy, lang) : tr('policyNone') }),
    );
    this.plugins.dataset.activePlugins = String(activePlugins);
    this.plugins.hidden = activePlugins === 0;
    setText(this.plugins, `⚙ ${tr('pluginsOn', { n: activePlugins })}`);
    this.plugins.title = tr('pluginsOffHint');
    const title = replay ? replay.title : pg.scenario.title[lang];
    setText(this.title, title);
    // Presentation mode may end a long title in "…": its tooltip says it whole.
    if (this.title.title !== title) this.title.title = title;
    this.controls.update(pg);
    this.menu?.setPolicy(policy);
    this.menu?.setAutoExternal(autoExternal);
    this.present.setAttribute('aria-pressed', String(present));
  }
}
