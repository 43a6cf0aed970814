import { builtInPreview } from './built-ins';
import type { Controller, Payloads, ReportKind } from './controller';
import {
  frameAddress,
  scenarioRef,
  settingsOf,
  type EmbedOptions,
  type ScenarioRef,
  type Settings,
} from './options';
import { placeholder, placeholderStyle, type Card } from './placeholder';
import {
  COMMAND,
  ERROR,
  EVENT,
  MESSAGE_PREFIX,
  READY,
  RESIZE,
  STATE,
  fixOf,
  langs,
  speedNames,
  themes,
  type Command,
  type EmbedError,
  type EmbedState,
  type KitLang,
  type SimpleCommand,
  type Speed,
  type ThemeName,
} from './protocol';
import { readScenario, type Reading } from './source';
import { hostStyle, pageTheme, watchPageTheme } from './theme';

export type { Controller, Payloads, ReportKind } from './controller';

/** Reported heights are kept within these bounds, so a broken frame cannot make the page endless. */
const MIN_HEIGHT = 80;
const MAX_HEIGHT = 50_000;
/** A frame of auto height starts this tall (about its controls), until its first resize report. */
const START_HEIGHT = 120;
/** Commands queued beyond this drop the oldest. */
const MAX_QUEUE = 100;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where the kit finds what it cannot be told: the page's address and language, the playground's. */
export interface PageDefaults {
  base: string;
  app: string | null;
  lang: KitLang | null;
}

class Embed implements Controller {
  readonly element: HTMLElement;
  frame: HTMLIFrameElement | null = null;
  ready = false;
  state: EmbedState | null = null;
  private readonly root: ShadowRoot;
  private readonly settings: Settings;
  private queue: Command[] = [];
  private readonly listeners = new Map<ReportKind, Set<(payload: never) => void>>();
  private destroyed = false;
  /** The scenario's title: it names the frame for screen readers. */
  private title: string | null = null;
  /** What the kit read of the scenario asked for; a newer `load` makes an older reading stale. */
  private reading: Promise<Reading>;
  private card: Card | null = null;
  private failed = false;
  private opening = false;
  private sentTheme: ThemeName | null = null;
  private readonly hear = (e: MessageEvent) => this.onMessage(e);
  private readonly unwatch: () => void;
  private readonly page: PageDefaults;
  /** Whether the kit made `element` (and takes it out on destroy), or was given it to hold the embed. */
  private readonly made: boolean;

  constructor(target: Element, options: EmbedOptions, page: PageDefaults, self: HTMLElement | null) {
    this.page = page;
    this.settings = settingsOf(options, page.base, page);
    // The element holds its frame in its own shadow root, so what the page wrote inside it stays as it
    // was: a generator that renders pages on a server and hydrates them (Docusaurus's React) finds the
    // element's children as it rendered them, where a child added by the kit makes it render the page anew.
    this.made = !self;
    this.element = self ?? document.createElement('div');
    this.root = self?.shadowRoot ?? this.element.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = `:host{display:block}iframe{display:block;width:100%;border:0;max-height:${this.settings.maxHeight}}${placeholderStyle}`;
    this.root.replaceChildren(style);
    if (this.made) {
      this.element.className = 'harness-playground';
      target.append(this.element);
    }
    window.addEventListener('message', this.hear);
    this.unwatch = watchPageTheme(() => this.settings.theme === 'auto' && this.sendTheme());
    this.reading = this.read();
    if (this.settings.clickToLoad) this.showCard();
    else this.wake(this.settings.autoplay);
  }

  private get lang(): KitLang {
    return this.settings.lang ?? 'en';
  }

  // `failing`: an error read here is the kit's to show (else the playground, told at once, shows it).
  private read(failing = true): Promise<Reading> {
    const reading = (this.reading = readScenario(this.settings.scenario, this.settings.app, this.lang));
    void reading.then((read) => {
      if (this.reading !== reading || this.destroyed) return;
      if (read.preview) this.title = read.preview.title;
      if (read.preview && this.card && !this.failed) this.card.fill(read.preview);
      if (!read.ok && failing) this.fail(read.error);
    });
    return reading;
  }

  private showCard(): void {
    const scenario = this.settings.scenario;
    const known = scenario?.kind === 'id' ? builtInPreview(scenario.id, this.lang) : null;
    const stand = scenario?.kind === 'id' ? scenario.id : 'Harness Playground';
    this.card = placeholder(this.lang, known?.title ?? stand, () => this.play());
    if (known) this.card.fill(known);
    this.root.append(this.card.el);
  }

