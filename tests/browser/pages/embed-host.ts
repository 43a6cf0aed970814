// A tutorial page on another origin than the app, for tests/browser/embed.spec.ts: it embeds the app
// given in `?app=` in an iframe, keeps every message the app posts, and sends it commands — from
// itself (the app's parent), or from a sibling frame (a window the app must not obey).

/** A message heard from the app, with the origin it came from. */
export interface Heard {
  origin: string;
  data: unknown;
}

declare global {
  interface Window {
    __host?: {
      /** Every message the app posted to this page, in order. */
      heard: Heard[];
      /** Posts `data` to the app from this page, its parent. */
      send(data: unknown): void;
      /** Posts `data` to the app from a sibling frame of the same origin as this page. */
      sendFromSibling(data: unknown): void;
    };
  }
}

const app = new URLSearchParams(location.search).get('app');
if (!app) throw new Error('embed-host.html needs ?app=<the address of the app to embed>');

const frame = Object.assign(document.createElement('iframe'), {
  name: 'playground',
  title: 'Harness Playground',
  src: app,
});
frame.style.cssText = 'width: 100%; height: 640px; border: 1px solid #888';

// The sibling forwards what this page gives it, so the app sees the sibling as the message's source.
const sibling = Object.assign(document.createElement('iframe'), {
  name: 'sibling',
  title: 'Another frame',
  srcdoc: `<script>addEventListener('message', (e) => parent.frames.playground.postMessage(e.data, '*'));</script>`,
});
sibling.style.cssText = 'width: 1px; height: 1px; border: 0';

const heard: Heard[] = [];
window.addEventListener('message', (e) => {
  if (e.source === frame.contentWindow) heard.push({ origin: e.origin, data: e.data as unknown });
});

window.__host = {
  heard,
  send: (data) => frame.contentWindow?.postMessage(data, '*'),
  sendFromSibling: (data) => sibling.contentWindow?.postMessage(data, '*'),
};
document.body.append(frame, sibling);
