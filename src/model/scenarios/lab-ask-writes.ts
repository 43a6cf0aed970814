import type { Scenario } from '../scenario';

/** Plugin lab: a preExecute plugin that asks the person before every change to a file. */
export const labAskWrites: Scenario = {
  id: 'lab-ask-writes',
  lab: 'ask-writes',
  title: { en: 'Lab: ask before writing', zh: '实验室：写之前先问' },
  teaches: {
    en: 'A preExecute plugin answers “ask”: each write waits for the person; declined, it ends with APPROVAL_DENIED.',
    zh: 'preExecute 插件回答“ask”：每次写入都要等人点头；被拒绝就以 APPROVAL_DENIED 结束。',
  },
  files: { '/notes/ideas.md': '# Ideas\n\n- a dark theme\n' },
  focus: '/notes/ideas.md',
  steps: [
    {
      say: {
        en: 'I will add an idea to the list and start a to-do file.',
        zh: '我要在清单里加一条想法，再新建一个待办文件。',
      },
    },
    { call: 'read', args: { path: '/notes/ideas.md' } },
    {
      call: 'edit',
      args: {
        path: '/notes/ideas.md',
        old_string: '- a dark theme\n',
        new_string: '- a dark theme\n- keyboard shortcuts\n',
      },
    },
    { call: 'write', args: { path: '/notes/todo.md', content: '# To do\n\n- try the dark theme\n' } },
    {
      say: {
        en: 'With the lab’s plugin on, each change waited for your answer: approved, it landed; declined, it ended with APPROVAL_DENIED and the file stayed as it was.',
        zh: '开着实验室的插件时，每次修改都在等你的回答：同意就写入；拒绝就以 APPROVAL_DENIED 结束，文件保持原样。',
      },
    },
  ],
  outcome: {
    errors: [],
    files: {
      '/notes/ideas.md': '# Ideas\n\n- a dark theme\n- keyboard shortcuts\n',
      '/notes/todo.md': '# To do\n\n- try the dark theme\n',
    },
  },
};
