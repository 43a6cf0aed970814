import type { Scenario } from '../scenario';

/** An edit of a file the session never read is refused; reading first fixes it. */
export const editBeforeRead: Scenario = {
  id: 'edit-before-read',
  title: { en: 'Edit before read', zh: '未读先改' },
  teaches: {
    en: 'Editing a file you have not read is refused with FS_NOT_OBSERVED.',
    zh: '没读过的文件不能改：直接编辑会得到 FS_NOT_OBSERVED。',
  },
  files: { '/config.yaml': 'retries: 3\ntimeout: 30\n' },
  focus: '/config.yaml',
  steps: [
    { say: { en: 'I remember the timeout is 30. Raising it to 60.', zh: '我记得超时是 30，直接改成 60。' } },
    { call: 'edit', args: { path: '/config.yaml', old_string: 'timeout: 30', new_string: 'timeout: 60' } },
    { say: { en: 'The change is in, after reading the file.', zh: '读过文件之后，修改成功了。' } },
  ],
  outcome: { errors: ['FS_NOT_OBSERVED'], files: { '/config.yaml': 'retries: 3\ntimeout: 60\n' } },
};
