import type { LabExampleId } from './lab-example-ids';
import type { Lang } from './scenario';

/**
 * One example of the plugin lab: a plugin module as a visitor would write it, where its listeners go, and
 * the scenario that shows what it does. Loading one puts its source in the lab and starts its scenario.
 */
export interface LabExample {
  /** Lowercase words joined by dashes, e.g. `redact-content`; listed in lab-example-ids.ts. */
  id: LabExampleId;
  title: Record<Lang, string>;
  /** What it does and what to watch for in the run. */
  summary: Record<Lang, string>;
  /** Where its listeners go: `pre` puts them before the built-in observation policy. */
  order: 'pre' | 'default';
  /** The plugin module (JavaScript), in the format of the README's "Sandboxed plugins". */
  source: string;
  /**
   * The same module with its comments in Chinese, and the text it shows a person (an approval prompt, a
   * tool's description) too: the code is otherwise the same, character for character.
   */
  sourceZh: string;
  /** The id of the scenario to run with it; that scenario's `lab` is this example's id. */
  scenario: string;
}

// Each source is what a visitor would type: plain JavaScript, commented for a reader new to the hooks.

const redactContent = String.raw`// Hides phone numbers from the model by replacing the content of sql_query results.
// Watch the run: the model's text is clean, but open the value and the card:
// every number is still there. Replacing content is presentation, not protection.
export const name = 'redact-phones-content';

// A phone number: digits with spaces, dots, dashes or brackets between them, never a line break
// (the model's text is one row a line, and the rows must stay apart).
const PHONE = /\+?\d[\d ().-]{6,}\d/g;

export function postExecute({ tool, result }) {
  if (tool !== 'sql_query' || result.error) return { action: 'pass' };
  const content = result.content.map((block) => ({
    ...block,
    text: block.text.replace(PHONE, '[phone hidden]'),
  }));
  return { action: 'accept', content };
}
`;

const redactValue = String.raw`// Hides phone numbers by replacing the value of sql_query results. The harness checks
// the new value against the tool's schema, then projects the model's text, the meta
// and the card from it again: no number is left anywhere.
export const name = 'redact-phones-value';

// A phone number: digits with spaces, dots, dashes or brackets between them, never a line break
// (the model's text is one row a line, and the rows must stay apart).
const PHONE = /\+?\d[\d ().-]{6,}\d/g;

export function postExecute({ tool, result, value }) {
  if (tool !== 'sql_query' || result.error) return { action: 'pass' };
  const phone = value.columns.indexOf('phone');
  const hide = (cell, i) => {
    if (i === phone) return '[phone hidden]';
    return typeof cell === 'string' ? cell.replace(PHONE, '[phone hidden]') : cell;
  };
  const rows = value.rows.map((row) => row.map(hide));
  return { action: 'accept', value: { ...value, rows } };
}
`;

const denySecrets = String.raw`// Denies every change under /secrets/ before the tool runs: write, edit, and the
// create, str_replace and insert commands of str_replace_editor. Reading stays allowed.
// Watch the run: each change to the key ends with HOOK_DENIED and the reason below.
export const name = 'deny-secrets';

// Paths arrive normalized (the harness resolves '.', '..' and '//' before any hook),
// so 'secrets/./api-key.txt' is '/secrets/api-key.txt' here: no spelling slips past.

const CHANGES = ['write', 'edit', 'create', 'str_replace', 'insert'];

export function preExecute({ tool, args }) {
  // str_replace_editor names what it does in args.command ('view' only reads).
  const what = tool === 'str_replace_editor' ? args.command : tool;
  if (!CHANGES.includes(what)) return { verdict: 'allow' };
  const path = args.path;
  if (!path.startsWith('/secrets/')) return { verdict: 'allow' };
  return { verdict: 'deny', reason: path + ' is under /secrets/: agents may read it, never change it' };
}
`;

const askWrites = String.raw`// Asks the person before any change to a file. The playground shows the prompt:
// approved, the call goes on; declined, it ends with APPROVAL_DENIED and nothing
// is written. Any plugin may also deny; a deny wins before anyone is asked.
export const name = 'ask-before-writing';

const CHANGES = ['write', 'edit', 'create', 'str_replace', 'insert'];

export function preExecute({ tool, args }) {
  // str_replace_editor names what it does in args.command ('view' only reads).
  const what = tool === 'str_replace_editor' ? args.command : tool;
  if (!CHANGES.includes(what)) return { verdict: 'allow' };
  return { verdict: 'ask', prompt: 'Let the agent ' + what + ' ' + args.path + '?' };
}
`;

