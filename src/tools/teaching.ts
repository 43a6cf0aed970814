import { z } from 'zod';
import { Tool, ToolError, counted, text } from '../harness';
import type { FsBackend } from '../fs/types';
import { normalizePath } from '../fs/paths';
import { defineFsTool } from './fs-errors';
import { textLines } from './lines';
import { filePath } from '../contracts/paths';

const ShellValue = z.strictObject({ command: z.string(), output: z.string(), exitCode: z.number().int() });
type ShellValue = z.infer<typeof ShellValue>;

/** The few commands the teaching shell knows, each over the workspace. */
async function runCommand(fs: FsBackend, command: string): Promise<Omit<ShellValue, 'command'>> {
  const [name = '', ...rest] = command.trim().split(/\s+/);
  const file = async (path: string | undefined) => {
    const found = path ? await fs.read(normalizePath(path)) : null;
    if (!found) throw new Error(`${name}: ${path ?? '(no file)'}: No such file`);
    return found.content;
  };
  try {
    switch (name) {
      case 'echo':
        return { output: `${rest.join(' ')}\n`, exitCode: 0 };
      case 'pwd':
        return { output: '/\n', exitCode: 0 };
      case 'cat':
        return { output: await file(rest[0]), exitCode: 0 };
      case 'wc':
        return { output: `${textLines(await file(rest.at(-1))).length} ${rest.at(-1)}\n`, exitCode: 0 };
      case 'ls':
        return { output: (await fs.list()).map((f) => `${f.path}\n`).join(''), exitCode: 0 };
      case 'false':
        return { output: '', exitCode: 1 };
      default:
        return { output: `${name}: command not found\n`, exitCode: 127 };
    }
  } catch (thrown) {
    return { output: `${(thrown as Error).message}\n`, exitCode: 1 };
  }
}

/** `shell`: a tiny pretend shell over the workspace (echo, pwd, cat, wc -l, ls, false). Terminal cards. */
export function shellTool(fs: FsBackend) {
  return defineFsTool({
    name: 'shell',
    words: { zh: '一个很小的模拟命令行。注意：用 cat 看过文件不算“读过”，修改前仍要用 read。' },
    description:
      'Run a command in a small pretend shell. Knows echo, pwd, cat FILE, wc -l FILE, ls and false. ' +
      'Reading a file with cat does not count as reading it for edits: use read for that.',
    input: z.strictObject({ command: z.string().min(1).describe('The command line to run') }),
    output: ShellValue,
    execute: async ({ command }) => ({ command, ...(await runCommand(fs, command)) }),
    render: (_args, v) => text(`$ ${v.command}\n${v.output}[exit status ${v.exitCode}]`),
    presentationMeta: (_args, v) => v,
    presentCall: (args) => ({ card: 'generic', title: 'shell', body: `$ ${args.command}` }),
    presentResult: (_args, result) => ({
      card: 'terminal',
      title: 'shell',
      ...ShellValue.parse(result.meta),
    }),
  });
}

/** Pages the offline web tool can fetch: the playground has no network, so the web is a fixed set. */
export const offlinePages: Record<string, { title: string; body: string }> = {
  'https://docs.example/harness/versions': {
    title: 'Version tokens',
    body:
      'A version is an opaque token issued by the storage backend. It changes on every committed change ' +
      'and is never reused, so a writer that names the version it read can be refused when the file moved on.',
  },
  'https://docs.example/harness/cards': {
    title: 'Six kinds of card',
    body:
      'Results are shown as one of six cards: generic, terminal, diff, read, search and web. The interface ' +
      'switches on the kind and never on the tool name, so tools can be replaced without touching it.',
  },
};

const WebValue = z.strictObject({ url: z.string(), title: z.string(), text: z.string() });

/** `web_fetch`: fetches a page from the playground's offline set. Web cards. */
export function webFetchTool() {
  return Tool.define({
    name: 'web_fetch',
    words: { zh: '获取网页的标题和正文。这个演练场是离线的，只认识几个内置的网页。' },
    description: `Fetch a web page and return its title and text. This playground is offline; known pages: ${Object.keys(offlinePages).join(', ')}.`,
    input: z.strictObject({ url: z.string().url().describe('The address of the page to fetch') }),
    output: WebValue,
    execute: ({ url }) => {
      const page = offlinePages[url];
      if (!page)
        throw new ToolError(
          'WEB_NOT_FOUND',
          `no page at ${url}`,
          `fetch one of: ${Object.keys(offlinePages).join(', ')}`,
        );
      return { url, title: page.title, text: page.body };
    },
    render: (_args, v) => text(`# ${v.title}\n${v.url}\n\n${v.text}`),
    presentationMeta: (_args, v) => ({ url: v.url, title: v.title, excerpt: v.text.slice(0, 280) }),
    presentResult: (_args, result) => {
      const m = z
        .strictObject({ url: z.string(), title: z.string(), excerpt: z.string() })
        .parse(result.meta);
      return { card: 'web', title: 'web_fetch', url: m.url, pageTitle: m.title, excerpt: m.excerpt };
    },
  });
}

const WordsValue = z.strictObject({ path: z.string(), words: z.number().int(), lines: z.number().int() });

/** `count_words`: counts words and lines. It has no presenter, so its results get generic cards. */
export function countWordsTool(fs: FsBackend) {
  return defineFsTool({
    name: 'count_words',
    words: { zh: '统计文件的字数和行数。' },
    description: 'Count the words and lines of a file.',
    input: z.strictObject({ path: z.string().min(1).describe('Absolute path of the file to count') }),
    paths: { path: filePath },
    output: WordsValue,
    execute: async ({ path }) => {
      const file = await fs.read(path);
      if (!file)
        throw new ToolError('FS_NOT_FOUND', `${path} does not exist`, 'check the path with ls or glob');
      return {
        path: file.path,
        words: file.content.split(/\s+/).filter(Boolean).length,
        lines: textLines(file.content).length,
      };
    },
    render: (_args, v) => text(`${v.path}: ${counted(v.words, 'word')}, ${counted(v.lines, 'line')}`),
  });
}
