import type { Scenario } from '../scenario';

/** Plugin lab: a contributed tool whose render draws random numbers, flagged as impure. */
export const labImpure: Scenario = {
  id: 'lab-impure',
  lab: 'impure',
  title: { en: 'Lab: an impure render', zh: '实验室：不纯的 render' },
  teaches: {
    en: 'A plugin’s tool draws its lucky numbers in render instead of execute: the harness renders twice, sees two answers and flags the card.',
    zh: '插件的工具在 render 而不是 execute 里抽幸运数字：框架渲染两次，得到两个答案，于是给卡片打上标记。',
  },
  files: { '/README.md': '# Fortunes\n\nThe lab’s plugin adds a fortune tool.\n' },
  focus: '/README.md',
  steps: [
    {
      say: {
        en: 'Let me ask the fortune tool the lab’s plugin adds, twice.',
        zh: '我来问两次实验室插件加上的 fortune 工具。',
      },
    },
    { call: 'fortune', args: { topic: 'work' } },
    { call: 'fortune', args: { topic: 'travel' } },
    {
      say: {
        en: 'Each card is flagged as an impure projection: its render read Math.random, so a replay would show other lucky numbers than I was given.',
        zh: '每张卡片都被标为不纯的投影：它的 render 读了 Math.random，回放时显示的幸运数字会和我收到的不一样。',
      },
    },
  ],
  // Without the plugin there is no such tool.
  outcome: { errors: ['UNKNOWN_TOOL', 'UNKNOWN_TOOL'] },
};