  // The embed shows the error in place of the playground: nothing else is ever played instead.
  private fail(error: EmbedError): void {
    this.failed = true;
    this.frame?.remove();
    this.frame = null;
    this.ready = false;
    this.queue = [];
    if (!this.card) this.showCard();
    this.card!.fail(error);
    this.report(error);
  }

  private report(error: EmbedError): void {
    const fix = fixOf(error.code, 'en');
    console.error(`${error.code}: ${error.message}. ${fix} (Harness Playground embed)`);
    this.emit('error', error);
  }

  // The playground opens once the scenario is read: a click-to-load card's when the visitor, or the page,
  // first asks it to do something; another embed's at once.
  private wake(autoplay = false): void {
    if (this.frame || this.opening || this.failed || this.destroyed) return;
    this.opening = true;
    const go = (reading: Promise<Reading>): void =>
      void reading.then((read) => {
        if (this.reading !== reading) return go(this.reading);
        this.opening = false;
        if (this.destroyed || !read.ok) return;
        this.card?.el.remove();
        this.card = null;
        this.open(read.scenario, autoplay);
      });
    go(this.reading);
  }

  /** The theme to send: the option, or the page's own for `auto`. */
  private theme(): ThemeName {
    return this.settings.theme === 'auto' ? pageTheme() : this.settings.theme;
  }

  private sendTheme(): void {
    const theme = this.theme();
    if (theme === this.sentTheme || !this.frame) return;
    this.sentTheme = theme;
    this.send({ type: COMMAND, command: 'theme', theme, style: hostStyle(this.element) });
  }

  // A fresh frame each time, rather than a new `src`, so the host page's history gains no entry.
  private open(scenario: ScenarioRef | null, autoplay: boolean): void {
    const settings = { ...this.settings, scenario };
    const frame = document.createElement('iframe');
    frame.title = this.title ? `Harness Playground: ${this.title}` : 'Harness Playground';
    frame.src = frameAddress(settings, { autoplay, theme: this.theme() });
    frame.style.height =
      this.settings.height === 'auto'
        ? `${this.frame?.offsetHeight || START_HEIGHT}px`
        : this.settings.height;
    if (!this.settings.clickToLoad) frame.loading = 'lazy';
    this.frame?.remove();
    this.frame = frame;
    this.ready = false;
    this.root.append(frame);
    if (scenario?.kind === 'object') {
      this.queue.unshift({ type: COMMAND, command: 'load', scenario: scenario.value });
      if (autoplay) this.queue.splice(1, 0, { type: COMMAND, command: 'play' });
    }
    // The address carries the theme; the look, when the page sets one, follows as a command.
    this.sentTheme = this.theme();
    const style = hostStyle(this.element);
    if (Object.keys(style).length)
      this.send({ type: COMMAND, command: 'theme', theme: this.sentTheme, style });
  }

  private onMessage(e: MessageEvent): void {
    if (!this.frame || e.source !== this.frame.contentWindow || e.origin !== this.settings.app.origin) return;
    const data: unknown = e.data;
    if (!isRecord(data) || typeof data.type !== 'string' || !data.type.startsWith(MESSAGE_PREFIX)) return;
    // A playground that predates the ready message listens from its first state report.
    if (!this.ready && (data.type === READY || data.type === STATE)) this.becomeReady({ type: READY });
    if (data.type === STATE && isRecord(data.state)) {
      this.state = data.state as unknown as EmbedState;
      this.emit('state', this.state);
    } else if (data.type === EVENT && isRecord(data.event)) this.emit('event', data.event);
    else if (data.type === RESIZE) this.resize(data.height);
    else if (data.type === ERROR && typeof data.code === 'string' && typeof data.message === 'string')
      this.report({ code: data.code.slice(0, 64), message: data.message.slice(0, 2000) });
  }

  private becomeReady(message: { type: typeof READY }): void {
    this.ready = true;
    const queued = this.queue;
    this.queue = [];
    for (const command of queued) this.post(command);
    this.emit('ready', message);
  }

