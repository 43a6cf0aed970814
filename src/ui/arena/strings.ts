// The arena's own words (the page's are in ../i18n.ts), in English and Chinese.
import type { ArenaOutcome } from '../../model/hazard';
import { fillIn, lang, type StringVars } from '../i18n';

const strings = {
  title: { en: 'Edit-safety arena', zh: '编辑安全竞技场' },
  intro: {
    en: 'Every hazard under every policy, each run in a workspace of its own in memory. A cell is how the run ended; click one (or press Enter on it) to replay that run in the transcript.',
    zh: '每个险情在每种策略下各跑一次，每次都在内存中独立的工作区里。格子显示这次运行的结局；点击格子（或在格子上按 Enter）即可在对话记录中回放这次运行。',
  },
  running: { en: 'Running {done} of {total} runs…', zh: '正在运行：第 {done} 次，共 {total} 次……' },
  done: { en: '{total} {total|run} in {seconds} s.', zh: '共 {total} 次运行，用时 {seconds} 秒。' },
  hazard: { en: 'Hazard', zh: '险情' },
  totals: { en: 'Totals', zh: '合计' },
  yours: { en: 'Your policy', zh: '你的策略' },
  yoursNone: {
    en: 'No plugin is applied in the lab: open the lab, apply a plugin that answers writeIntent and editIntent, then open the arena again.',
    zh: '实验室里没有已应用的插件：打开实验室，应用一个回答 writeIntent 和 editIntent 的插件，再打开竞技场。',
  },
  yoursStarting: { en: 'Starting “{name}”…', zh: '正在启动“{name}”……' },
  yoursFailed: {
    en: '“{name}” could not run here: {why}',
    zh: '“{name}”无法在这里运行：{why}',
  },
  yoursNamed: { en: 'the lab’s “{name}”', zh: '实验室的“{name}”' },
  yoursSilent: {
    en: '“{name}” decided nothing: every write and edit went through unchecked, as with no policy.',
    zh: '“{name}”没有作出任何决定：每次写入和编辑都未经检查地通过，就像没有策略一样。',
  },
  downloadJson: { en: 'Download JSON', zh: '下载 JSON' },
  downloadSvg: { en: 'Download SVG', zh: '下载 SVG' },
  legend: { en: 'What a cell means', zh: '格子的含义' },
  replayTitle: {
    en: 'Arena: {hazard} under {policy} ({outcome})',
    zh: '竞技场：{policy} 下的 {hazard}（{outcome}）',
  },
  cellName: { en: '{outcome}: {hazard} under {policy}', zh: '{outcome}：{policy} 下的 {hazard}' },
  kept: { en: 'kept', zh: '保住' },
  'lost-update': { en: 'lost update', zh: '丢失更新' },
  'false-refusal': { en: 'false refusal', zh: '误拒' },
  corrupted: { en: 'corrupted', zh: '损坏' },
  keptMeans: {
    en: 'nothing anyone wrote was lost and no safe edit was refused',
    zh: '谁写的内容都没有丢，也没有安全的编辑被拒绝',
  },
  'lost-updateMeans': {
    en: 'a change by someone else was silently overwritten',
    zh: '别人的改动被悄悄覆盖了',
  },
  'false-refusalMeans': { en: 'a safe edit was refused', zh: '一次安全的编辑被拒绝了' },
  corruptedMeans: {
    en: 'bytes outside the intended change were altered',
    zh: '预期改动之外的字节被改动了',
  },
} as const;

/** One of the arena's strings. */
export type ArenaString = keyof typeof strings;

/** The arena's string `key` in the language now in use, its placeholders filled in as `fillIn` does. */
export function at(key: ArenaString, vars: StringVars = {}): string {
  return fillIn(strings[key][lang()], vars);
}

/** An outcome's glyph: the cells do not tell outcomes apart by colour alone. */
export const glyphs: Record<ArenaOutcome, string> = {
  kept: '✓',
  'lost-update': '✗',
  'false-refusal': '⊘',
  corrupted: '≠',
};

/** The outcomes, in the order of the legend and the totals (the compiler holds `glyphs` to the type). */
export const outcomes = Object.keys(glyphs) as ArenaOutcome[];

/** Every string, for the test that each has both languages. */
export const arenaStrings = strings;
