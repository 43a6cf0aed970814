// What the file tools promise over any backend, written once: the output caps of read and
// str_replace_editor view, and ls's answers for a file or a missing directory. No test runner is imported:
// the same cases run under Vitest in Node and, bundled, in a real browser page (fs-contract).
import { Hooks, Registry, Session, type HarnessEvent, type LiveCall } from '../../src/harness';
import type { FsBackend } from '../../src/fs/types';
import { fsObservationPolicy, type PolicySpec } from '../../src/plugins/fs-observation-policy';
import { fileTools, utf8Bytes, type FileToolsSpec, type ReadValue } from '../../src/tools';
import { equal, type MakeBackend } from './fs-contract';

/** One case: a name and a check that throws when the tools break their promise. */
export interface FileToolsCase {
  name: string;
  run: (make: MakeBackend) => Promise<void>;
}

function assert(ok: boolean, message: string): asserts ok {
  if (!ok) throw new Error(`contract broken: ${message}`);
}

const outside = { kind: 'external', who: 'button' } as const;

/** A session over a backend holding `files`, with the file tools and the observation policy. */
async function workspace(
  make: MakeBackend,
  files: Record<string, string>,
  options: { tools?: FileToolsSpec; policy?: PolicySpec } = {},
) {
  const fs: FsBackend = await make();
  for (const [path, content] of Object.entries(files))
    await fs.write(path, content, { kind: 'none' }, outside);
  const hooks = new Hooks();
  hooks.install(fsObservationPolicy(options.policy));
  const registry = new Registry();
  for (const tool of fileTools(fs, options.tools)) registry.register(tool);
  const session = new Session({ id: 's1', registry, hooks });
  const call = (tool: string, args: unknown) => session.call(tool, args);
  return { fs, session, call };
}

const lines = (n: number, line: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => line(i + 1)).join('\n') + '\n';
const text = (c: LiveCall) => c.entry.result?.modelText ?? '';
const errorOf = (c: LiveCall) => c.outcome.result.error;
/** The window a read or a view returned. */
const windowOf = (c: LiveCall): ReadValue => {
  const value = c.value as ReadValue | { kind: 'view'; view: ReadValue };
  assert(value !== undefined, `the call failed: ${text(c)}`);
  return 'view' in value ? value.view : value;
};
const lastObserved = (events: readonly HarnessEvent[]) =>
  events.filter((e) => e.type === 'fs/observed').at(-1) as Extract<HarnessEvent, { type: 'fs/observed' }>;

/** Checks what every window promises: its size, its numbers, and what it says of itself. */
function checkWindow(c: LiveCall, caps = { lines: 2000, bytes: 262_144 }): ReadValue {
  const w = windowOf(c);
  const said = text(c);
  equal(w.bytes, utf8Bytes(said), 'bytes: the size of the model text');
  assert(w.bytes <= caps.bytes, `the model text is ${w.bytes} bytes, over the cap of ${caps.bytes}`);
  assert(w.lines.length <= caps.lines, `the window holds ${w.lines.length} lines, over ${caps.lines}`);
  const whole = w.offset === 1 && w.lines.length === w.totalLines;
  assert(
    w.truncated === (!whole || w.cutLines !== undefined),
    'truncated says whether the file is all there',
  );
  const card = c.entry.result?.card.card;
  assert(card?.card === 'read', 'a read card');
  equal(card.truncated, w.truncated, 'the card says truncated');
  equal(card.cap ?? null, w.cap ?? null, 'the card names the cap');
  return w;
}

