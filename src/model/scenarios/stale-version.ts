import type { Scenario } from '../scenario';

/** Someone changes the file between the agent's read and its edit; the version refuses the edit. */
export const staleVersion: Scenario = {
  id: 'stale-version',
  title: { en: 'Stale version', zh: '版本过期' },
  teaches: {
    en: 'A change behind the agent’s back makes its edit fail with FS_STALE_VERSION; it re-reads and retries.',
    zh: '读完之后文件被别人改了，编辑会得到 FS_STALE_VERSION；重新读一遍再改就好。',
  },
  files: { '/app/config.json': '{\n  "port": 8080,\n  "debug": false\n}\n' },
  focus: '/app/config.json',
  steps: [
    { call: 'read', args: { path: '/app/config.json' } },
    { say: { en: 'I will turn debug on.', zh: '我要打开 debug。' } },
    {
      external: { path: '/app/config.json', find: '"port": 8080', replace: '"port": 9090' },
      note: {
        en: 'Now someone else changes the port. Press “Simulate external edit”.',
        zh: '现在有人在外面改了端口。请按“模拟外部编辑”。',
      },
    },
    {
      call: 'edit',
      args: { path: '/app/config.json', old_string: '"debug": false', new_string: '"debug": true' },
    },
    { say: { en: 'Debug is on, and the new port is kept.', zh: 'debug 打开了，新端口也保留了。' } },
  ],
  outcome: {
    errors: ['FS_STALE_VERSION'],
    files: { '/app/config.json': '{\n  "port": 9090,\n  "debug": true\n}\n' },
  },
};
