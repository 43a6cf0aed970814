import { fetchPreview, placeholder, placeholderStyle } from './placeholder';
import {
  frameAddress,
  scenarioRef,
  settingsOf,
  type EmbedOptions,
  type ScenarioRef,
  type Settings,
} from './options';
import {
  COMMAND,
  EVENT,
  MESSAGE_PREFIX,
  READY,
  RESIZE,
  STATE,
  langs,
  speedNames,
  type Command,
  type EmbedState,
  type KitLang,
  type SimpleCommand,
  type Speed,
} from './protocol';

/** What each kind of report hands its listeners. */
export interface Payloads {
  /** The ready message, `{type: "harness-playground:ready"}`. */
  ready: { type: typeof READY };
  state: EmbedState;
  /** One logged event, in the session file's format. */
  event: Record<string, unknown>;
  /** The content's new height, in CSS pixels. */
  resize: { height: number };
}
export type ReportKind = keyof Payloads;

/** An embedded playground, driven from the host page. Every method is safe to call before it is ready. */
export interface Controller {
  /** The element the kit made and put in the target. */
  readonly element: HTMLElement;
  /** The playground's frame; null while a click-to-load card waits for its click. */
  readonly frame: HTMLIFrameElement | null;
  /** Whether the playground has said it listens; commands sent before are queued, then sent in order. */
  readonly ready: boolean;
  /** The last state the playground reported, or null. */
  readonly state: EmbedState | null;
  /**
   * Plays. This and `step`, `back`, `reset` and `external` load a click-to-load embed first, as its
   * Play button does; `pause` does not.
   */
  play(): void;
  pause(): void;
  step(): void;
  /** One step back. */
  back(): void;
  reset(): void;
  /** Presses "Simulate external edit". */
  external(): void;
  /** Presses "Reveal": the answer of the lesson's question the run stands at. */
  reveal(): void;
  /**
   * Opens another scenario: a built-in id or a scenario object (sent as `load`), or the address of a
   * scenario file (the frame is opened afresh on it; commands still queued for the old one are dropped).
   */
  load(scenario: string | URL | object): void;
  setSpeed(speed: Speed): void;
  setLang(lang: KitLang): void;
  /** Calls `listener` with the payload of each report of `kind`; returns the function that stops it. */
  on<K extends ReportKind>(kind: K, listener: (payload: Payloads[K]) => void): () => void;
  /** Removes the frame or card and stops listening. Later calls do nothing. */
  destroy(): void;
}

/** Reported heights are kept within these bounds, so a broken frame cannot make the page endless. */
const MIN_HEIGHT = 80;
const MAX_HEIGHT = 50_000;
/** A frame of auto height starts this tall, until its first resize report. */
const START_HEIGHT = 480;
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
  /** The scenario's title, once a card has read it: it names the frame for screen readers. */
  private title: string | null = null;
  private readonly hear = (e: MessageEvent) => this.onMessage(e);
  private readonly page: PageDefaults;

  constructor(target: Element, options: EmbedOptions, page: PageDefaults) {
    this.page = page;
    this.settings = settingsOf(options, page.base, page);
    this.element = document.createElement('div');
    this.element.className = 'harness-playground';
    this.root = this.element.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = `:host{display:block}iframe{display:block;width:100%;border:0}${placeholderStyle}`;
    this.root.append(style);
    target.append(this.element);
    window.addEventListener('message', this.hear);
    if (this.settings.clickToLoad) this.showCard();
    else this.open(this.settings.scenario, this.settings.autoplay);
  }

  private get lang(): KitLang {
    return this.settings.lang ?? 'en';
  }

  private showCard(): void {
    const scenario = this.settings.scenario;
    const stand = scenario?.kind === 'id' ? scenario.id : 'Harness Playground';
    const card = placeholder(this.lang, stand, () => this.play());
    this.root.append(card.el);
    void fetchPreview(scenario, this.settings.app, this.lang).then((preview) => {
      if (!preview || this.destroyed || !card.el.isConnected) return;
      card.fill(preview);
      this.title = preview.title;
    });
  }

  // A click-to-load card leaves when the visitor, or the page, first asks the playground to do something.
  private wake(): void {
    if (this.frame || this.destroyed || !this.settings.clickToLoad) return;
    this.root.querySelector('[data-placeholder]')?.remove();
    this.open(this.settings.scenario, false);
  }

  // A fresh frame each time, rather than a new `src`, so the host page's history gains no entry.
  private open(scenario: ScenarioRef | null, autoplay: boolean): void {
    const settings = { ...this.settings, scenario };
    const frame = document.createElement('iframe');
    frame.title = this.title ? `Harness Playground: ${this.title}` : 'Harness Playground';
    frame.src = frameAddress(settings, { autoplay });
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
    const ref = scenarioRef(scenario, this.page.base);
    this.settings.scenario = ref;
    this.title = null;
    if (!this.frame) {
      // A card still waiting for its click shows the new scenario instead.
      this.root.querySelector('[data-placeholder]')?.remove();
      return this.showCard();
    }
    if (ref.kind === 'url') {
      this.queue = [];
      return this.open(ref, false);
    }
    this.send({ type: COMMAND, command: 'load', scenario: ref.kind === 'id' ? ref.id : ref.value });
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

  on<K extends ReportKind>(kind: K, listener: (payload: Payloads[K]) => void): () => void {
    if (!['ready', 'state', 'event', 'resize'].includes(kind))
      throw new RangeError(`Unknown report ${JSON.stringify(kind)}: use ready, state, event or resize`);
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
    this.queue = [];
    this.listeners.clear();
    this.element.remove();
    this.frame = null;
  }
}

/**
 * Embeds a playground in `target` (an element, or a selector for one) and returns its controller.
 * Throws a TypeError for a target that is not there and for options that do not fit, naming them.
 */
export function embedIn(target: Element | string, options: EmbedOptions, page: PageDefaults): Controller {
  const element = typeof target === 'string' ? document.querySelector(target) : target;
  if (!(element instanceof Element))
    throw new TypeError(
      `HarnessPlayground.embed: no element ${typeof target === 'string' ? JSON.stringify(target) : String(target)}`,
    );
  return new Embed(element, options, page);
}
