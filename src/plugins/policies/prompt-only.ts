// Models: the weakest of the three strengths in the source text — the rule lives only in words (a tool
// description that asks the model to re-read). Nothing checks it.
// Public source: the source text (seed/000_02abeea259b14fe3.txt), DESIGN.md §5 "prompt".
import { editIntent, writeIntent } from '../../contracts/fs-intents';
import { unguarded } from './common';
import { definePolicy } from './types';

/** No check at all: every write and edit goes through, whatever happened to the file. */
export const promptOnly = definePolicy({
  id: 'prompt-only',
  summary: 'Only the prompt asks the model to re-read: every write and edit goes through unchecked.',
  models: {
    product: 'the source text’s first strength (a rule stated in the prompt)',
    version: 'n/a',
    source: 'seed/000_02abeea259b14fe3.txt; DESIGN.md §5',
  },
  make: () => ({
    name: 'prompt-only',
    contributions: [writeIntent.of(() => unguarded), editIntent.of(() => unguarded)],
  }),
});
