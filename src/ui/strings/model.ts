import type { Lang } from '../../model/scenario';

/** The plugin badge, the event log filter, and bringing your own model. */
export const modelStrings = {
  modelMenu: { en: 'Model…', zh: '模型…' },
  pluginsOn: { en: '{n} {n|plugin} on · switch off', zh: '{n} 个插件生效中 · 全部关闭' },
  pluginsOffHint: {
    en: 'Your plugins from the lab take part in every run. Click to switch them all off.',
    zh: '你在实验室里的插件会参与每一次运行。点击把它们全部关闭。',
  },
  logShow: { en: 'Show', zh: '显示' },
  logAllTypes: { en: 'every type of event', zh: '所有类型的事件' },
  keyStop: { en: 'Stop the call, Play or the model', zh: '停止调用、播放或模型' },
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
  modelTokens: { en: '{n} of {max} {max|token}', zh: '已用 {n} 个 token，上限 {max}' },
  modelTokensEstimated: {
    en: 'about {n} of {max} {max|token} (estimated)',
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
