// The lab's own words (the page's are in ../i18n.ts), in English and Chinese.
import { fillIn, lang, type StringVars } from '../i18n';

const strings = {
  download: { en: 'Download', zh: '下载' },
  downloadTitle: { en: 'Save this plugin as a file', zh: '把这个插件存为文件' },
  open: { en: 'Open file…', zh: '打开文件……' },
  openTitle: { en: 'Open a .js or .ts file as a plugin', zh: '把 .js 或 .ts 文件作为插件打开' },
  opened: {
    en: 'Opened {file}. Press Apply to run it.',
    zh: '已打开 {file}。按“应用”来运行它。',
  },
  full: {
    en: 'The lab holds {n} {n|plugin} at most: remove one to open another.',
    zh: '实验室最多放 {n} 个插件：先删掉一个再打开。',
  },
  restored: {
    en: 'Your plugins from last time are back: {n} applied as {n|it|they} {n|was|were}.',
    zh: '上次的插件已恢复：{n} 个按原样应用。',
  },
  restoredHeld: {
    en: 'Your plugins from last time are back; the code from a link still waits for Run.',
    zh: '上次的插件已恢复；来自链接的代码仍等你按“运行”。',
  },
  keptBad: {
    en: 'Your saved plugins could not be read ({why}); they were set aside and the lab starts afresh.',
    zh: '保存的插件无法读取（{why}）；已把它们放到一边，实验室重新开始。',
  },
  keptFailed: {
    en: 'Your plugins could not be saved in this browser: {why}',
    zh: '插件无法保存在这个浏览器里：{why}',
  },
  changedElsewhere: {
    en: 'Not saved: the lab was changed in another tab after this one opened it, and saving here would overwrite that. Reload this page to take up the other tab’s plugins (Download a plugin from here first to keep it).',
    zh: '没有保存：这个页面打开实验室之后，另一个标签页改过它，在这里保存会覆盖那边的修改。重新加载本页以取用另一个标签页的插件（要保留这里的插件，先“下载”它）。',
  },
  tooLargeToKeep: {
    en: 'Plugin {i} is {n} {n|character} long, over the {max} the lab keeps: it is not saved in this browser until it is shorter.',
    zh: '插件 {i} 有 {n} 个字符，超过实验室能保存的 {max} 个：缩短之前不会保存在这个浏览器里。',
  },
  tooLarge: {
    en: 'Not applied: the plugin is {n} {n|character} long, and a plugin may have at most {max}. Move data out of the code (a smaller schema or table), then Apply again.',
    zh: '没有应用：插件有 {n} 个字符，而一个插件最多 {max} 个。把数据移出代码（更小的 schema 或表），再按“应用”。',
  },
  doFixError: {
    en: 'Fix the code and press Apply, or switch the plugin off.',
    zh: '改好代码再按“应用”，或者关掉这个插件。',
  },
  doFixTimeout: {
    en: 'Make it finish sooner and press Apply, or choose a longer deadline.',
    zh: '让它更快结束再按“应用”，或者选一个更长的时限。',
  },
  doFixMemory: {
    en: 'Make it hold less and press Apply, or switch the plugin off.',
    zh: '让它少占内存再按“应用”，或者关掉这个插件。',
  },
  doFixDecision: {
    en: 'Return one of the decisions the hook takes (type { in a return to see them) and press Apply.',
    zh: '返回这个钩子接受的决定之一（在 return 里输入 { 就能看到），再按“应用”。',
  },
  tryIt: { en: 'Try it', zh: '试一试' },
  tryItTitle: {
    en: 'Run a short scenario made from what this plugin exports',
    zh: '运行一个由这个插件的导出生成的小场景',
  },
  tryItNone: {
    en: 'Apply the plugin first: Try it calls what it exports.',
    zh: '请先应用插件：“试一试”会调用它导出的内容。',
  },
  tryItRunning: { en: 'Trying {name}: {steps} {steps|step}…', zh: '正在试 {name}：{steps} 步……' },
  tryItDone: {
    en: 'Tried {name}: {steps} {steps|step}; the transcript shows what it did.',
    zh: '已试 {name}：{steps} 步；对话记录里能看到它做了什么。',
  },
  fullChain: { en: 'Full message', zh: '完整信息' },
  active: { en: '{n} visitor {n|plugin} on', zh: '{n} 个访客插件已启用' },
} as const;

/** One of the lab's strings. */
export type LabString = keyof typeof strings;

/** The lab's string `key` in the language now in use, with its placeholders filled in (see `fillIn`). */
export function lt(key: LabString, vars: StringVars = {}): string {
  return fillIn(strings[key][lang()], vars);
}

/** Every string, for the test that each has both languages. */
export const labStrings = strings;
