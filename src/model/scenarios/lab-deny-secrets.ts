import type { Scenario } from '../scenario';

const KEY = 'API_KEY=sk-test-4242\n';

/** Plugin lab: a preExecute plugin that denies any change under /secrets/. */
export const labDenySecrets: Scenario = {
  id: 'lab-deny-secrets',
  lab: 'deny-secrets',
  title: { en: 'Lab: keep out of /secrets', zh: '实验室：不许动 /secrets' },
  teaches: {
    en: 'A preExecute plugin denies every write or edit under /secrets/ before the tool runs; the agent is told why.',
    zh: 'preExecute 插件在工具运行之前拒绝 /secrets/ 下的任何写入和编辑，并告诉智能体原因。',
  },
  files: {
    '/app/settings.ini': '[server]\nport = 8080\ndebug = false\n',
    '/secrets/api-key.txt': KEY,
  },
  focus: '/app/settings.ini',
  steps: [
    {
      say: {
        en: 'I will turn debug on and rotate the API key. Reading both files first.',
        zh: '我要打开 debug，并更换 API 密钥。先把两个文件都读一遍。',
      },
    },
    { call: 'read', args: { path: '/app/settings.ini' } },
    { call: 'read', args: { path: '/secrets/api-key.txt' } },
    {
      call: 'edit',
      args: { path: '/app/settings.ini', old_string: 'debug = false', new_string: 'debug = true' },
    },
    { call: 'write', args: { path: '/secrets/api-key.txt', content: 'API_KEY=sk-chosen-by-the-agent\n' } },
    {
      call: 'str_replace_editor',
      args: {
        command: 'str_replace',
        path: 'secrets/./api-key.txt',
        old_str: 'API_KEY=',
        new_str: '# rotated by the agent\nAPI_KEY=',
      },
    },
    {
      say: {
        en: 'Settings are changed. With the lab’s plugin on, both changes to the key were denied before they ran (HOOK_DENIED, with the plugin’s reason), even the one spelled as a relative path, and the file is as it was.',
        zh: '设置改好了。开着实验室的插件时，对密钥的两次修改都在执行前被拒绝（HOOK_DENIED，附插件给的原因），连写成相对路径的那次也一样，文件原封未动。',
      },
    },
  ],
  // Without the plugin nothing stops the agent: the key is overwritten.
  outcome: {
    errors: [],
    files: {
      '/app/settings.ini': '[server]\nport = 8080\ndebug = true\n',
      '/secrets/api-key.txt': '# rotated by the agent\nAPI_KEY=sk-chosen-by-the-agent\n',
    },
  },
};
