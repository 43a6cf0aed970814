import type { Plugin } from '../harness';
import { redactPhonesInContent, redactPhonesInValue } from '../plugins/redact-phones';

/** Built-in plugins a scenario can switch on by id. */
export const scenarioPlugins: Record<string, () => Plugin> = {
  'redact-phones-content': redactPhonesInContent,
  'redact-phones-value': redactPhonesInValue,
};
