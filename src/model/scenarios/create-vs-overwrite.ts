import type { Scenario } from '../scenario';

/** Creating a new file needs no read; overwriting an existing one does. */
export const createVsOverwrite: Scenario = {
  id: 'create-vs-overwrite',
  title: { en: 'Create vs overwrite', zh: '新建与覆盖' },
  teaches: {
    en: 'Creating a new file needs no read; overwriting someone else’s file does.',
    zh: '新建文件不用先读；覆盖别人的文件必须先读。',
  },
  files: { '/README.md': '# Project\n\nWritten by a person.\n' },
  focus: '/README.md',
  steps: [
    {
      say: {
        en: 'First a new changelog. It does not exist, so no read is needed.',
        zh: '先新建一个更新日志。它还不存在，不用先读。',
      },
    },
    { call: 'write', args: { path: '/CHANGELOG.md', content: '# Changelog\n\n- First entry\n' } },
    { say: { en: 'Now I replace the README with my own text.', zh: '再用我自己的内容覆盖 README。' } },
    { call: 'write', args: { path: '/README.md', content: '# Project\n\nRewritten by the agent.\n' } },
    { say: { en: 'The README was replaced only after I had read it.', zh: '读过之后，README 才被覆盖。' } },
  ],
  outcome: {
    errors: ['FS_NOT_OBSERVED'],
    files: {
      '/CHANGELOG.md': '# Changelog\n\n- First entry\n',
      '/README.md': '# Project\n\nRewritten by the agent.\n',
    },
  },
};
