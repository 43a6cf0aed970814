import type { Plugin } from '../harness';
import type { BuiltInPluginId } from '../model/scenario';
import { redactPhonesInContent, redactPhonesInValue } from '../plugins/redact-phones';

/**
 * Built-in plugins a scenario can switch on by id. Its keys are exactly the scenario format's
 * `builtInPluginIds`: the compiler refuses a missing or an extra one.
 */
export const scenarioPlugins = {
  'redact-phones-content': redactPhonesInContent,
  'redact-phones-value': redactPhonesInValue,
} as const satisfies Record<BuiltInPluginId, () => Plugin>;

/** The built-in plugin with `id`, made afresh, or undefined for an id no scenario may name. */
export function builtInPlugin(id: string): Plugin | undefined {
  return Object.hasOwn(scenarioPlugins, id) ? scenarioPlugins[id as BuiltInPluginId]() : undefined;
}
