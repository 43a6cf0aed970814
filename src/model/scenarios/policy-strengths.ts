import type { Scenario } from '../scenario';

const config = 'mode = safe\nlimit = 10\n';
const theirs = { find: 'limit = 10', replace: 'limit = 99' };
const mine = 'mode = fast\nlimit = 10\n';

/** One race, three strengths of the same rule: only the credential keeps the other writer's change. */
export const policyStrengths: Scenario = {
  id: 'policy-strengths',
  title: { en: 'Three strengths of a rule', zh: '规则的三种浓度' },
  teaches: {
    en: 'A prompt and a runtime check both lose a change that lands in the gap; a version credential refuses.',
    zh: '提示语和运行时检查都会丢掉落在空隙里的改动；版本凭证会拒绝写入。',
  },
  files: { '/prompt/app.conf': config, '/runtime/app.conf': config, '/credential/app.conf': config },
  focus: '/credential/app.conf',
  tools: ['strengths'],
  sideBySide: [
    { label: { en: 'Prompt', zh: '提示语' }, path: '/prompt/app.conf' },
    { label: { en: 'Runtime check', zh: '运行时检查' }, path: '/runtime/app.conf' },
    { label: { en: 'Version credential', zh: '版本凭证' }, path: '/credential/app.conf' },
  ],
  races: [
    { path: '/prompt/app.conf', ...theirs },
    { path: '/runtime/app.conf', ...theirs },
    { path: '/credential/app.conf', ...theirs },
  ],
  steps: [
    {
      say: {
        en: 'Three copies of one file, three write tools. Each time, someone raises the limit to 99 just before my write lands.',
        zh: '同一个文件的三份拷贝，三个写入工具。每次在我写入落地之前，都有人把 limit 改成 99。',
      },
    },
    { call: 'read', args: { path: '/prompt/app.conf' } },
    { call: 'write_prompt_rule', args: { path: '/prompt/app.conf', content: mine } },
    {
      say: {
        en: 'Prompt: only a sentence asked me to re-read. The limit of 99 is gone.',
        zh: '提示语：只有一句话让我重读。99 的改动丢了。',
      },
    },
    { call: 'read', args: { path: '/runtime/app.conf' } },
    { call: 'write_runtime_check', args: { path: '/runtime/app.conf', content: mine } },
    {
      say: {
        en: 'Runtime check: the versions matched when compared, and the change landed after the check. Gone too.',
        zh: '运行时检查：比较时版本一致，改动落在检查之后。同样丢了。',
      },
    },
    { call: 'read', args: { path: '/credential/app.conf' } },
    {
      call: 'write_credential',
      args: { path: '/credential/app.conf', content: mine },
      expect: 'FS_STALE_VERSION',
    },
    {
      say: {
        en: 'Credential: the backend checked my version inside the write and refused. The limit of 99 is kept.',
        zh: '版本凭证：后端在写入的临界区里核对版本并拒绝。99 保住了。',
      },
    },
  ],
  outcome: {
    errors: ['FS_STALE_VERSION'],
    files: {
      '/prompt/app.conf': mine,
      '/runtime/app.conf': mine,
      '/credential/app.conf': 'mode = safe\nlimit = 99\n',
    },
  },
};
