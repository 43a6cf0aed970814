import type { Json } from '../harness';

/** The file a hook tour works on, as the scenario starts it. */
export const TOUR_FILE = {
  path: '/try-it.md',
  content: '# Try it\n\nA file for the plugin to see.\nStatus: draft\n',
};

const CREATED = '/try-it-new.md';

/**
 * A read, a write and an edit of `TOUR_FILE`, as scenario call steps: every hook a file tool meets (pre-
 * and post-execute, the write and edit intents, the observations). The run layer names the tools, so
 * the interface that plays the tour for a plugin names none.
 */
export function hookTourCalls(): Json[] {
  const path = TOUR_FILE.path;
  return [
    { call: 'read', args: { path } },
    { call: 'write', args: { path: CREATED, content: 'Written while trying the plugin.\n' } },
    { call: 'edit', args: { path, old_string: 'Status: draft', new_string: 'Status: tried' } },
  ];
}
