import type { Scenario } from '../scenario';

/** The everyday loop: read, edit against the version read, read again. */
export const happyPath: Scenario = {
  id: 'happy-path',
  title: { en: 'Happy path', zh: '顺利路径' },
  teaches: {
    en: 'Read, then edit against the version you read, then read again.',
    zh: '先读，再基于读到的版本编辑，最后再读一遍确认。',
  },
  files: { '/notes.md': '# Notes\n\nThe harness checks versions.\nStatus: draft\n' },
  focus: '/notes.md',
  steps: [
    { say: { en: "I'll read the notes before changing anything.", zh: '改之前，我先读一下笔记。' } },
    { call: 'read', args: { path: '/notes.md' } },
    { say: { en: 'The status is still draft. Marking it done.', zh: '状态还是 draft，把它改成 done。' } },
    { call: 'edit', args: { path: '/notes.md', old_string: 'Status: draft', new_string: 'Status: done' } },
    { call: 'read', args: { path: '/notes.md' } },
    { say: { en: 'Done: the file now says "Status: done".', zh: '完成：文件里现在是 "Status: done"。' } },
  ],
  outcome: { errors: [], files: { '/notes.md': '# Notes\n\nThe harness checks versions.\nStatus: done\n' } },
};
