import { h } from './dom';
import { tr } from './i18n';
import type { Panel } from './panels';
import { SIDE_TABS, tabClass } from './side-tabs';
import type { Tab, UiStore } from './state';

let phoneQuery: MediaQueryList | null = null;
/** The phone-width query, made once: asking the browser anew on every update costs a style lookup. */
const phone = () => (phoneQuery ??= window.matchMedia('(max-width: 760px)'));

/**
 * The side panels and their tabs. Every panel's element is made once and kept; only the panel shown is
 * updated, and a panel brought back is updated once as it appears. At phone width the transcript is a
 * tab of its own; wider, it is always in view and the files panel is the side's first.
 */
export class SidePanels {
  readonly tablist = h('div', { class: 'tabs', role: 'tablist' });
  // Focusable, as a tab panel is: it scrolls inside when taller than the screen, and keys must scroll it.
  readonly pane = h('section', { class: 'pane side', id: 'pane-side', role: 'tabpanel', tabindex: 0 });
  private readonly buttons = new Map<Tab, HTMLButtonElement>();
  private shown: Exclude<Tab, 'transcript'> | null = null;

  constructor(
    private readonly store: UiStore,
    private readonly panels: Record<Exclude<Tab, 'transcript'>, Panel>,
    private readonly root: HTMLElement,
    embed: boolean,
  ) {
    if (!embed) {
      for (const t of SIDE_TABS) {
        const button = h(
          'button',
          {
            type: 'button',
            role: 'tab',
            id: `tab-${t.id}`,
            class: tabClass(t.id),
            'aria-controls': t.id === 'transcript' ? 'pane-transcript' : 'pane-side',
            'data-tab': t.id,
            onclick: () => this.store.set({ tab: t.id }),
          },
          tr(t.label),
        );
        this.buttons.set(t.id, button);
        this.tablist.append(button);
      }
    }
    phone().addEventListener('change', () => this.update());
  }

  /** The panel the side shows for the selected tab. */
  private current(): Exclude<Tab, 'transcript'> {
    const { tab, present } = this.store.get();
    // Presentation mode shows the ledger beside the transcript, and nothing else.
    if (present) return 'ledger';
    return tab === 'transcript' ? 'files' : tab;
  }

  /** Shows the selected tab's panel, and brings it up to date. */
  update(): void {
    const { tab } = this.store.get();
    const side = this.current();
    const wide = !phone().matches;
    for (const [id, button] of this.buttons) {
      const selected = tab === id || (tab === 'transcript' && id === 'files' && wide);
      button.setAttribute('aria-selected', String(selected));
    }
    this.root.dataset.tab = tab;
    const panel = this.panels[side];
    if (this.shown !== side || this.pane.firstChild !== panel.el) {
      this.shown = side;
      this.pane.dataset.panel = side;
      this.pane.setAttribute('aria-labelledby', `tab-${side}`);
      this.pane.replaceChildren(panel.el);
    }
    panel.update();
  }
}
