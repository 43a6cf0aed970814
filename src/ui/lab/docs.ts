import { pluginApiSummary } from '../../sandbox/api-summary';
import { DEFAULT_MEMORY_BYTES, MAX_STACK_BYTES } from '../../sandbox/sandbox';
import api from '../../sandbox/plugin-api.ts?raw';
import { h } from '../dom';
import { tr } from '../i18n';

/** The limits each call runs under, in the words the summary ends with. */
const LIMITS =
  `// Limits per call: the deadline above, ${DEFAULT_MEMORY_BYTES / 2 ** 20} MB of memory, a ` +
  `${MAX_STACK_BYTES / 1024} KB stack. No DOM,\n` +
  '// storage, network or timers; Date is fixed and Math.random seeded. Only JSON crosses the bridge.';

/** The API, short, in the lab itself: made from the plugin API's own declarations (the README has more). */
export function apiDocs(): HTMLElement {
  return h(
    'details',
    { class: 'lab-docs' },
    h('summary', {}, tr('labDocs')),
    h('p', { class: 'muted small' }, tr('labTypesNote')),
    h('pre', { tabindex: 0, 'data-api-summary': '' }, `${pluginApiSummary(api)}\n\n${LIMITS}`),
  );
}
