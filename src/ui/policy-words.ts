// What the page calls each edit-safety policy, in both languages: a readable name, one line on what it
// checks, and the product it models. Kept apart from the policies themselves, which load only when a run
// needs one, so that the header can name the run's policy without loading any.
import type { Lang, ScenarioPolicyId, Text } from '../model';

/** How the page speaks of one policy. */
export interface PolicyWords {
  name: Text;
  /** One line: what it checks before a write or an edit. */
  does: Text;
  /** The product (and version) whose rule it models. */
  models: Text;
}

/** The words of every policy, by id, in the arena's column order. */
export const policyWords: { readonly [K in ScenarioPolicyId]: PolicyWords } = {
  'dsh-ledger': {
    name: { en: 'Version credential', zh: '版本凭证' },
    does: {
      en: 'Edits and overwrites need a read; the version read is checked inside the write itself.',
      zh: '编辑和覆盖前必须读过；读到的版本在写入内部核对。',
    },
    models: {
      en: 'the harness of the source text (the observation policy)',
      zh: '原文描述的框架（观测策略）',
    },
  },
  'prompt-only': {
    name: { en: 'Prompt only', zh: '仅靠提示语' },
    does: {
      en: 'Only the prompt asks the model to re-read: every write and edit goes through unchecked.',
      zh: '只有提示语要求模型重读：所有写入和编辑都不经检查直接放行。',
    },
    models: { en: 'the source text’s first strength', zh: '原文的第一种强度' },
  },
  'runtime-check': {
    name: { en: 'Runtime check', zh: '运行时检查' },
    does: {
      en: 'The version is compared just before writing, as a separate step: a change in between is lost.',
      zh: '在写入前单独比较版本：两步之间落下的改动会丢。',
    },
    models: { en: 'the source text’s second strength', zh: '原文的第二种强度' },
  },
  'unique-match': {
    name: { en: 'Unique match', zh: '唯一匹配' },
    does: {
      en: 'An edit needs a read and an old_string found once in the file as it is now, changed or not.',
      zh: '编辑需要读过，且 old_string 在当前文件中恰好出现一次，文件改没改过都行。',
    },
    models: { en: 'Claude Code 2.1.208', zh: 'Claude Code 2.1.208' },
  },
  'unique-match-write-any': {
    name: { en: 'Unique match, any write', zh: '唯一匹配，任意写入' },
    does: {
      en: 'As unique match, and a write over a file never read goes through.',
      zh: '同唯一匹配，另外覆盖从未读过的文件也放行。',
    },
    models: { en: 'Claude Code 2.1.228', zh: 'Claude Code 2.1.228' },
  },
  'bytes-if-unchanged': {
    name: { en: 'Bytes if unchanged', zh: '字节未变才写' },
    does: {
      en: 'No read gate; a file read must still hold the bytes read, compared under a lock.',
      zh: '不要求先读；读过的文件必须仍是读到的字节，在锁内比较。',
    },
    models: { en: 'opencode v2', zh: 'opencode v2' },
  },
  'hash-ledger': {
    name: { en: 'Hash ledger', zh: '哈希账本' },
    does: {
      en: 'A sha256 per file read, compared before each change; its own writes refresh it.',
      zh: '每读一个文件记一个 sha256，改动前比较；自己的写入会刷新它。',
    },
    models: { en: 'a small coding agent', zh: '一个小型编程智能体' },
  },
  'no-read-gate': {
    name: { en: 'No read gate', zh: '无读取门槛' },
    does: {
      en: 'Versions are checked for files read; files never read are changed freely.',
      zh: '只核对读过的文件的版本；没读过的文件随便改。',
    },
    models: { en: 'a fork of the source text’s harness', zh: '原文框架的一个分支' },
  },
  'fuzzy-whitespace': {
    name: { en: 'Whitespace-blind match', zh: '忽略空白的匹配' },
    does: {
      en: 'No read gate or version check; old_string may differ in whitespace, and the model’s lines win.',
      zh: '不要求先读，也不核对版本；old_string 的空白可以不同，以模型的行为准。',
    },
    models: { en: 'Codex CLI', zh: 'Codex CLI' },
  },
};

/** The readable name of policy `id` in `lang`; the id itself for one the page has no words for. */
export function policyName(id: string, lang: Lang): string {
  return Object.hasOwn(policyWords, id) ? policyWords[id as ScenarioPolicyId].name[lang] : id;
}