const firstWins = String.raw`// A write-intent decider of your own. The write intent is a slot hook: the first listener
// that decides ({ verdict: 'pass' } hands it on) is heard; the ones after it are never asked.
// Run with order 'pre', this one speaks before the built-in observation policy:
// - files under /scratch/ are throwaway: overwrite them unread (no guard at all);
// - anywhere else, stricter than the policy: only create new files; overwriting
//   is refused with this plugin's own code, FS_OUTSIDE_SCRATCH.
// Switch to order 'default' and run again: the policy, installed first, decides
// alone (FS_NOT_OBSERVED, then a read and a retry) and this function never runs.
// There is no editIntent here, so edits stay the policy's either way.
export const name = 'scratch-is-free';

export function writeIntent({ path }) {
  if (path.startsWith('/scratch/')) return { verdict: 'proceed', guard: { kind: 'none' } };
  return {
    verdict: 'proceed',
    guard: { kind: 'createIfAbsent' },
    // The backend refuses that guard with FS_EXISTS when the file is there: say why.
    conflicts: [
      {
        when: 'FS_EXISTS',
        code: 'FS_OUTSIDE_SCRATCH',
        message: path + ' exists, and only files under /scratch/ may be overwritten',
        remedy: 'write the new version under /scratch/ instead',
      },
    ],
  };
}
`;

const impure = String.raw`// A plugin can add a tool. This one has a bug on purpose: render draws the lucky
// numbers, so each render gives other numbers. Projections (render, presentationMeta)
// must be pure, since they run again on replay. The harness renders more than once,
// sees two answers and flags the card as an impure projection.
// The fix: draw the numbers in execute and keep them in the value.
export const name = 'fortune-teller';

const FORTUNES = {
  work: 'A small change you make today saves a long night later.',
  travel: 'The slow road shows you more than the fast one.',
  home: 'A tidy desk invites a clear thought.',
};

export const tool = {
  name: 'fortune',
  description: 'Tell a fortune about a topic: work, travel or home.',
  inputSchema: {
    type: 'object',
    properties: { topic: { type: 'string', enum: ['work', 'travel', 'home'] } },
    required: ['topic'],
  },
  execute({ topic }) {
    return { topic, fortune: FORTUNES[topic] };
  },
  render(args, value) {
    const lucky = [1, 2, 3].map(() => 1 + Math.floor(Math.random() * 99)); // the bug
    return [{ type: 'text', text: value.fortune + ' Lucky numbers: ' + lucky.join(', ') + '.' }];
  },
};
`;

// The same modules, their comments in Chinese (the code is the same: a test holds them together).

const redactContentZh = String.raw`// 替换 sql_query 结果的 content，把手机号对模型隐藏起来。
// 看这次运行：模型读到的文本干净了，但打开值和卡片看看：
// 每个号码都还在。替换 content 只是展示，不是保护。
export const name = 'redact-phones-content';

// 手机号：数字之间可以有空格、点、横线或括号，但绝不跨行
// （模型读到的文本一行一条记录，各行必须分开）。
const PHONE = /\+?\d[\d ().-]{6,}\d/g;

export function postExecute({ tool, result }) {
  if (tool !== 'sql_query' || result.error) return { action: 'pass' };
  const content = result.content.map((block) => ({
    ...block,
    text: block.text.replace(PHONE, '[phone hidden]'),
  }));
  return { action: 'accept', content };
}
`;

const redactValueZh = String.raw`// 替换 sql_query 结果的值，把手机号隐藏起来。harness 先用工具的 schema
// 检查新的值，再由它重新投影出模型读到的文本、meta 和卡片：
// 任何地方都不再留有号码。
export const name = 'redact-phones-value';

// 手机号：数字之间可以有空格、点、横线或括号，但绝不跨行
// （模型读到的文本一行一条记录，各行必须分开）。
const PHONE = /\+?\d[\d ().-]{6,}\d/g;

export function postExecute({ tool, result, value }) {
  if (tool !== 'sql_query' || result.error) return { action: 'pass' };
  const phone = value.columns.indexOf('phone');
  const hide = (cell, i) => {
    if (i === phone) return '[phone hidden]';
    return typeof cell === 'string' ? cell.replace(PHONE, '[phone hidden]') : cell;
  };
  const rows = value.rows.map((row) => row.map(hide));
  return { action: 'accept', value: { ...value, rows } };
}
`;

