import type { Scenario } from '../scenario';

/** old_string must match exactly once: several is ambiguous, none is not found, replace_all is explicit. */
export const ambiguousEdit: Scenario = {
  id: 'ambiguous-edit',
  title: { en: 'Ambiguous edit', zh: '匹配不唯一' },
  teaches: {
    en: 'old_string must match exactly once: FS_AMBIGUOUS_EDIT, FS_EDIT_NOT_FOUND, and replace_all.',
    zh: 'old_string 必须恰好命中一次：多处报 FS_AMBIGUOUS_EDIT，零处报 FS_EDIT_NOT_FOUND，除非 replace_all。',
  },
  files: { '/counter.js': 'let count = 0;\ncount = count + 1;\nconsole.log(count);\n' },
  focus: '/counter.js',
  steps: [
    { call: 'read', args: { path: '/counter.js' } },
    { say: { en: 'Renaming count to total.', zh: '把 count 改名为 total。' } },
    {
      call: 'edit',
      args: { path: '/counter.js', old_string: 'count', new_string: 'total' },
      expect: 'FS_AMBIGUOUS_EDIT',
    },
    {
      say: {
        en: 'Four matches. Adding context, but I mistype it.',
        zh: '有四处匹配。加点上下文，可我打错了字。',
      },
    },
    {
      call: 'edit',
      args: { path: '/counter.js', old_string: 'let cuont = 0;', new_string: 'let total = 0;' },
      expect: 'FS_EDIT_NOT_FOUND',
    },
    {
      say: {
        en: 'No fuzzy match is tried. I really mean every one: replace_all.',
        zh: '不会模糊匹配。我确实要全部替换：replace_all。',
      },
    },
    {
      call: 'edit',
      args: { path: '/counter.js', old_string: 'count', new_string: 'total', replace_all: true },
    },
  ],
  outcome: {
    errors: ['FS_AMBIGUOUS_EDIT', 'FS_EDIT_NOT_FOUND'],
    files: { '/counter.js': 'let total = 0;\ntotal = total + 1;\nconsole.log(total);\n' },
  },
};
