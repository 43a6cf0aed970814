import type { Lang } from '../model';

/** An error as a card shows it to a person. */
export interface PeopleError {
  message: string;
  remedy?: string;
  /**
   * The model's own words, when the card shows other ones: the model reads English, exactly as the tool
   * wrote it, and a person reading Chinese gets what it means instead, with the original kept beside it.
   */
  verbatim?: { message: string; remedy?: string };
}

type Words = { message: string; remedy?: string };

/** What a person can do about a plugin that failed: its error is in the lab. */
const SEE_THE_LAB = '去插件实验室查看插件的错误。';

/**
 * What each code means, in Chinese, for a person reading the card. Each line is general: the specifics
 * (the path, the versions, the lines) are in the model's own words, shown beside it.
 */
const ZH: Readonly<Record<string, Words>> = {
  FS_STALE_VERSION: {
    message: '文件在智能体读过之后被改过：它手里的版本已经不是最新的，所以这次写入被拒绝了。',
    remedy: '重新读取文件，再根据最新的内容修改。',
  },
  FS_NOT_OBSERVED: {
    message: '智能体还没有读过这个文件（或这几行），就想修改它，所以被拒绝了。',
    remedy: '先读取文件，再修改读到的部分。',
  },
  FS_OUTSIDE_LINES: {
    message: '要改的地方不在智能体读过的行里。',
    remedy: '先读取包含这些行的部分，再修改。',
  },
  FS_NOT_FOUND: { message: '没有这个文件或目录。', remedy: '用 ls 或 glob 查一下正确的路径。' },
  FS_EXISTS: {
    message: '文件已经存在；只能新建的写入不会覆盖它。',
    remedy: '先读取它；要替换就用读到的版本去写。',
  },
  FS_INVALID_PATH: {
    message: '路径写得不对：必须是以 / 开头的规范绝对路径。',
    remedy: '改用形如 /src/app.ts 的路径。',
  },
  FS_EDIT_NOT_FOUND: {
    message: '文件里找不到要替换的原文。',
    remedy: '重新读取文件，照抄其中的原文（包括空白和标点）。',
  },
  FS_AMBIGUOUS_EDIT: {
    message: '要替换的原文在文件里出现了不止一次，不知道该改哪一处。',
    remedy: '多带一些上下文让它只出现一次，或者明确要求全部替换。',
  },
  FS_EMPTY_OLD_STRING: { message: '要替换的原文是空的。', remedy: '给出文件里确实存在的一段原文。' },
  FS_NO_CHANGE: { message: '替换前后完全一样，文件不会有任何变化。', remedy: '检查新内容是否真的不同。' },
  FS_OFFSET_PAST_END: {
    message: '起始行超出了文件的末尾。',
    remedy: '从更小的行号开始读，或先看文件一共有几行。',
  },
  FS_NOT_DIRECTORY: { message: '这个路径是文件，不是目录。', remedy: '列目录时给出目录的路径。' },
  FS_OUTSIDE_SCRATCH: {
    message: '这个工具只能写草稿区里的文件。',
    remedy: '把文件写到草稿区的路径下。',
  },
  FS_QUOTA: { message: '浏览器的存储空间不够了，什么也没有写入。', remedy: '删掉一些文件或旧会话后再试。' },
  FS_ABORTED: { message: '调用被中止了，文件没有改动。' },
  FS_UNAVAILABLE: { message: '浏览器的存储暂时不可用，什么也没有写入。', remedy: '稍后再试。' },
  INVALID_ARGS: {
    message: '调用的参数不符合这个工具的格式。',
    remedy: '照工具的参数格式改正后再调用。',
  },
  UNKNOWN_TOOL: { message: '没有这个名字的工具。', remedy: '只调用工具列表里有的工具。' },
  TOOL_FAILED: { message: '工具运行时出错了。', remedy: '看原文里的说明；必要时换一种做法。' },
  TOOL_TIMEOUT: { message: '工具运行超时，被停下了。', remedy: '缩小这次要做的事，再试一次。' },
  OUTPUT_INVALID: { message: '工具返回的结果不符合它自己声明的格式。' },
  RENDER_FAILED: { message: '工具的结果无法整理成给模型看的文字。' },
  META_NOT_JSON: { message: '工具附带的元数据不是 JSON。' },
  HOOK_DENIED: { message: '一个插件拦下了这次调用。', remedy: '看原文里插件给出的理由。' },
  APPROVAL_DENIED: {
    message: '这次调用需要批准，但没有被批准。',
    remedy: '换一种不需要批准的做法，或请人批准。',
  },
  BLOCKED: { message: '这次调用被拦下了。' },
  PLUGIN_ERROR: { message: '一个插件在处理这次调用时出错了。', remedy: SEE_THE_LAB },
  PLUGIN_DECISION_INVALID: {
    message: '一个插件给出的决定格式不对，没有被采用。',
    remedy: SEE_THE_LAB,
  },
  PLUGIN_TIMEOUT: { message: '一个插件运行超时，被停下了。', remedy: SEE_THE_LAB },
  PLUGIN_MEMORY: {
    message: '一个插件用掉的内存超过了上限，被停下了。',
    remedy: SEE_THE_LAB,
  },
  PLUGIN_TOOL_SCHEMA: { message: '插件提供的工具，其参数格式写得不对。' },
  ABORTED: { message: '调用被中止了。' },
  ABORTED_BEFORE_DISPATCH: { message: '调用在开始之前就被中止了，什么也没有做。' },
  BAD_PATTERN: { message: '搜索用的模式写得不对。', remedy: '改正模式的写法后再试。' },
  NOT_AVAILABLE: { message: '这个功能在这里不可用。' },
  SQL_ERROR: { message: 'SQL 查询出错了。', remedy: '看原文里数据库给出的说明，改正查询。' },
  WEB_NOT_FOUND: { message: '没有找到这个网页。' },
};