const denySecretsZh = String.raw`// 在工具运行之前，拒绝 /secrets/ 下的一切修改：write、edit，以及
// str_replace_editor 的 create、str_replace 和 insert 命令。读取仍然允许。
// 看这次运行：对密钥文件的每次修改都以 HOOK_DENIED 和下面的理由结束。
export const name = 'deny-secrets';

// 路径到达时已经规范化（harness 在任何钩子之前解析 '.'、'..' 和 '//'），
// 所以这里的 'secrets/./api-key.txt' 就是 '/secrets/api-key.txt'：哪种写法都溜不过去。

const CHANGES = ['write', 'edit', 'create', 'str_replace', 'insert'];

export function preExecute({ tool, args }) {
  // str_replace_editor 在 args.command 里说明它要做什么（'view' 只是读）。
  const what = tool === 'str_replace_editor' ? args.command : tool;
  if (!CHANGES.includes(what)) return { verdict: 'allow' };
  const path = args.path;
  if (!path.startsWith('/secrets/')) return { verdict: 'allow' };
  return { verdict: 'deny', reason: path + ' is under /secrets/: agents may read it, never change it' };
}
`;

const askWritesZh = String.raw`// 每次修改文件之前先问人。playground 会显示提问：
// 同意，调用继续；拒绝，调用以 APPROVAL_DENIED 结束，
// 什么也不写。任何插件也都可以拒绝；拒绝在询问之前就生效。
export const name = 'ask-before-writing';

const CHANGES = ['write', 'edit', 'create', 'str_replace', 'insert'];

export function preExecute({ tool, args }) {
  // str_replace_editor 在 args.command 里说明它要做什么（'view' 只是读）。
  const what = tool === 'str_replace_editor' ? args.command : tool;
  if (!CHANGES.includes(what)) return { verdict: 'allow' };
  return { verdict: 'ask', prompt: '智能体要 ' + what + ' ' + args.path + '，允许吗？' };
}
`;

const firstWinsZh = String.raw`// 你自己的写入决定者（write intent）。write intent 是单槽钩子：
// 第一个做出决定的监听者说了算（返回 { verdict: 'pass' } 就交给下一个），排在后面的不会被问到。
// 以顺序 'pre' 运行时，它在内置的观察策略之前发言：
// - /scratch/ 下的文件用完即弃：不读也能覆盖（完全不设防护）；
// - 其他地方比策略更严：只能新建文件；覆盖会被拒绝，
//   用这个插件自己的错误码 FS_OUTSIDE_SCRATCH。
// 改成顺序 'default' 再运行：先装好的策略独自决定
// （FS_NOT_OBSERVED，然后读一遍再重试），这个函数从不运行。
// 这里没有 editIntent，所以无论哪种顺序，编辑都归策略管。
export const name = 'scratch-is-free';

export function writeIntent({ path }) {
  if (path.startsWith('/scratch/')) return { verdict: 'proceed', guard: { kind: 'none' } };
  return {
    verdict: 'proceed',
    guard: { kind: 'createIfAbsent' },
    // 文件已存在时，后端用 FS_EXISTS 拒绝这个防护：这里说明原因。
    conflicts: [
      {
        when: 'FS_EXISTS',
        code: 'FS_OUTSIDE_SCRATCH',
        message: path + ' exists, and only files under /scratch/ may be overwritten',
        remedy: 'write the new version under /scratch/ instead',
      },
    ],
  };
}
`;

const impureZh = String.raw`// 插件可以添加工具。这个工具故意留了一个 bug：render 里抽幸运数字，
// 所以每次 render 给出的数字都不一样。投影（render、presentationMeta）
// 必须是纯的，因为回放时还要再运行一次。harness 会渲染不止一次，
// 看到两个不同的答案，就把这张卡片标为不纯的投影。
// 修法：在 execute 里抽数字，并把它们放进值里。
export const name = 'fortune-teller';

const FORTUNES = {
  work: 'A small change you make today saves a long night later.',
  travel: 'The slow road shows you more than the fast one.',
  home: 'A tidy desk invites a clear thought.',
};

export const tool = {
  name: 'fortune',
  description: '说一句关于某个话题的运势：work、travel 或 home。',
  inputSchema: {
    type: 'object',
    properties: { topic: { type: 'string', enum: ['work', 'travel', 'home'] } },
    required: ['topic'],
  },
  execute({ topic }) {
    return { topic, fortune: FORTUNES[topic] };
  },
  render(args, value) {
    const lucky = [1, 2, 3].map(() => 1 + Math.floor(Math.random() * 99)); // bug 在这里
    return [{ type: 'text', text: value.fortune + ' Lucky numbers: ' + lucky.join(', ') + '.' }];
  },
};
`;