  private resize(height: unknown): void {
    if (typeof height !== 'number' || !Number.isFinite(height) || height <= 0) return;
    const px = Math.round(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, height)));
    if (this.settings.height === 'auto' && this.frame) this.frame.style.height = `${px}px`;
    this.emit('resize', { height: px });
  }

  private emit<K extends ReportKind>(kind: K, payload: Payloads[K]): void {
    for (const listener of this.listeners.get(kind) ?? []) {
      try {
        (listener as (p: Payloads[K]) => void)(payload);
      } catch (error) {
        // One listener's fault must not keep the others, or the kit, from hearing the next report.
        console.error(`A HarnessPlayground "${kind}" listener threw:`, error);
      }
    }
  }

  private post(command: Command): void {
    try {
      this.frame?.contentWindow?.postMessage(command, this.settings.app.origin);
    } catch (error) {
      // A scenario object the browser cannot clone (a function in it) is the caller's to fix.
      console.error('HarnessPlayground could not send a command:', error);
    }
  }

  private send(command: Command): void {
    if (this.destroyed) return;
    if (this.ready) return this.post(command);
    this.queue.push(command);
    if (this.queue.length > MAX_QUEUE) this.queue.shift();
  }

  private simple(command: SimpleCommand): void {
    if (this.failed) return;
    // A question is only ever on a loaded playground: Reveal does not load a card.
    if (command !== 'pause' && command !== 'reveal') this.wake();
    this.send({ type: COMMAND, command });
  }

  play(): void {
    this.simple('play');
  }
  pause(): void {
    this.simple('pause');
  }
  step(): void {
    this.simple('step');
  }
  back(): void {
    this.simple('back');
  }
  reset(): void {
    this.simple('reset');
  }
  external(): void {
    this.simple('external');
  }
  reveal(): void {
    this.simple('reveal');
  }

  load(scenario: string | URL | object): void {
    if (this.destroyed) return;
    const ref = (this.settings.scenario = scenarioRef(scenario, this.page.base));
    this.title = null;
    this.failed = false;
    if (!this.frame) {
      // A card still waiting for its click (or an error) shows the new scenario instead.
      this.card?.el.remove();
      this.card = null;
      this.read();
      return this.settings.clickToLoad ? this.showCard() : this.wake();
    }
    // An id or an object goes at once, in order with the commands after it; the playground checks it.
    const reading = this.read(ref.kind === 'url');
    if (ref.kind !== 'url')
      return this.send({ type: COMMAND, command: 'load', scenario: ref.kind === 'id' ? ref.id : ref.value });
    void reading.then((read) => {
      if (this.reading !== reading || this.destroyed || !read.ok || read.scenario?.kind === 'id') return;
      if (read.scenario?.kind === 'object')
        return this.send({ type: COMMAND, command: 'load', scenario: read.scenario.value });
      this.queue = [];
      this.open(read.scenario, false);
    });
  }

  setSpeed(speed: Speed): void {
    if (!speedNames.includes(speed))
      throw new RangeError(`Unknown speed ${JSON.stringify(speed)}: use ${speedNames.join(', ')}`);
    this.settings.speed = speed;
    this.send({ type: COMMAND, command: 'speed', speed });
  }

  setLang(lang: KitLang): void {
    if (!langs.includes(lang))
      throw new RangeError(`Unknown lang ${JSON.stringify(lang)}: use ${langs.join(', ')}`);
    this.settings.lang = lang;
    this.send({ type: COMMAND, command: 'lang', lang });
  }

  setTheme(theme: ThemeName): void {
    if (!themes.includes(theme))
      throw new RangeError(`Unknown theme ${JSON.stringify(theme)}: use ${themes.join(', ')}`);
    this.settings.theme = theme;
    this.sendTheme();
  }

  on<K extends ReportKind>(kind: K, listener: (payload: Payloads[K]) => void): () => void {
    if (!['ready', 'state', 'event', 'resize', 'error'].includes(kind))
      throw new RangeError(
        `Unknown report ${JSON.stringify(kind)}: use ready, state, event, resize or error`,
      );
    if (typeof listener !== 'function') throw new TypeError('A listener must be a function');
    const set = this.listeners.get(kind) ?? new Set();
    set.add(listener as (payload: never) => void);
    this.listeners.set(kind, set);
    return () => set.delete(listener as (payload: never) => void);
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    window.removeEventListener('message', this.hear);
    this.unwatch();
    this.queue = [];
    this.listeners.clear();
    if (this.made) this.element.remove();
    else this.root.replaceChildren();
    this.frame = null;
  }
}

/**
 * Embeds a playground in `target` (an element, or a selector for one) and returns its controller. The
 * embed lives in an element the kit adds to `target`, or, given `self`, in that element's own shadow root.
 * Throws a TypeError for a target that is not there and for options that do not fit, naming them.
 */
export function embedIn(
  target: Element | string,
  options: EmbedOptions,
  page: PageDefaults,
  self: HTMLElement | null = null,
): Controller {
  const element = typeof target === 'string' ? document.querySelector(target) : target;
  if (!(element instanceof Element))
    throw new TypeError(
      `HarnessPlayground.embed: no element ${typeof target === 'string' ? JSON.stringify(target) : String(target)}`,
    );
  return new Embed(element, options, page, self);
}
