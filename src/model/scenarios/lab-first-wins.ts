import type { Scenario } from '../scenario';

/** Plugin lab: a write-intent decider of the visitor's, before or after the built-in policy. */
export const labFirstWins: Scenario = {
  id: 'lab-first-wins',
  lab: 'first-wins',
  title: { en: 'Lab: the first decider wins', zh: '实验室：第一个决定者说了算' },
  teaches: {
    en: 'The write intent is a slot: its first listener alone decides. Placed before the built-in policy, the lab’s decider overrules it; placed after, it is never asked.',
    zh: '写入意图是单槽钩子：只有第一个监听者做决定。放在内置策略之前，实验室的决定者说了算；放在之后，它根本不会被问到。',
  },
  files: {
    '/scratch/draft.md': 'first draft, nobody needs it\n',
    '/docs/guide.md': '# Guide\n\nWritten by a person.\n',
  },
  focus: '/docs/guide.md',
  steps: [
    {
      say: {
        en: 'I will overwrite the scratch draft and the guide, without reading either first.',
        zh: '我要覆盖草稿和指南，两个都不先读。',
      },
    },
    { call: 'write', args: { path: '/scratch/draft.md', content: 'second draft\n' } },
    { call: 'write', args: { path: '/docs/guide.md', content: '# Guide\n\nRewritten by the agent.\n' } },
    {
      say: {
        en: 'Who decided? The built-in policy asks for a read first (FS_NOT_OBSERVED). With the lab’s decider first, the draft was overwritten unread and the guide refused with its own code, FS_OUTSIDE_SCRATCH.',
        zh: '是谁做的决定？内置策略要求先读（FS_NOT_OBSERVED）。实验室的决定者排在前面时，草稿没读就被覆盖了，指南则被它用自己的错误码 FS_OUTSIDE_SCRATCH 拒绝。',
      },
    },
  ],
  // Without the plugin (or with it after the policy) the policy decides: read first, then write.
  outcome: {
    errors: ['FS_NOT_OBSERVED', 'FS_NOT_OBSERVED'],
    files: {
      '/scratch/draft.md': 'second draft\n',
      '/docs/guide.md': '# Guide\n\nRewritten by the agent.\n',
    },
  },
};
