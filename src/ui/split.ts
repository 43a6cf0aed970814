import { h } from './dom';
import { tr } from './i18n';

/** The transcript's share of the width, in percent, and the bounds a drag or a key keeps it in. */
const MIN = 20;
const MAX = 75;
const START = 36;
const STEP = 4;

// The share chosen last: the page is built again when the language changes, and keeps it.
let chosen = START;

/**
 * The handle between the transcript and the side area while the plugin lab is open: drag it, or focus
 * it and press ←/→ (Home, End), to give the transcript or the lab more room. It sets `--transcript-share`
 * on `layout`, which the lab's grid reads (styles/lab.css); elsewhere the handle is hidden.
 */
export function splitHandle(layout: HTMLElement): HTMLElement {
  let share = chosen;
  const handle = h('div', {
    class: 'split',
    role: 'separator',
    tabindex: 0,
    'aria-orientation': 'vertical',
    'aria-controls': 'pane-transcript',
    'aria-valuemin': MIN,
    'aria-valuemax': MAX,
    'aria-valuenow': share,
    'aria-label': tr('splitLabel'),
    title: tr('splitTitle'),
  });
  const set = (next: number) => {
    share = chosen = Math.round(Math.min(MAX, Math.max(MIN, next)));
    handle.setAttribute('aria-valuenow', String(share));
    layout.style.setProperty('--transcript-share', `${share}%`);
  };
  const follow = (event: PointerEvent) => {
    const box = layout.getBoundingClientRect();
    if (box.width > 0) set(((event.clientX - box.left) / box.width) * 100);
  };
  handle.addEventListener('pointerdown', (event) => {
    event.preventDefault();
    handle.setPointerCapture(event.pointerId);
    handle.addEventListener('pointermove', follow);
  });
  const stop = () => handle.removeEventListener('pointermove', follow);
  handle.addEventListener('pointerup', stop);
  handle.addEventListener('lostpointercapture', stop);
  handle.addEventListener('keydown', (event) => {
    const moves: Record<string, number> = {
      ArrowLeft: share - STEP,
      ArrowRight: share + STEP,
      Home: MIN,
      End: MAX,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    set(next);
  });
  if (share !== START) layout.style.setProperty('--transcript-share', `${share}%`);
  return handle;
}
