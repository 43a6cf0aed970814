import type { Lang } from '../../model/scenario';

/**
 * The words of the first view, painted before the rest of the interface has loaded (src/ui/first-view.ts):
 * the header, the run controls, the side's tabs and the empty transcript. A part of the one string table (i18n.ts).
 */
export const firstStrings = {
  appTitle: { en: 'Harness Playground', zh: '工具框架演练场' },
  tagline: {
    en: 'Harness Playground runs a real tool harness for AI agents in your browser, so you can watch it refuse an edit made from a stale or missing read.',
    zh: '工具框架演练场在浏览器里运行一个真实的 AI 智能体工具框架，让你亲眼看到它拒绝基于过期或缺失读取的编辑。',
  },
  scenarioLabel: { en: 'Scenario: ', zh: '场景：' },
  play: { en: 'Play', zh: '播放' },
  step: { en: 'Step', zh: '单步' },
  back: { en: 'Back', zh: '后退' },
  stop: { en: 'Stop', zh: '停止' },
  reset: { en: 'Reset', zh: '重置' },
  simulateExternal: { en: 'Simulate external edit', zh: '模拟外部编辑' },
  transcript: { en: 'Transcript', zh: '对话记录' },
  // The side's tabs (side-tabs.ts), which the first view shows disabled where the live page has them.
  files: { en: 'Files', zh: '文件' },
  ledger: { en: 'Ledger', zh: '账本' },
  log: { en: 'Event log', zh: '事件日志' },
  tools: { en: 'Tools', zh: '工具' },
  playYourself: { en: 'Play the model', zh: '扮演模型' },
  lab: { en: 'Plugin lab', zh: '插件实验室' },
  author: { en: 'Write a scenario', zh: '编写场景' },
  lesson: { en: 'What this scenario shows', zh: '这个场景要说明的' },
  emptyTranscript: { en: 'Press Play or Step to start the scenario.', zh: '按“播放”或“单步”开始场景。' },
  present: { en: 'Present', zh: '演示' },
  policyNow: { en: 'Policy: {policy}', zh: '策略：{policy}' },
  policyNone: { en: 'none', zh: '无' },
  more: { en: 'More', zh: '更多' },
  language: { en: 'Language', zh: '语言' },
  theme: { en: 'Theme', zh: '主题' },
  system: { en: 'System', zh: '跟随系统' },
  light: { en: 'Light', zh: '浅色' },
  dark: { en: 'Dark', zh: '深色' },
  speed: { en: 'Speed', zh: '速度' },
  slow: { en: 'Slow', zh: '慢' },
  normal: { en: 'Normal', zh: '中' },
  fast: { en: 'Fast', zh: '快' },
  instant: { en: 'Instant', zh: '瞬间' },
} as const satisfies Record<string, Record<Lang, string>>;
