/** Attributes and properties `h` understands: plain attributes, `on*` listeners, and `dataset` entries. */
type Attrs = Record<string, string | number | boolean | null | undefined | EventListener>;
type Child = Node | string | number | null | undefined | false;

/**
 * Creates an element. `h('button', {type: 'button', onclick: fn, 'aria-label': 'Play'}, 'Play')`.
 * `false`, `null` and `undefined` children and attributes are skipped, so conditions read inline.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') el.addEventListener(name.slice(2), value);
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

/** Replaces every child of `el`. */
export function fill(el: Element, ...children: (Child | Child[])[]): void {
  el.replaceChildren(
    ...children
      .flat()
      .filter((c): c is Node | string | number => c !== null && c !== undefined && c !== false)
      .map((c) => (c instanceof Node ? c : String(c))),
  );
}

// Made once: `toLocaleString` builds a formatter on every call, and a read card numbers every line.
const counts = new Intl.NumberFormat('en-US');

/** A count written for people ("1,200"), the same in both languages. */
export function num(n: number): string {
  return counts.format(n);
}
