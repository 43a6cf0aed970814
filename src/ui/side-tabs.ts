import type { firstStrings } from './strings/first';
import type { Tab } from './state';

/** One of the side's tabs: the panel it opens, and the key of its label. */
export interface SideTab {
  id: Tab;
  label: keyof typeof firstStrings;
}

/**
 * The side's tabs, in order: the live page's (side.ts), and the first view's, which shows them disabled
 * in the same place so nothing moves when the page goes live. At phone width the transcript is a tab of
 * its own (`phone-only`); wider, it is always in view.
 */
export const SIDE_TABS: readonly SideTab[] = [
  { id: 'transcript', label: 'transcript' },
  { id: 'files', label: 'files' },
  { id: 'ledger', label: 'ledger' },
  { id: 'log', label: 'log' },
  { id: 'tools', label: 'tools' },
  { id: 'manual', label: 'playYourself' },
  { id: 'lab', label: 'lab' },
  { id: 'author', label: 'author' },
];

/** The class of a tab's button: the transcript's shows at phone width only. */
export function tabClass(id: Tab): string {
  return id === 'transcript' ? 'tab phone-only' : 'tab';
}
