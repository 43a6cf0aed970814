import type { Lang } from '../model';

/**
 * What each built-in tool does, in Chinese, for a person reading the Tools panel. The model reads the
 * tool's own description (English), which the panel shows as it is, beside these words.
 */
const ZH: Readonly<Record<string, string>> = {
  read: '读取文件：返回带行号的若干行，并说明文件一共有几行。修改已有文件之前，必须先在这次会话里读过它。',
  edit: '替换文件里的一段原文：原文必须恰好出现一次；文件必须读过，而且读过之后没有被别人改过。',
  write: '新建文件，或整体替换文件内容。覆盖已有文件之前必须读过它，而且读过之后没有被改过。',
  ls: '列出一个目录下直接包含的文件和目录。',
  glob: '按通配模式查找文件路径（** 可以跨目录）。',
  grep: '用正则表达式搜索文件内容，返回匹配的行，并说明一共匹配了多少处。',
  sql_query: '对 customers 表（id、name、city、phone）运行只读的 SQL 查询。',
  str_replace_editor:
    '查看、新建和修改文件的多合一工具（view、create、str_replace、insert），守着同样的读后再改规则。',
  shell: '一个很小的模拟命令行。注意：用 cat 看过文件不算“读过”，修改前仍要用 read。',
  web_fetch: '获取网页的标题和正文。这个演练场是离线的，只认识几个内置的网页。',
  count_words: '统计文件的字数和行数。',
  write_prompt_rule: '新建或覆盖文件。“先读再写”只写在说明里，没有任何检查。',
  write_runtime_check: '新建或覆盖文件。先比较版本，再另外一步写入：两步之间仍可能被别人插队。',
  write_credential: '新建或覆盖文件。后端在写入的同一步里核对版本，文件变了就拒绝。',
  broken_render: '故意出错的工具：把结果整理成文字时会抛出异常。',
  broken_schema: '故意出错的工具：返回的值不符合它自己声明的格式。',
  broken_meta: '故意出错的工具：附带的元数据不是 JSON。',
  broken_presenter: '故意出错的工具：生成卡片时抛出异常，界面会改用通用卡片。',
  impure_clock: '故意不纯的工具：生成文字时读了时钟，今天看着正常，明年重放就会不同。',
  never_returns: '永远不返回、也不理会停止请求的工具：由人停止它，或者到时限后由框架结束这次调用。',
};

/** The words the Tools panel shows a person for a tool: null when the tool's own description is them. */
export function toolForPeople(name: string, lang: Lang): string | null {
  return lang === 'zh' ? (ZH[name] ?? null) : null;
}
