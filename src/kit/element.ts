import type { Controller, PageDefaults, Payloads, ReportKind } from './embed';
import { embedIn } from './embed';
import type { EmbedOptions } from './options';
import type { KitLang, Speed, ThemeName } from './protocol';

/** The DOM events the element fires, each with the report's payload as `detail`. */
export const elementEvents: Record<ReportKind, string> = {
  ready: 'playground-ready',
  state: 'playground-state',
  event: 'playground-event',
  resize: 'playground-resize',
  error: 'playground-error',
};

/**
 * `<harness-playground scenario="stale-version" lang="zh" autoplay>`: a playground embedded by its
 * attributes (`scenario`, `scenario-url`, `lang`, `speed`, `autoplay`, `present`, `height`,
 * `click-to-load`, `app`, `theme`, `max-height`). Changing `scenario`, `scenario-url`, `lang`, `speed` or
 * `theme` afterwards changes the running playground. It fires `playground-ready`, `playground-state`,
 * `playground-event`, `playground-resize` and `playground-error` with the payload as `detail`, and
 * `controller` drives it.
 */
export function definePlaygroundElement(page: () => PageDefaults): void {
  if (customElements.get('harness-playground')) return;

  class PlaygroundElement extends HTMLElement {
    static observedAttributes = ['scenario', 'scenario-url', 'lang', 'speed', 'theme'];
    /** The embed's controller while the element is in a document; null otherwise. */
    controller: Controller | null = null;

    connectedCallback(): void {
      if (this.controller) return;
      try {
        this.controller = embedIn(this, this.options(), page(), this);
      } catch (error) {
        // A bad attribute is the page author's to see; the rest of the page goes on.
        console.error(error);
        return;
      }
      for (const [kind, type] of Object.entries(elementEvents) as [ReportKind, string][]) {
        this.controller.on(kind, (detail: Payloads[typeof kind]) =>
          this.dispatchEvent(new CustomEvent(type, { detail })),
        );
      }
    }

    disconnectedCallback(): void {
      this.controller?.destroy();
      this.controller = null;
    }

    attributeChangedCallback(name: string, old: string | null, value: string | null): void {
      const c = this.controller;
      if (!c || old === value || value === null) return;
      try {
        if (name === 'scenario-url' || (name === 'scenario' && !this.hasAttribute('scenario-url')))
          c.load(name === 'scenario-url' ? new URL(value, document.baseURI) : value);
        else if (name === 'lang') c.setLang(value as KitLang);
        else if (name === 'speed') c.setSpeed(value as Speed);
        else if (name === 'theme') c.setTheme(value as ThemeName);
      } catch (error) {
        console.error(error);
      }
    }

    private options(): EmbedOptions {
      const attr = (name: string) => this.getAttribute(name) ?? undefined;
      const url = attr('scenario-url');
      const height = attr('height');
      const options: EmbedOptions = {
        autoplay: this.hasAttribute('autoplay'),
        present: this.hasAttribute('present'),
        clickToLoad: this.hasAttribute('click-to-load'),
      };
      const scenario = url !== undefined ? new URL(url, document.baseURI) : attr('scenario');
      if (scenario !== undefined) options.scenario = scenario;
      if (attr('lang')) options.lang = attr('lang') as KitLang;
      if (attr('speed')) options.speed = attr('speed') as Speed;
      const px = (css: string) => (/^\d+(\.\d+)?$/.test(css) ? Number(css) : css);
      if (height) options.height = px(height);
      if (attr('max-height')) options.maxHeight = px(attr('max-height')!);
      if (attr('theme')) options.theme = attr('theme') as ThemeName;
      if (attr('app')) options.app = attr('app')!;
      return options;
    }

    play(): void {
      this.controller?.play();
    }
    pause(): void {
      this.controller?.pause();
    }
    step(): void {
      this.controller?.step();
    }
    back(): void {
      this.controller?.back();
    }
    reset(): void {
      this.controller?.reset();
    }
    external(): void {
      this.controller?.external();
    }
    reveal(): void {
      this.controller?.reveal();
    }
  }

  customElements.define('harness-playground', PlaygroundElement);
}
