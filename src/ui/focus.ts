/** Where keyboard focus was before a redraw, to put it back if the redraw replaced that element. */
export interface FocusMark {
  /** Focuses the element now at the remembered place, if the focused one was replaced. */
  restore(): void;
}

/** A selector for `el` inside `root`: its nearest id, then tag and position down to it. */
function placeOf(el: Element, root: Element): string {
  const parts: string[] = [];
  for (let node: Element | null = el; node && node !== root; node = node.parentElement) {
    if (node.id) return [`#${CSS.escape(node.id)}`, ...parts].join(' > ');
    const same = [...(node.parentElement?.children ?? [])].filter((c) => c.tagName === node!.tagName);
    parts.unshift(`${node.tagName.toLowerCase()}:nth-of-type(${same.indexOf(node) + 1})`);
  }
  return [':scope', ...parts].join(' > ');
}

/**
 * Remembers the focused element inside `root`. Panels and tabs are rebuilt on every render, so without
 * this a keyboard user on a tab or a file button is thrown back to the page start at each step.
 */
export function rememberFocus(root: HTMLElement): FocusMark {
  const focused = document.activeElement;
  if (!(focused instanceof HTMLElement) || focused === root || !root.contains(focused))
    return { restore() {} };
  const place = placeOf(focused, root);
  return {
    restore() {
      if (document.activeElement === focused) return;
      // Moving an element (the editor between renders of the files panel) blurs it too.
      const target = focused.isConnected ? focused : root.querySelector<HTMLElement>(place);
      target?.focus({ preventScroll: true });
    },
  };
}
