import type { Scenario } from '../scenario';

/** A read that misses records "absent"; an edit of it is refused; a write creates it. */
export const missingFile: Scenario = {
  id: 'missing-file',
  title: { en: 'Missing file', zh: '文件不存在' },
  teaches: {
    en: 'A read that misses is remembered as absent: edit says FS_NOT_FOUND, write creates.',
    zh: '读空会被记为 absent：编辑报 FS_NOT_FOUND，写入则直接新建。',
  },
  files: { '/src/main.ts': 'console.log("hello");\n' },
  focus: '/src/main.ts',
  steps: [
    { call: 'read', args: { path: '/TODO.md' }, expect: 'FS_NOT_FOUND' },
    {
      say: {
        en: 'There is no TODO file. Trying to edit it anyway.',
        zh: '没有 TODO 文件。我还是试着编辑一下。',
      },
    },
    {
      call: 'edit',
      args: { path: '/TODO.md', old_string: '- [ ]', new_string: '- [x]' },
      expect: 'FS_NOT_FOUND',
    },
    { say: { en: 'Right, it is absent. I will create it.', zh: '对，它不存在。那就新建。' } },
    { call: 'write', args: { path: '/TODO.md', content: '- [ ] write tests\n' } },
    { call: 'read', args: { path: '/TODO.md' } },
  ],
  outcome: { errors: ['FS_NOT_FOUND', 'FS_NOT_FOUND'], files: { '/TODO.md': '- [ ] write tests\n' } },
};