/**
 * Chinese for the messages the lessons turn on, with their specifics (path, versions) read back out of
 * the English; a message that does not match keeps the general words of its code.
 */
const ZH_SPECIFIC: readonly { code: string; english: RegExp; zh: (m: RegExpMatchArray) => string }[] = [
  {
    code: 'FS_STALE_VERSION',
    english: /^(\S+) changed after you read it: you read version (\S+), it is now (\S+)\.$/,
    zh: (m) =>
      `${m[1]} 在智能体读过之后被改过：它读到的是 ${m[2]}，现在已经是 ${m[3]}，所以这次写入被拒绝了。`,
  },
  {
    code: 'FS_STALE_VERSION',
    english: /^(\S+) was deleted after this session read it$/,
    zh: (m) => `${m[1]} 在智能体读过之后被删除了。`,
  },
  {
    code: 'FS_STALE_VERSION',
    english: /^(\S+) was absent when this session looked and has been created since$/,
    zh: (m) => `智能体上次查看时 ${m[1]} 还不存在，之后有人新建了它。`,
  },
  {
    code: 'FS_NOT_OBSERVED',
    english: /^(\S+) has not been read in this session$/,
    zh: (m) => `智能体在这次会话里还没有读过 ${m[1]}，所以不能修改它。`,
  },
  {
    code: 'FS_NOT_OBSERVED',
    english: /^(\S+) exists and this session has not read it$/,
    zh: (m) => `${m[1]} 已经存在，而智能体在这次会话里还没有读过它，所以不能覆盖。`,
  },
  {
    code: 'FS_NOT_OBSERVED',
    english: /^(\S+) has lines this edit touches that were not read$/,
    zh: (m) => `这次修改碰到了 ${m[1]} 里智能体没有读过的行。`,
  },
  {
    code: 'FS_NOT_FOUND',
    english: /^(\S+) did not exist when this session last looked$/,
    zh: (m) => `智能体上次查看时 ${m[1]} 并不存在。`,
  },
  { code: 'FS_NOT_FOUND', english: /^(\S+) does not exist\b/, zh: (m) => `${m[1]} 不存在。` },
  {
    code: 'FS_EXISTS',
    english: /^(\S+) already exists \(version (\S+)\)/,
    zh: (m) => `${m[1]} 已经存在（${m[2]}），新建文件不会覆盖它。`,
  },
];

/**
 * The words a card shows a person for an error: in English the tool's own words (they are the model's
 * too); in Chinese what the code means, with the tool's words kept as `verbatim`. A code with no Chinese
 * words (a plugin's own) says so in Chinese and keeps the original.
 */
export function errorForPeople(
  error: { code: string; message: string; remedy?: string },
  lang: Lang,
): PeopleError {
  const original = error.remedy
    ? { message: error.message, remedy: error.remedy }
    : { message: error.message };
  if (lang === 'en') return original;
  const words = ZH[error.code] ?? { message: `这次调用以错误 ${error.code} 结束。` };
  for (const { code, english, zh } of ZH_SPECIFIC) {
    const m = code === error.code ? error.message.match(english) : null;
    if (m) return { ...words, message: zh(m), verbatim: original };
  }
  return { ...words, verbatim: original };
}

/** The codes that have Chinese words (for the test that checks every code a tool can end with has them). */
export const codesWithWords: readonly string[] = Object.keys(ZH);

/** Why a tool's own card was not shown, as the harness words it, and in Chinese. */
const FALLBACK_ZH: readonly { english: RegExp; zh: (rest: string) => string }[] = [
  { english: /^presenter threw: /, zh: (rest) => `工具的卡片函数抛出了异常：${rest}` },
  { english: /^invalid card: /, zh: (rest) => `工具给出的卡片不符合卡片格式：${rest}` },
];

/**
 * The reason a card fell back to generic, for a person: the harness's words in English; in Chinese its
 * own part translated, and what the tool itself said (a thrown message, the schema's complaint) in
 * Chinese when the tool said it in both languages (`saidZh`, a `SaidError`'s), else kept as it was.
 */
export function fallbackForPeople(reason: string, lang: Lang, saidZh?: string): string {
  if (lang === 'en') return reason;
  for (const { english, zh } of FALLBACK_ZH) {
    const m = english.exec(reason);
    if (m) return zh(saidZh ?? reason.slice(m[0].length));
  }
  return saidZh ?? reason;
}
