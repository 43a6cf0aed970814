import type { Lang } from '../model/scenario';

/** Every visible string of the interface, in both languages. One table, so nothing is left untranslated. */
const strings = {
  appTitle: { en: 'Harness Playground', zh: '工具框架演练场' },
  tagline: {
    en: 'Decide on a verifiable credential, not on what things look like right now.',
    zh: '凭可验证的凭证做判断，而不是凭“现在看起来怎样”。',
  },
  scenarioLabel: { en: 'Scenario: ', zh: '场景：' },
  chooseScenario: { en: 'Choose a scenario', zh: '选择场景' },
  close: { en: 'Close', zh: '关闭' },
  play: { en: 'Play', zh: '播放' },
  pause: { en: 'Pause', zh: '暂停' },
  step: { en: 'Step', zh: '单步' },
  back: { en: 'Back', zh: '后退' },
  present: { en: 'Present', zh: '演示' },
  progress: { en: 'step {n} of {of}', zh: '第 {n} 步，共 {of} 步' },
  replayProgress: { en: 'replay of {n} events', zh: '回放 {n} 个事件' },
  autoExternal: {
    en: 'Let the scenario make its external edits when playing',
    zh: '播放时由场景自己做外部编辑',
  },
  reset: { en: 'Reset', zh: '重置' },
  speed: { en: 'Speed', zh: '速度' },
  slow: { en: 'Slow', zh: '慢' },
  normal: { en: 'Normal', zh: '中' },
  fast: { en: 'Fast', zh: '快' },
  instant: { en: 'Instant', zh: '瞬间' },
  simulateExternal: { en: 'Simulate external edit', zh: '模拟外部编辑' },
  keysHint: {
    en: 'Keys: Space play/pause · → step · ← back · E external edit · R reset · P present · ? all keys',
    zh: '快捷键：空格 播放/暂停 · → 单步 · ← 后退 · E 外部编辑 · R 重置 · P 演示 · ? 全部快捷键',
  },
  keysTitle: { en: 'Keys', zh: '快捷键' },
  keySpace: { en: 'Space', zh: '空格' },
  keyPlay: { en: 'Play or pause', zh: '播放或暂停' },
  keyStep: { en: 'One step', zh: '前进一步' },
  keyBack: { en: 'One step back', zh: '后退一步' },
  keyExternal: { en: 'Simulate external edit', zh: '模拟外部编辑' },
  keyReset: { en: 'Reset (asks first in the middle of a run)', zh: '重置（运行中途会先询问）' },
  keyPresent: { en: 'Presentation mode on or off', zh: '开关演示模式' },
  keyHelp: { en: 'This list', zh: '显示本列表' },
  resetQuestion: {
    en: 'Reset the scenario? The steps taken so far are dropped (the session stays under Past sessions).',
    zh: '要重置场景吗？已走过的步骤会被丢弃（会话仍保存在“历史会话”中）。',
  },
  cancel: { en: 'Cancel', zh: '取消' },
  transcript: { en: 'Transcript', zh: '对话记录' },
  newEntries: { en: 'New entries', zh: '新条目' },
  lesson: { en: 'What this scenario shows', zh: '这个场景要说明的' },
  files: { en: 'Files', zh: '文件' },
  ledger: { en: 'Ledger', zh: '账本' },
  log: { en: 'Event log', zh: '事件日志' },
  tools: { en: 'Tools', zh: '工具' },
  playYourself: { en: 'Play the model', zh: '扮演模型' },
  model: { en: 'Model', zh: '模型' },
  call: { en: 'Call', zh: '调用' },
  result: { en: 'Result', zh: '结果' },
  pending: { en: 'waiting for the result…', zh: '等待结果……' },
  modelSaw: { en: 'What the model saw', zh: '模型看到的内容' },
  bytesChars: { en: '{bytes} bytes · {chars} characters', zh: '{bytes} 字节 · {chars} 个字符' },
  value: { en: 'Canonical value', zh: '规范值' },
  notPersisted: {
    en: 'not persisted: the log keeps content, error and meta only',
    zh: '不落盘：日志只存 content、error 与 meta',
  },
  valueUnavailable: {
    en: 'Value not available: this result was rebuilt from the log, which never stores values.',
    zh: '规范值不可用：此结果由日志回放重建，日志从不存储规范值。',
  },
  remedyLabel: { en: 'Remedy: ', zh: '怎么办：' },
  modelDescription: { en: 'The description the model reads', zh: '模型读到的说明（英文）' },
  modelWords: { en: 'The words the model received', zh: '模型收到的原文（英文）' },
  cardKind: { en: 'The kind of card', zh: '卡片的种类' },
  leak: {
    en: 'Leak: {plugin} replaced only what the model reads. This card and the value come from the value, which still holds what the model’s text hides.',
    zh: '泄露：{plugin} 只替换了模型读到的内容。这张卡片和值都来自值本身，而值里仍然有模型文本里被隐藏的东西。',
  },
  externalEdit: { en: 'External edit', zh: '外部编辑' },
  externalByButton: { en: 'made with “Simulate external edit”', zh: '由“模拟外部编辑”按钮做出' },
  externalByEditor: { en: 'saved in the file editor', zh: '在文件编辑器里保存' },
  externalByOtherTab: { en: 'made in another tab', zh: '在另一个标签页里做出' },
  externalByScenario: { en: 'made by the scenario', zh: '由场景做出' },
  externalNew: { en: 'new file', zh: '新文件' },
  externalDeleted: { en: 'deleted', zh: '已删除' },
  externalDiffCut: { en: 'The change is longer; only its start is shown.', zh: '改动更长，这里只显示开头。' },
  externalLesson: {
    en: 'Nobody told the agent: its next write or edit of this file is checked against the new version.',
    zh: '没有人告诉智能体：它下一次写入或编辑这个文件时，会按新版本核对。',
  },
  fallbackCard: { en: 'Shown as a generic card: {why}', zh: '已回退为 generic 卡：{why}' },
  impure: {
    en: 'Impure projection: {which} gave different output under another clock or random source. A replay would not match.',
    zh: '投影不纯：{which} 在换了时钟或随机源后输出不同，回放将无法重现。',
  },
  decidedBy: { en: '{hook}: decided by {plugin}', zh: '{hook}：由 {plugin} 决定' },
  linesOf: { en: 'lines {from}–{to} of {total}', zh: '第 {from}–{to} 行，共 {total} 行' },
  emptyFile: { en: 'empty file', zh: '空文件' },
  showingOf: { en: 'showing {shown} of {total}', zh: '共 {total} 条，显示 {shown} 条' },
  allShown: { en: 'all {total} shown', zh: '全部 {total} 条' },
  truncatedWarn: { en: 'Truncated: {hidden} more not shown', zh: '已截断：还有 {hidden} 条未显示' },
  exitStatus: { en: 'exit status {code}', zh: '退出码 {code}' },
  created: { en: 'created', zh: '新建' },
  noChanges: { en: 'no changes', zh: '无改动' },
  version: { en: 'version', zh: '版本' },
  fileVersion: { en: 'File version', zh: '文件版本' },
  agentKnows: { en: 'Agent knows', zh: '智能体所知' },
  path: { en: 'Path', zh: '路径' },
  unseen: { en: 'unseen', zh: '未见' },
  knowsPresent: {
    en: 'The agent has seen this file at version {version}.',
    zh: '智能体见过这个文件的 {version} 版本。',
  },
  knowsAbsent: {
    en: 'The agent has seen that this file does not exist.',
    zh: '智能体已确认这个文件不存在。',
  },
  stale: { en: 'stale: the file moved on', zh: '已过期：文件已变' },
  current: { en: 'current', zh: '最新' },
  freshness: { en: 'Up to date?', zh: '是否最新' },
  ledgerEmpty: { en: 'The agent has not looked at any file yet.', zh: '智能体还没看过任何文件。' },
  ledgerOff: {
    en: 'The observation policy is off: writes and edits are unconditional.',
    zh: '观测策略已关闭：写入与编辑不受约束。',
  },
  openPrefix: { en: 'Open ', zh: '打开 ' },
  save: { en: 'Save (an external edit)', zh: '保存（算作外部编辑）' },
  editorNote: {
    en: 'Saving here changes the file behind the agent’s back: it gets a new version the agent has not seen.',
    zh: '在这里保存，就是在智能体背后改文件：文件得到一个智能体没见过的新版本。',
  },
  loadingEditor: { en: 'Loading the editor…', zh: '正在加载编辑器……' },
  tool: { en: 'Tool', zh: '工具' },
  arguments: { en: 'Arguments (JSON)', zh: '参数（JSON）' },
  send: { en: 'Send call', zh: '发送调用' },
  argsOk: { en: 'Arguments match the schema.', zh: '参数符合 schema。' },
  argsBadJson: { en: 'Not valid JSON: {why}', zh: '不是合法 JSON：{why}' },
  argsBad: { en: 'Does not match the schema:', zh: '不符合 schema：' },
  manualNote: {
    en: 'You are the model now: pick a tool, write its arguments and send. The result arrives exactly as the model would receive it.',
    zh: '现在由你扮演模型：选工具、写参数、发送。结果和模型收到的一模一样。',
  },
  waitingExternal: { en: 'The script is waiting: {note}', zh: '脚本在等待：{note}' },
  replayMode: {
    en: 'Replay: rebuilt from the log alone. Cards and model texts are exact; values were never stored.',
    zh: '回放模式：仅凭日志重建。卡片与模型文本完全一致；规范值从未存储。',
  },
  leaveReplay: { en: 'Back to live', zh: '回到实时' },
  notPersistent: {
    en: 'This browser does not allow storage here: the workspace lives in memory and nothing will be kept.',
    zh: '此浏览器不允许在这里存储：工作区只在内存中，关闭后不会保留。',
  },
  done: { en: 'The script is done.', zh: '脚本已结束。' },
  outcomeOk: {
    en: 'The script is done, and the run ended as the scenario says.',
    zh: '脚本已结束，结果与场景所述一致。',
  },
  outcomeMismatch: {
    en: 'The script is done, but the run did not end as the scenario says:',
    zh: '脚本已结束，但结果与场景所述不一致：',
  },
  expected: { en: 'Expected', zh: '预期' },
  seen: { en: 'This run', zh: '本次运行' },
  errorCodes: { en: 'Error codes, in order', zh: '错误码（按顺序）' },
  exportSession: { en: 'Export session', zh: '导出会话' },
  importSession: { en: 'Import session', zh: '导入会话' },
  openScenario: { en: 'Open scenario file', zh: '打开场景文件' },
  scenarioFile: { en: 'Scenario file to open', zh: '要打开的场景文件' },
  share: { en: 'Copy share link', zh: '复制分享链接' },
  shareCopied: { en: 'Link copied.', zh: '链接已复制。' },
  resetWorkspace: { en: 'Reset workspace', zh: '重置工作区' },
  pastSessions: { en: 'Past sessions', zh: '历史会话' },
  openReplay: { en: 'Open in replay', zh: '以回放打开' },
  noPastSessions: { en: 'No past sessions yet.', zh: '还没有历史会话。' },
  importFailed: { en: 'Could not import: {why}', zh: '无法导入：{why}' },
  scenarioRefused: {
    en: 'The scenario file could not be opened ({why}); the default scenario was opened instead.',
    zh: '无法打开场景文件（{why}），已改为打开默认场景。',
  },
  scenarioFileRefused: { en: 'The scenario file could not be opened: {why}', zh: '无法打开场景文件：{why}' },
  shareTooLong: {
    en: 'This scenario is too large for a link ({length} characters). Put its file on a web page and link to ?scenario-url=<its address> instead.',
    zh: '这个场景太大，放不进链接（{length} 个字符）。请把场景文件放到网页上，改用 ?scenario-url=<文件地址> 的链接。',
  },
  badLink: {
    en: 'This link is damaged ({why}); the default scenario was opened instead.',
    zh: '链接已损坏（{why}），已改为打开默认场景。',
  },
  moreActions: { en: 'More actions', zh: '更多操作' },
  importFile: { en: 'Session file to import', zh: '要导入的会话文件' },
  policyRestarts: {
    en: 'Observation policy (changing it restarts the scenario)',
    zh: '观测策略（切换后场景重新开始）',
  },
  shareLink: { en: 'Share link', zh: '分享链接' },
  shareManual: { en: 'Copy this link by hand:', zh: '请手动复制此链接：' },
  shareFailed: { en: 'Could not make a share link: {why}', zh: '无法生成分享链接：{why}' },
  sessionMeta: {
    en: '{scenario} · step {step} · events: {events} · {when}',
    zh: '{scenario} · 第 {step} 步 · 事件：{events} · {when}',
  },
  currentSession: { en: 'current', zh: '当前' },
  noHistory: {
    en: 'This browser keeps no history here (storage is not allowed).',
    zh: '此浏览器不允许在这里存储，因此没有历史会话。',
  },
  sessionMissing: { en: 'That session is no longer stored.', zh: '该会话已不在存储中。' },
  saveFailed: {
    en: 'This session can no longer be saved: the browser refused to store it (its storage may be full). What was saved before is kept; it is tried again by itself. Free some space, or export the session to keep it.',
    zh: '这个会话已无法保存：浏览器拒绝存储（存储空间可能已满）。之前保存的内容都还在，之后会自动重试。请腾出一些空间，或导出会话以保留它。',
  },
  badRecords: {
    en: '{n} damaged record(s) in this browser’s storage were set aside and skipped ({where}); everything else is here.',
    zh: '此浏览器存储中有 {n} 条损坏的记录已被隔离并跳过（{where}）；其余内容都在。',
  },
  replayReading: {
    en: 'Reading the log: {done} of {total} events',
    zh: '正在读取日志：{done} / {total} 个事件',
  },
  resumeFailed: {
    en: 'The last session could not be continued ({why}); it is kept under Past sessions.',
    zh: '上次的会话无法继续（{why}），它仍保存在“历史会话”中。',
  },
  IMPORT_TOO_LARGE: { en: 'the file is too large ({detail})', zh: '文件太大（{detail}）' },
  IMPORT_TOO_DEEP: { en: 'the file is nested too deeply ({detail})', zh: '文件嵌套过深（{detail}）' },
  IMPORT_NOT_JSON: { en: 'the file is not JSON ({detail})', zh: '文件不是 JSON（{detail}）' },
  IMPORT_WRONG_FORMAT: {
    en: 'this is not a Harness Playground session file ({detail})',
    zh: '这不是 Harness Playground 的会话文件（{detail}）',
  },
  IMPORT_WRONG_VERSION: {
    en: 'the file is of another version of the format ({detail})',
    zh: '文件的格式版本不同（{detail}）',
  },
  IMPORT_BAD_FIELD: {
    en: 'the field “{field}” is not valid ({detail})',
    zh: '字段“{field}”无效（{detail}）',
  },
  IMPORT_BAD_EVENT: { en: 'event {index} is not valid ({detail})', zh: '第 {index} 个事件无效（{detail}）' },
  LINK_CORRUPT: { en: 'LINK_CORRUPT: it does not decode', zh: 'LINK_CORRUPT：无法解码' },
  LINK_VERSION: {
    en: 'LINK_VERSION: it was made for another version of the playground',
    zh: 'LINK_VERSION：它是为另一个版本的演练场生成的',
  },
  language: { en: 'Language', zh: '语言' },
  theme: { en: 'Theme', zh: '主题' },
  dark: { en: 'Dark', zh: '深色' },
  light: { en: 'Light', zh: '浅色' },
  system: { en: 'System', zh: '跟随系统' },
  more: { en: 'More', zh: '更多' },
  emptyTranscript: { en: 'Press Play or Step to start the scenario.', zh: '按“播放”或“单步”开始场景。' },
  showEarlier: { en: 'Show {n} earlier entries', zh: '显示更早的 {n} 条' },
  stepOf: { en: 'step {n}', zh: '第 {n} 步' },
  otherTab: { en: 'Another tab changed {path}.', zh: '另一个标签页修改了 {path}。' },
  sideBySide: {
    en: 'Side by side: the same race under each strength',
    zh: '并排对比：同一场竞争，三种强度的规则',
  },
  changeKept: { en: '✓ The other writer’s change is kept', zh: '✓ 另一方的改动保住了' },
  changeLost: { en: '✗ The other writer’s change was lost', zh: '✗ 另一方的改动丢了' },
  raceNotYet: { en: '… the race has not run yet', zh: '……竞争还没发生' },
  lab: { en: 'Plugin lab', zh: '插件实验室' },
  author: { en: 'Write a scenario', zh: '编写场景' },
  authorIntro: {
    en: 'Start a scenario from the files as they are (or an empty workspace), press Record, then play the model: its calls in “Play the model”, its words below, and “Simulate external edit” where the lesson needs it. Stop recording, read the result as a file, change it, play it, export it.',
    zh: '从当前文件（或空工作区）开始一个场景，按“录制”，然后扮演模型：在“扮演模型”里发起调用，在下面写它说的话，在课程需要的地方按“模拟外部编辑”。停止录制后，以文件形式查看结果，修改、播放、导出。',
  },
  newScenario: { en: 'New scenario', zh: '新建场景' },
  newEmptyScenario: { en: 'New empty scenario', zh: '新建空场景' },
  record: { en: 'Record', zh: '录制' },
  stopRecording: { en: 'Stop recording', zh: '停止录制' },
  modelSays: { en: 'The model says', zh: '模型说' },
  authorSaysHint: { en: 'What the model says next', zh: '模型接下来要说的话' },
  say: { en: 'Say it', zh: '说出' },
  playScenario: { en: 'Play this scenario', zh: '播放这个场景' },
  exportScenario: { en: 'Export scenario', zh: '导出场景' },
  copyEmbedSnippet: { en: 'Copy embed snippet', zh: '复制嵌入代码' },
  authorEditor: { en: 'The scenario file', zh: '场景文件' },
  authorNothing: { en: 'No scenario yet: start a new one.', zh: '还没有场景：先新建一个。' },
  authorStarted: {
    en: 'A new scenario: change its id, title and lesson, then press Record.',
    zh: '新场景：改一下它的 id、标题和要点，然后按“录制”。',
  },
  recordingBanner: {
    en: 'Recording a scenario: make the model’s calls in “Play the model”, type its words in “Write a scenario”, and press “Simulate external edit” where the lesson needs it. Stop recording there when you are done.',
    zh: '正在录制场景：在“扮演模型”里发出模型的调用，在“编写场景”里写下它说的话，在课程需要的地方按“模拟外部编辑”。完成后在那里停止录制。',
  },
  recordingNow: { en: 'Recording: {n} step(s) so far.', zh: '正在录制：已有 {n} 步。' },
  recorded: {
    en: 'Recorded {n} step(s), with the outcome this run ended with.',
    zh: '录下了 {n} 步，以及这次运行的结果。',
  },
  snippetCopied: {
    en: 'Copied. Put the exported file beside your page, and this HTML in it.',
    zh: '已复制。把导出的文件放在你的网页旁边，再把这段 HTML 放进网页。',
  },
  snippetManual: { en: 'Copy this HTML by hand:', zh: '请手动复制这段 HTML：' },
  labIntro: {
    en: 'Write a plugin and press Apply: it runs at once, in a sandbox that cannot reach this page, its storage or the network.',
    zh: '写一个插件，按“应用”：它立刻生效，运行在沙箱里，碰不到本页面、存储或网络。',
  },
  labLoading: { en: 'Loading the plugin lab…', zh: '正在加载插件实验室……' },
  labExamples: { en: 'Examples (each with its scenario)', zh: '示例（各带一个场景）' },
  labPlugins: { en: 'Your plugins', zh: '你的插件' },
  labNew: { en: '+ New plugin', zh: '+ 新插件' },
  labRemove: { en: 'Remove', zh: '删除' },
  labApply: { en: 'Apply', zh: '应用' },
  labRun: { en: 'Run', zh: '运行' },
  labEnabled: { en: 'On', zh: '启用' },
  labLanguage: { en: 'Language', zh: '语言' },
  labOrder: { en: 'Order', zh: '顺序' },
  labOrderPre: { en: 'before the built-in policy (first wins)', zh: '排在内置策略之前（先到先决）' },
  labOrderDefault: { en: 'after the built-in policy', zh: '排在内置策略之后' },
  labDeadline: { en: 'Deadline per call (ms)', zh: '每次调用时限（毫秒）' },
  labPolicy: { en: 'Built-in fs-observation-policy', zh: '内置 fs-observation-policy' },
  labPolicyNote: {
    en: 'Switching it restarts the scenario.',
    zh: '切换会让场景重新开始。',
  },
  labUnnamed: { en: 'plugin {n}', zh: '插件 {n}' },
  labNotApplied: { en: 'not applied', zh: '未应用' },
  labEdited: { en: 'edited since Apply', zh: '应用后又改过' },
  labOff: { en: 'off', zh: '已关闭' },
  labStarting: { en: 'Starting the sandbox…', zh: '正在启动沙箱……' },
  labCompiling: { en: 'Checking the TypeScript…', zh: '正在检查 TypeScript……' },
  labLoadingPlugin: { en: 'Loading the plugin…', zh: '正在加载插件……' },
  labApplied: {
    en: 'Applied “{name}”: {hooks}. The next calls go through it.',
    zh: '已应用“{name}”：{hooks}。之后的调用都会经过它。',
  },
  labAppliedTool: { en: 'tool {tool}', zh: '工具 {tool}' },
  labNoHooks: { en: 'no hooks', zh: '没有钩子' },
  labToolRefused: { en: 'Its tool was left out: {why}.', zh: '它的工具没有加入：{why}。' },
  labFailed: { en: 'Not applied: {why}', zh: '没有应用：{why}' },
  labCompileFailed: {
    en: 'TypeScript found {n} problem(s); nothing was applied.',
    zh: 'TypeScript 发现 {n} 个问题，没有应用。',
  },
  labFromLink: {
    en: 'This plugin code came with the link. Read it first: it runs only when you press Run.',
    zh: '这段插件代码来自链接。请先读一读：只有按“运行”它才会执行。',
  },
  labConsole: { en: 'Console: calls into the sandbox', zh: '控制台：沙箱中的调用' },
  labConsoleEmpty: {
    en: 'Each hook call (and each call of a plugin’s tool) shows here as the scenario runs: input, output, time and memory.',
    zh: '场景运行时，每次钩子调用（以及插件工具的调用）都会显示在这里：输入、输出、耗时和内存。',
  },
  labClear: { en: 'Clear', zh: '清空' },
  labInput: { en: 'input', zh: '输入' },
  labOutput: { en: 'output', zh: '输出' },
  labLogs: { en: 'console.log output', zh: 'console.log 输出' },
  labDocs: { en: 'Plugin API', zh: '插件 API' },
  labRuntimeError: { en: 'line {line}: {message}', zh: '第 {line} 行：{message}' },
  labTypesNote: {
    en: 'In TypeScript the API types are global: PreExecute, PostExecute, WriteIntent, EditIntent, Observed, PluginModule…',
    zh: '在 TypeScript 中，API 类型是全局的：PreExecute、PostExecute、WriteIntent、EditIntent、Observed、PluginModule……',
  },
  labExampleLoaded: {
    en: 'Example “{title}” applied, with its scenario loaded.',
    zh: '示例“{title}”已应用，对应场景已加载。',
  },
  labScenarios: { en: 'Plugin lab', zh: '插件实验室' },
  labScenariosNote: {
    en: 'Each opens with its example plugin applied in the Plugin lab, where you can change it.',
    zh: '每个场景打开时都会在插件实验室里应用对应的示例插件，你可以在那里修改它。',
  },
  approveTitle: { en: 'A plugin asks before this call', zh: '插件在此调用前请求确认' },
  approve: { en: 'Approve once', zh: '批准一次' },
  deny: { en: 'Deny', zh: '拒绝' },
  // ---------------------------------------------------------------- bring your own model
  modelMenu: { en: 'Model…', zh: '模型…' },
  stop: { en: 'Stop', zh: '停止' },
  pluginsOn: { en: '{n} plugin(s) on · switch off', zh: '{n} 个插件生效中 · 全部关闭' },
  pluginsOffHint: {
    en: 'Your plugins from the lab take part in every run. Click to switch them all off.',
    zh: '你在实验室里的插件会参与每一次运行。点击把它们全部关闭。',
  },
  logShow: { en: 'Show', zh: '显示' },
  logAllTypes: { en: 'every type of event', zh: '所有类型的事件' },
  keyStop: { en: 'stop the call, Play or the model', zh: '停止调用、播放或模型' },
  modelDrives: { en: 'driven by {model}', zh: '由 {model} 驱动' },
  modelDialogTitle: { en: 'Bring your own model', zh: '接入你自己的模型' },
  modelIntro: {
    en: 'A real model works on the scenario’s task through the same harness, tools and policy as the scripted one. The script stays the default; embeds and shared links always use it.',
    zh: '真实模型会通过与脚本相同的框架、工具和策略来完成场景的任务。默认仍是脚本；嵌入和分享链接始终使用脚本。',
  },
  modelPresets: { en: 'Presets', zh: '预设' },
  modelProvider: { en: 'Provider', zh: '提供方' },
  modelProviderOpenai: { en: 'OpenAI-compatible (Chat Completions)', zh: 'OpenAI 兼容（Chat Completions）' },
  modelProviderAnthropic: { en: 'Anthropic (Messages API)', zh: 'Anthropic（Messages API）' },
  modelBaseUrl: { en: 'Base URL', zh: '基础 URL' },
  modelBaseUrlOpenai: {
    en: 'With its version path, such as https://api.openai.com/v1; the app adds /chat/completions.',
    zh: '要带版本路径，如 https://api.openai.com/v1；应用会自动加上 /chat/completions。',
  },
  modelBaseUrlAnthropic: {
    en: 'The host, https://api.anthropic.com; the app adds /v1/messages.',
    zh: '填主机地址 https://api.anthropic.com；应用会自动加上 /v1/messages。',
  },
  modelEndpoint: { en: 'Requests go to {endpoint} and nowhere else.', zh: '请求只会发往 {endpoint}。' },
  modelName: { en: 'Model', zh: '模型' },
  modelKey: { en: 'API key', zh: 'API 密钥' },
  modelKeyOptional: { en: 'Not needed for a local server.', zh: '本地服务器不需要。' },
  modelRemember: { en: 'Remember in this tab', zh: '在此标签页中记住' },
  modelKeyPromise: {
    en: 'Your key stays in this tab. It is held in memory (or, if you tick “Remember in this tab”, in this tab’s session storage, gone when the tab closes) and is sent only to the base URL above, never to this site. It is never saved with sessions, exports or share links, and never shown to plugins.',
    zh: '你的密钥只留在这个标签页里。它保存在内存中（如果勾选“在此标签页中记住”，则保存在本标签页的会话存储里，关闭标签页即消失），只发送到上面的基础 URL，绝不发给本网站。它不会随会话、导出文件或分享链接保存，也不会交给插件。',
  },
  modelForgetKey: { en: 'Forget the key', zh: '忘掉密钥' },
  modelUse: { en: 'Use this model', zh: '使用这个模型' },
  modelRunTitle: { en: 'Real model', zh: '真实模型' },
  modelTask: { en: 'Task', zh: '任务' },
  modelNoTask: {
    en: 'Write the task: what the model should do in this workspace.',
    zh: '请写下任务：模型要在这个工作区里做什么。',
  },
  modelStart: { en: 'Run the task', zh: '运行任务' },
  modelStartFailed: {
    en: 'The scenario could not be opened for the model: {why}',
    zh: '无法为模型打开这个场景：{why}',
  },
  modelStop: { en: 'Stop', zh: '停止' },
  modelScript: { en: 'Back to the script', zh: '回到脚本' },
  modelVague: {
    en: 'Vague errors (the experiment): failed calls read “edit failed.”, without the code and the remedy',
    zh: '模糊错误（实验）：失败的调用只返回“edit failed.”，没有错误码和补救建议',
  },
  modelIdle: { en: 'Ready: run the task when you are.', zh: '已就绪：准备好就运行任务。' },
  modelRequesting: {
    en: 'Asking the model (request {turn} of {max})…',
    zh: '正在询问模型（第 {turn} 次请求，上限 {max}）……',
  },
  modelCalling: {
    en: 'Making the calls it asked for (request {turn} of {max})…',
    zh: '正在执行它要求的调用（第 {turn} 次请求，上限 {max}）……',
  },
  modelDone: { en: 'Finished at request {turn} of {max}.', zh: '在第 {turn} 次请求时完成（上限 {max}）。' },
  modelStopped: { en: 'Stopped at request {turn} of {max}.', zh: '在第 {turn} 次请求时停止（上限 {max}）。' },
  modelFailed: {
    en: 'Ended with an error at request {turn} of {max}.',
    zh: '在第 {turn} 次请求时因错误结束（上限 {max}）。',
  },
  modelTokens: { en: '{n} of {max} tokens', zh: '已用 {n} 个 token，上限 {max}' },
  modelTokensEstimated: {
    en: 'about {n} of {max} tokens (estimated)',
    zh: '约 {n} 个 token，上限 {max}（估算）',
  },
  modelCompare: { en: 'Coded errors and vague errors, side by side', zh: '带错误码与模糊错误的对比' },
  modelCompareHint: {
    en: 'Run the task once with the switch off and once with it on to compare the two runs.',
    zh: '开关关闭时运行一次、打开时再运行一次，就能对比两次运行。',
  },
  modelCoded: { en: 'Coded errors', zh: '带错误码' },
  modelVagueShort: { en: 'Vague errors', zh: '模糊错误' },
  modelMeasure: { en: 'Measure', zh: '指标' },
} as const satisfies Record<string, Record<Lang, string>>;

/** A key of the string table. */
export type StringKey = keyof typeof strings;

let current: Lang = 'en';

/** Sets the language every later `tr` call uses. */
export function setLang(lang: Lang): void {
  current = lang;
}

/** Puts a language in use on the document too: its `lang`, its title, and (with `inUrl`) the address. */
export function showLang(lang: Lang, inUrl: boolean): void {
  setLang(lang);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  document.title = tr('appTitle');
  if (!inUrl) return;
  const url = new URL(window.location.href);
  url.searchParams.set('lang', lang);
  history.replaceState(null, '', url);
}

/** The language in use. */
export function lang(): Lang {
  return current;
}

/** The string `key` in the current language, with `{name}` placeholders filled from `vars`. */
export function tr(key: StringKey, vars: Record<string, string | number> = {}): string {
  return strings[key][current].replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`));
}

/** The language to start in: `?lang=`, else the browser's preference, else English. */
export function pickLang(param: string | null, preferred: readonly string[]): Lang {
  if (param === 'en' || param === 'zh') return param;
  return preferred.some((l) => l.toLowerCase().startsWith('zh')) ? 'zh' : 'en';
}

/** Every key, for the test that checks both languages are filled. */
export const allStrings = strings;