/** Every case, in a stable order. */
export const fileToolsCases: FileToolsCase[] = [
  {
    name: 'read: the default window is 200 lines, and a partial window says so and how to read on',
    run: async (make) => {
      const ws = await workspace(make, { '/big.txt': lines(5000, (i) => `line ${i}`) });
      const c = await ws.call('read', { path: '/big.txt' });
      const w = checkWindow(c);
      equal([w.lines.length, w.totalLines, w.truncated, w.cap ?? null], [200, 5000, true, null], 'window');
      assert(text(c).includes('4,800 more lines; call read with offset=201 to continue.'), 'how to read on');
      equal(lastObserved(ws.session.events).lines, [1, 200], 'the lines observed');
    },
  },
  {
    name: 'read: a small file comes whole, not truncated, and is observed whole',
    run: async (make) => {
      const ws = await workspace(make, { '/a.txt': 'one\ntwo\n' });
      const w = checkWindow(await ws.call('read', { path: '/a.txt' }));
      equal([w.truncated, w.cap ?? null, w.lines], [false, null, ['one', 'two']], 'window');
      equal(lastObserved(ws.session.events).lines, undefined, 'no line range for a whole file');
    },
  },
  {
    name: 'read: a window stops at 256 KiB of model text, line numbers included, and says so',
    run: async (make) => {
      // 2,000 lines of about 300 bytes: 600 KB asked, far over the byte cap.
      const ws = await workspace(make, { '/wide.txt': lines(3000, (i) => `${i}:${'w'.repeat(296)}`) });
      const c = await ws.call('read', { path: '/wide.txt', limit: 2000 });
      const w = checkWindow(c);
      equal(w.cap, { kind: 'bytes', limit: 262_144 }, 'cap');
      assert(w.lines.length > 800 && w.lines.length < 2000, `${w.lines.length} lines in the window`);
      assert(w.bytes > 262_144 - 1024, `the window uses the room it has (${w.bytes} bytes)`);
      const next = w.lines.length + 1;
      assert(
        text(c).includes(
          `stopped at the 256 KiB cap; ${(3000 - next + 1).toLocaleString('en-US')} more lines`,
        ),
        'the text names the cap',
      );
      assert(text(c).includes(`call read with offset=${next} to continue`), 'how to read on');
      equal(lastObserved(ws.session.events).lines, [1, w.lines.length], 'exactly the lines returned');
    },
  },
  {
    name: 'read: multibyte text is counted in UTF-8 bytes, never over the cap',
    run: async (make) => {
      const line = (i: number) => `${i} ${'汉字'.repeat(60)} 😀 ${'é'.repeat(40)}`;
      const ws = await workspace(make, { '/zh.txt': lines(2000, line) }, { tools: { windowBytes: 65_536 } });
      const w = checkWindow(await ws.call('read', { path: '/zh.txt', limit: 2000 }), {
        lines: 2000,
        bytes: 65_536,
      });
      equal(w.cap?.kind, 'bytes', 'cap');
      equal(
        w.lines,
        Array.from({ length: w.lines.length }, (_, i) => line(i + 1)),
        'lines kept whole',
      );
    },
  },
  {
    name: 'read: reading on from where each capped window stopped gives every line once',
    run: async (make) => {
      const all = Array.from({ length: 700 }, (_, i) => `${i + 1} ${'x'.repeat(i % 90)}`);
      const ws = await workspace(make, { '/f.txt': all.join('\n') + '\n' }, { tools: { windowBytes: 8192 } });
      const seen: string[] = [];
      for (let offset = 1, calls = 0; offset <= all.length; calls++) {
        assert(calls < 200, 'reading on ends');
        const w = checkWindow(await ws.call('read', { path: '/f.txt', offset, limit: 2000 }), {
          lines: 2000,
          bytes: 8192,
        });
        seen.push(...w.lines);
        offset += w.lines.length;
      }
      equal(seen, all, 'the lines read, in order');
    },
  },
  {
    name: 'read: a line longer than the byte cap is cut with a marker, and reading goes on after it',
    run: async (make) => {
      const long = '长'.repeat(1500);
      const ws = await workspace(make, { '/l.txt': `${long}\nnext\n` }, { tools: { windowBytes: 4096 } });
      const c = await ws.call('read', { path: '/l.txt' });
      const w = checkWindow(c, { lines: 2000, bytes: 4096 });
      equal([w.lines.length, w.cutLines, w.cap?.kind], [1, 1, 'bytes'], 'one cut line');
      const [shown] = w.lines;
      const kept = shown!.indexOf(' ... [line cut: ');
      assert(kept > 0 && long.startsWith(shown!.slice(0, kept)), 'the line begins as in the file');
      const left = Number(/\[line cut: ([\d,]+) more characters\]$/.exec(shown!)?.[1]?.replace(/,/g, ''));
      equal(kept + left, long.length, 'the marker counts what was left out');
      assert(text(c).includes('call read with offset=2 to continue'), 'how to read on');
      equal(windowOf(await ws.call('read', { path: '/l.txt', offset: 2 })).lines, ['next'], 'line 2');
    },
  },
  {
    name: 'read: the ledger holds exactly the lines a capped window returned',
    run: async (make) => {
      const ws = await workspace(
        make,
        { '/f.txt': lines(400, (i) => `row ${i} ${'r'.repeat(60)}`) },
        { tools: { windowBytes: 8192 }, policy: { onlyEditWhatWasRead: true } },
      );
      const w = windowOf(await ws.call('read', { path: '/f.txt', limit: 400 }));
      const last = w.lines.length;
      assert(last < 400, 'the window was capped');
      const beyond = await ws.call('edit', {
        path: '/f.txt',
        old_string: `row ${last + 1} `,
        new_string: 'R ',
      });
      equal(errorOf(beyond)?.code, 'FS_NOT_OBSERVED', 'an edit past the window');
      const inside = await ws.call('edit', { path: '/f.txt', old_string: `row ${last} `, new_string: 'R ' });
      equal(errorOf(inside), undefined, 'an edit of the last line shown');
    },
  },
  {
    name: 'view: a window holds at most 2,000 lines and says which view_range comes next',
    run: async (make) => {
      const ws = await workspace(make, { '/big.txt': lines(5000, (i) => `l${i}`) });
      const c = await ws.call('str_replace_editor', { command: 'view', path: '/big.txt' });
      const w = checkWindow(c);
      equal([w.lines.length, w.cap], [2000, { kind: 'lines', limit: 2000 }], 'window');
      assert(text(c).includes('stopped at the 2,000-line cap; 3,000 more lines'), 'the text names the cap');
      assert(text(c).includes('call str_replace_editor view with view_range=[2001, -1] to continue'), 'next');
      assert(!text(c).includes('call read'), 'no advice in another tool’s terms');
      equal(lastObserved(ws.session.events).lines, [1, 2000], 'the lines observed');
    },
  },
  {
    name: 'view: a view_range is capped by bytes like a read',
    run: async (make) => {
      const ws = await workspace(make, { '/wide.txt': lines(3000, (i) => `${i}:${'v'.repeat(300)}`) });
      const c = await ws.call('str_replace_editor', {
        command: 'view',
        path: '/wide.txt',
        view_range: [101, 2100],
      });
      const w = checkWindow(c);
      equal([w.offset, w.cap?.kind], [101, 'bytes'], 'window');
      const next = 101 + w.lines.length;
      assert(text(c).includes(`view_range=[${next}, -1]`), 'next range');
      equal(lastObserved(ws.session.events).lines, [101, next - 1], 'the lines observed');
    },
  },
  {
    name: 'ls of a file is FS_NOT_DIRECTORY, with a remedy',
    run: async (make) => {
      const ws = await workspace(make, { '/src/a.ts': 'x' });
      const error = errorOf(await ws.call('ls', { path: '/src/a.ts' }));
      equal(error?.code, 'FS_NOT_DIRECTORY', 'code');
      assert((error?.remedy ?? '').includes('/src'), `the remedy names the directory: ${error?.remedy}`);
    },
  },
  {
    name: 'ls of a path with nothing under it is FS_NOT_FOUND, with a remedy; / is never missing',
    run: async (make) => {
      const ws = await workspace(make, { '/src/a.ts': 'x' });
      const error = errorOf(await ws.call('ls', { path: '/src/nope' }));
      equal(error?.code, 'FS_NOT_FOUND', 'code');
      assert((error?.remedy ?? '').length > 0, 'a remedy');
      const empty = await workspace(make, {});
      equal(errorOf(await empty.call('ls', { path: '/' })), undefined, 'ls / of an empty workspace');
      assert(text(await empty.call('ls', {})).startsWith('No entries'), 'it says there are none');
    },
  },
  {
    name: 'ls of a directory lists what is directly in it',
    run: async (make) => {
      const ws = await workspace(make, { '/src/a.ts': 'x', '/src/deep/b.ts': 'y', '/top.md': 'z' });
      const c = await ws.call('ls', { path: 'src/' });
      equal(errorOf(c), undefined, 'no error');
      assert(text(c).includes('/src/a.ts') && text(c).includes('/src/deep/'), text(c));
      assert(!text(c).includes('/top.md'), 'nothing outside it');
    },
  },
];

/** The cases bound to one backend, named `<name>: file tools: <case>`, ready for any runner. */
export function fileToolsContract(
  name: string,
  make: MakeBackend,
): { name: string; run: () => Promise<void> }[] {
  return fileToolsCases.map((c) => ({ name: `${name}: file tools: ${c.name}`, run: () => c.run(make) }));
}
