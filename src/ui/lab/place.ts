// Where a plugin's write and edit deciders stand relative to the built-in policy, and whether they are
// ever asked: the policy decides every write and edit, so a decider after it never speaks.
import type { LabPlugin } from '../../model';
import { tr } from '../i18n';

/** Whether a plugin's slot listeners are asked: before the policy, never (after it), or in turn (it is off). */
export type Asked = 'first' | 'never' | 'in-turn';

/** The place of a plugin's slot listeners, in words; `null` when it exports none. */
export interface Place {
  asked: Asked;
  text: string;
}

const SLOT_HOOKS = { writeIntent: 'labEveryWrite', editIntent: 'labEveryEdit' } as const;

/**
 * The place of the slot hooks among `hooks` (what a plugin exports), for a plugin in `order` with the
 * built-in policy on or off. The policy is installed before every visitor plugin, in the default order.
 */
export function placeOf(hooks: readonly string[], order: LabPlugin['order'], policy: boolean): Place | null {
  const slots = hooks.filter((h): h is keyof typeof SLOT_HOOKS => h in SLOT_HOOKS);
  if (slots.length === 0) return null;
  const names = slots.join(', ');
  if (!policy) return { asked: 'in-turn', text: tr('labPlaceNoPolicy', { hooks: names }) };
  if (order === 'pre') return { asked: 'first', text: tr('labPlaceFirst', { hooks: names }) };
  const what = slots.map((h) => tr(SLOT_HOOKS[h])).join(tr('labAnd'));
  return { asked: 'never', text: tr('labPlaceNever', { hooks: names, what }) };
}
