import type { Scenario } from '../scenario';

/** Four file tools, one record of what the session has read. */
export const sharedLedger: Scenario = {
  id: 'shared-ledger',
  title: { en: 'Shared ledger', zh: '共享账本' },
  teaches: {
    en: 'read, edit, write and str_replace_editor share one record of what was read.',
    zh: 'read、edit、write 与 str_replace_editor 共用同一本观测账本。',
  },
  files: {
    '/a.py': 'A = 1\n',
    '/b.py': 'B = 2\n',
    '/c.py': 'C = 3\n',
  },
  focus: '/a.py',
  steps: [
    { call: 'str_replace_editor', args: { command: 'view', path: '/a.py' } },
    {
      say: {
        en: 'Viewed with the editor tool; now the edit tool may change it.',
        zh: '用编辑器工具看过了，edit 工具就能改它。',
      },
    },
    { call: 'edit', args: { path: '/a.py', old_string: 'A = 1', new_string: 'A = 10' } },
    { call: 'read', args: { path: '/b.py' } },
    { say: { en: 'Read with read; the editor tool may change it.', zh: '用 read 读过，编辑器工具也能改。' } },
    {
      call: 'str_replace_editor',
      args: { command: 'str_replace', path: '/b.py', old_str: 'B = 2', new_str: 'B = 20' },
    },
    { say: { en: 'c.py was never read by any tool.', zh: 'c.py 哪个工具都没读过。' } },
    {
      call: 'str_replace_editor',
      args: { command: 'str_replace', path: '/c.py', old_str: 'C = 3', new_str: 'C = 30' },
    },
  ],
  outcome: {
    errors: ['FS_NOT_OBSERVED'],
    files: { '/a.py': 'A = 10\n', '/b.py': 'B = 20\n', '/c.py': 'C = 30\n' },
  },
};
