import type { Scenario } from '../scenario';

/** Every way a tool's projections can break, each contained. */
export const brokenToolsScenario: Scenario = {
  id: 'broken-tools',
  title: { en: 'Broken tools', zh: '坏掉的工具' },
  teaches: {
    en: 'A throwing render, a bad value, non-JSON meta, a throwing presenter and an impure projection are all contained.',
    zh: 'render 抛错、值不合 schema、meta 不是 JSON、presenter 抛错、投影不纯——都被兜住。',
  },
  files: { '/README.md': '# Broken tools\n' },
  focus: '/README.md',
  tools: ['broken'],
  steps: [
    { call: 'broken_render', args: {}, expect: 'RENDER_FAILED' },
    { call: 'broken_schema', args: {}, expect: 'OUTPUT_INVALID' },
    { call: 'broken_meta', args: {}, expect: 'META_NOT_JSON' },
    { call: 'broken_presenter', args: {} },
    { call: 'impure_clock', args: {} },
    {
      say: {
        en: 'Each failure became a coded error or a generic card; the impure one is flagged.',
        zh: '每个故障都变成了带错误码的结果或 generic 卡；不纯的那个被标了出来。',
      },
    },
  ],
  outcome: { errors: ['RENDER_FAILED', 'OUTPUT_INVALID', 'META_NOT_JSON'] },
};
