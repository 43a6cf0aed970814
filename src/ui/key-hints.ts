// A sentence that names a key in brackets ("Press Reveal (Enter).", "单步（→）显示结果。") speaks to a
// keyboard. The key is marked, so that a touch-only device can leave it out of sight (phone.css): the
// sentence reads whole without it, and a screen reader or a copy still has it.
import { h } from './dom';

/** A key named in brackets, ASCII or full-width, with the one space before it. */
const KEY_HINT = / ?[(（](?:Enter|Space|Esc|E|R|N|P|→|←|\?)[)）]/g;

/** `text` as nodes for `h` or `fill`: each key named in brackets wrapped in `<span class="key-hint">`. */
export function withKeyHints(text: string): (string | HTMLElement)[] {
  const out: (string | HTMLElement)[] = [];
  let at = 0;
  for (const m of text.matchAll(KEY_HINT)) {
    out.push(text.slice(at, m.index), h('span', { class: 'key-hint' }, m[0]));
    at = m.index + m[0].length;
  }
  out.push(text.slice(at));
  return out.filter((part) => part !== '');
}