/** The examples of the plugin lab, in the order the lab lists them; each is loadable in one click. */
export const labExamples: readonly LabExample[] = [
  {
    id: 'redact-content',
    title: { en: 'Hide phones: replace the content', zh: '隐藏手机号：替换 content' },
    summary: {
      en: 'Masks phone numbers in what the model reads. Watch the value and the card: the numbers are still there.',
      zh: '把模型读到的文本里的手机号遮住。留意值和卡片：号码还在。',
    },
    order: 'default',
    source: redactContent,
    sourceZh: redactContentZh,
    scenario: 'lab-redact-content',
  },
  {
    id: 'redact-value',
    title: { en: 'Hide phones: replace the value', zh: '隐藏手机号：替换值' },
    summary: {
      en: 'Masks phone numbers in the value itself; text, meta and card are projected from it again. Nothing leaks.',
      zh: '直接遮住值里的手机号；文本、meta 和卡片都由它重新投影。什么都不泄露。',
    },
    order: 'default',
    source: redactValue,
    sourceZh: redactValueZh,
    scenario: 'lab-redact-value',
  },
  {
    id: 'deny-secrets',
    title: { en: 'Deny writes under /secrets', zh: '禁止写入 /secrets' },
    summary: {
      en: 'A preExecute vote denies any change under /secrets/. Watch the key file: its changes end with HOOK_DENIED and it stays as it was.',
      zh: 'preExecute 投票拒绝 /secrets/ 下的任何修改。留意密钥文件：对它的修改都以 HOOK_DENIED 结束，内容不变。',
    },
    order: 'default',
    source: denySecrets,
    sourceZh: denySecretsZh,
    scenario: 'lab-deny-secrets',
  },
  {
    id: 'ask-writes',
    title: { en: 'Ask before any write', zh: '写入前先询问' },
    summary: {
      en: 'A preExecute vote answers “ask” for every change to a file. You approve or decline each; a declined one ends with APPROVAL_DENIED.',
      zh: 'preExecute 投票对每次文件修改都回答“ask”。由你逐个同意或拒绝；被拒绝的以 APPROVAL_DENIED 结束。',
    },
    order: 'default',
    source: askWrites,
    sourceZh: askWritesZh,
    scenario: 'lab-ask-writes',
  },
  {
    id: 'first-wins',
    title: { en: 'Your own write decider, first', zh: '你自己的写入决定者，排第一' },
    summary: {
      en: 'A writeIntent decider placed before the built-in policy: /scratch/ is overwritten unread, other files are refused with FS_OUTSIDE_SCRATCH. Switch it to “default” and the policy decides instead.',
      zh: '放在内置策略之前的 writeIntent 决定者：/scratch/ 下的文件不读也能覆盖，其他文件以 FS_OUTSIDE_SCRATCH 拒绝。改成“default”，就换成内置策略做决定。',
    },
    order: 'pre',
    source: firstWins,
    sourceZh: firstWinsZh,
    scenario: 'lab-first-wins',
  },
  {
    id: 'impure',
    title: { en: 'An impure tool, flagged', zh: '不纯的工具会被标记' },
    summary: {
      en: 'Adds a fortune tool whose render draws random numbers. Watch its cards: each is flagged as an impure projection.',
      zh: '加一个 fortune 工具，它的 render 抽随机数。留意它的卡片：每张都被标为不纯的投影。',
    },
    order: 'default',
    source: impure,
    sourceZh: impureZh,
    scenario: 'lab-impure',
  },
];

// No side effect at load: the module is only fetched with the lab (tests check the ids are unique).
const byId = new Map<string, LabExample>(labExamples.map((e) => [e.id, e]));

/** The example with `id`, or undefined. */
export function labExampleById(id: string): LabExample | undefined {
  return byId.get(id);
}
