// The built-in scenarios' titles and lessons, baked into embed.js when it is built (scripts/
// scenario-assets.mjs reads them from src/model/scenarios, so they cannot drift): a click-to-load card
// shows them, and an unknown id is told at once, whether or not the playground's host allows cross-origin
// reads. A copy of the kit built some other way (not by the site's build) has no table and fetches instead.
import { previewOf, type Preview } from './preview';
import type { KitLang } from './protocol';

/** A built-in scenario's texts, as its file writes them: a string, or `{en, zh}`. */
export interface BuiltInTexts {
  title: unknown;
  teaches: unknown;
}

declare const __HP_BUILT_INS__: Record<string, BuiltInTexts> | undefined;

/** The table, by id, or null when this copy of the kit was built without it. */
export const builtIns: Readonly<Record<string, BuiltInTexts>> | null =
  typeof __HP_BUILT_INS__ === 'undefined' ? null : __HP_BUILT_INS__;

/** The ids of the built-in scenarios (empty without the table). */
export const builtInIds = (): string[] => Object.keys(builtIns ?? {});

/** A built-in's title and lesson in `lang`, from the table; null when it has no such id (or no table). */
export function builtInPreview(id: string, lang: KitLang): Preview | null {
  const texts = builtIns && Object.hasOwn(builtIns, id) ? builtIns[id] : undefined;
  return texts ? previewOf(texts, lang) : null;
}
