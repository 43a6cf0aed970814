// A tutorial page on another origin than the playground, for tests/browser/kit.spec.ts: it loads the
// embed kit from `?kit=<address of embed.js>` with a plain <script> tag, as a tutorial page would, and
// keeps what each embed reports; a sibling frame can post to the page, as a stranger's window would.

/** What a listener heard: the report's kind and payload. */
export interface HeardByHost {
  kind: string;
  payload: unknown;
}

declare global {
  interface Window {
    __kitHost?: {
      /** Resolves once the kit's script has run. */
      loaded: Promise<void>;
      /** Reports heard by embed `name`, in order (filled by the test's own `on` calls). */
      heard: Record<string, HeardByHost[]>;
      /** Posts `data` to this page from a sibling frame. */
      fromSibling(data: unknown): void;
    };
  }
}

const kit = new URLSearchParams(location.search).get('kit');
if (!kit) throw new Error('kit-host.html needs ?kit=<the address of embed.js>');
const lang = new URLSearchParams(location.search).get('page-lang');
if (lang) document.documentElement.lang = lang;

const script = Object.assign(document.createElement('script'), { src: kit });
const loaded = new Promise<void>((resolve, reject) => {
  script.onload = () => resolve();
  script.onerror = () => reject(new Error(`the kit did not load from ${kit}`));
});
const sibling = Object.assign(document.createElement('iframe'), {
  title: 'Another frame',
  srcdoc: `<script>addEventListener('message', (e) => parent.postMessage(e.data, '*'));</script>`,
});
sibling.style.cssText = 'width: 1px; height: 1px; border: 0';
document.body.append(sibling, script);

window.__kitHost = {
  loaded,
  heard: {},
  fromSibling: (data) => sibling.contentWindow?.postMessage(data, '*'),
};
