// The behaviour every FsBackend promises, written once. No test runner is imported: the same cases run
// under Vitest in Node and, bundled, in a real browser page.
import type { Actor, EditGuard, FsBackend, Mutation } from '../../src/fs/types';

/** Builds a fresh, empty backend for one case. */
export type MakeBackend = () => Promise<FsBackend>;

/** One contract case: a name and a check that throws when the backend breaks the contract. */
export interface FsContractCase {
  name: string;
  run: (make: MakeBackend) => Promise<void>;
}

const agent: Actor = { kind: 'agent', session: 's1' };
const button: Actor = { kind: 'external', who: 'button' };
const reset: Actor = { kind: 'external', who: 'reset' };
const none = { kind: 'none' } as const;

function assert(ok: boolean, message: string): asserts ok {
  if (!ok) throw new Error(`contract broken: ${message}`);
}

/** Throws unless `actual` and `expected` have the same JSON. */
export function equal(actual: unknown, expected: unknown, what: string): void {
  const [a, e] = [JSON.stringify(actual), JSON.stringify(expected)];
  assert(a === e, `${what}: expected ${e}, got ${a}`);
}

/** Awaits `work` and checks that it failed with a FsError-shaped error carrying `code` and a remedy. */
export async function expectError(
  code: string,
  work: Promise<unknown>,
): Promise<{ message: string; remedy: string }> {
  let thrown: unknown;
  try {
    await work;
  } catch (error) {
    thrown = error;
  }
  assert(thrown !== undefined, `expected ${code}, but the call succeeded`);
  const error = thrown as { code?: unknown; message?: unknown; remedy?: unknown };
  equal(error.code, code, 'error code');
  assert(typeof error.message === 'string' && error.message !== '', 'the error has a message');
  assert(typeof error.remedy === 'string' && error.remedy !== '', 'the error has a remedy');
  return { message: error.message as string, remedy: error.remedy as string };
}

/** Content, version and journal length, to prove that a failure changed nothing. */
async function snapshot(fs: FsBackend, path: string): Promise<string> {
  return JSON.stringify([await fs.read(path), await fs.list(), (await fs.journal()).length]);
}

/** A backend holding `/a.txt` = `hello world\n`, and that file's version. */
async function withFile(make: MakeBackend, content = 'hello world\n'): Promise<[FsBackend, string]> {
  const fs = await make();
  const { version } = await fs.write('/a.txt', content, none, agent);
  return [fs, version];
}

const edit = (oldString: string, newString: string) => ({ oldString, newString });

/** Runs `work` on a file and checks that it fails with `code` and leaves everything as it was. */
async function failsCleanly(fs: FsBackend, code: string, work: () => Promise<unknown>): Promise<void> {
  const before = await snapshot(fs, '/a.txt');
  const heard: Mutation[] = [];
  const stop = fs.subscribe((m) => heard.push(m));
  await expectError(code, work());
  stop();
  equal(await snapshot(fs, '/a.txt'), before, 'state after a failed mutation');
  equal(heard.length, 0, 'notifications for a failed mutation');
}

/** Every case of the contract, in a stable order. */
export const fsContractCases: FsContractCase[] = [
  {
    name: 'a file that was never written reads as null',
    run: async (make) => equal(await (await make()).read('/nope.txt'), null, 'read'),
  },
  {
    name: 'a write is read back with the version it returned',
    run: async (make) => {
      const fs = await make();
      const out = await fs.write('/a.txt', 'x', none, agent);
      equal(await fs.read('/a.txt'), { path: '/a.txt', content: 'x', version: out.version }, 'read');
      equal([out.created, out.unchanged, out.before, out.after], [true, false, null, 'x'], 'outcome');
    },
  },
  {
    name: 'createIfAbsent creates a missing file',
    run: async (make) => {
      const fs = await make();
      const out = await fs.write('/new.txt', 'n', { kind: 'createIfAbsent' }, agent);
      equal((await fs.read('/new.txt'))?.version, out.version, 'version');
    },
  },
  {
    name: 'createIfAbsent refuses an existing file with FS_EXISTS and changes nothing',
    run: async (make) => {
      const [fs] = await withFile(make);
      await failsCleanly(fs, 'FS_EXISTS', () =>
        fs.write('/a.txt', 'other', { kind: 'createIfAbsent' }, agent),
      );
    },
  },
  {
    name: 'replaceIfVersion with the current version replaces and issues a new version',
    run: async (make) => {
      const [fs, v1] = await withFile(make);
      const out = await fs.write('/a.txt', 'new', { kind: 'replaceIfVersion', version: v1 }, agent);
      assert(out.version !== v1, 'a new version');
      equal([out.before, out.after, out.created], ['hello world\n', 'new', false], 'outcome');
    },
  },
  {
    name: 'replaceIfVersion with an old version is FS_STALE_VERSION and changes nothing',
    run: async (make) => {
      const [fs, v1] = await withFile(make);
      await fs.write('/a.txt', 'changed behind your back', none, button);
      const guard = { kind: 'replaceIfVersion', version: v1 } as const;
      await failsCleanly(fs, 'FS_STALE_VERSION', () => fs.write('/a.txt', 'mine', guard, agent));
    },
  },
  {
    name: 'the stale-version error names the path and both versions, and says to re-read',
    run: async (make) => {
      const [fs, v1] = await withFile(make);
      const { version: v2 } = await fs.write('/a.txt', 'other', none, button);
      const err = await expectError(
        'FS_STALE_VERSION',
        fs.write('/a.txt', 'x', { kind: 'replaceIfVersion', version: v1 }, agent),
      );
      assert(
        err.message.includes('/a.txt') && err.message.includes(v1) && err.message.includes(v2),
        err.message,
      );
      assert(/re-read/i.test(err.remedy), err.remedy);
    },
  },
  {
    name: 'replaceIfVersion on a missing file is FS_NOT_FOUND',
    run: async (make) => {
      const [fs, v1] = await withFile(make);
      await fs.delete('/a.txt', button);
      await failsCleanly(fs, 'FS_NOT_FOUND', () =>
        fs.write('/a.txt', 'x', { kind: 'replaceIfVersion', version: v1 }, agent),
      );
    },
  },
  {
    name: 'an unguarded write overwrites whatever is there',
    run: async (make) => {
      const [fs] = await withFile(make);
      await fs.write('/a.txt', 'other', none, button);
      equal((await fs.write('/a.txt', 'mine', none, agent)).before, 'other', 'before');
    },
  },
  {
    name: 'writing identical bytes keeps the version, journals nothing and notifies no one',
    run: async (make) => {
      const [fs, v1] = await withFile(make);
      const heard: Mutation[] = [];
      fs.subscribe((m) => heard.push(m));
      const out = await fs.write('/a.txt', 'hello world\n', { kind: 'replaceIfVersion', version: v1 }, agent);
      equal([out.version, out.unchanged, out.created], [v1, true, false], 'outcome');
      equal([(await fs.journal()).length, heard.length], [1, 0], 'journal and notifications');
    },
  },
  {
    name: 'an edit guarded by the current version applies and reports the lines it touched',
    run: async (make) => {
      const [fs, v1] = await withFile(make, 'one\ntwo\nthree\n');
      const out = await fs.edit('/a.txt', edit('two', 'TWO'), { kind: 'ifVersion', version: v1 }, agent);
      equal(
        [out.after, out.replacements, out.lines, out.normalized],
        ['one\nTWO\nthree\n', 1, [2, 2], false],
        'outcome',
      );
      equal((await fs.read('/a.txt'))?.version, out.version, 'version');
      assert(out.version !== v1, 'a new version');
    },
  },
  {
    name: 'an edit guarded by an old version is FS_STALE_VERSION and changes nothing',
    run: async (make) => {
      const [fs, v1] = await withFile(make);
      await fs.write('/a.txt', 'hello world, again\n', none, button);
      const guard = { kind: 'ifVersion', version: v1 } as const;
      await failsCleanly(fs, 'FS_STALE_VERSION', () =>
        fs.edit('/a.txt', edit('world', 'there'), guard, agent),
      );
    },
  },
  {
    name: 'a stale edit whose old_string no longer matches still reports FS_STALE_VERSION',
    run: async (make) => {
      const [fs, v1] = await withFile(make);
      await fs.write('/a.txt', 'something else entirely\n', none, button);
      const guard = { kind: 'ifVersion', version: v1 } as const;
      await failsCleanly(fs, 'FS_STALE_VERSION', () => fs.edit('/a.txt', edit('hello', 'bye'), guard, agent));
    },
  },
  {
    name: 'an edit guarded by a version of a file since deleted is FS_NOT_FOUND',
    run: async (make) => {
      const [fs, v1] = await withFile(make);
      await fs.delete('/a.txt', button);
      const guard = { kind: 'ifVersion', version: v1 } as const;
      await failsCleanly(fs, 'FS_NOT_FOUND', () => fs.edit('/a.txt', edit('hello', 'bye'), guard, agent));
    },
  },
  {
    name: 'an unguarded edit of a missing file is FS_NOT_FOUND',
    run: async (make) => {
      const fs = await make();
      await failsCleanly(fs, 'FS_NOT_FOUND', () => fs.edit('/a.txt', edit('hello', 'bye'), none, agent));
    },
  },
  {
    name: 'an unguarded edit applies to whatever the file holds now',
    run: async (make) => {
      const [fs] = await withFile(make);
      await fs.write('/a.txt', 'hello there\n', none, button);
      equal((await fs.edit('/a.txt', edit('hello', 'bye'), none, agent)).after, 'bye there\n', 'after');
    },
  },
  {
    name: 'an edit that does not match is FS_EDIT_NOT_FOUND and changes nothing',
    run: async (make) => {
      const [fs] = await withFile(make);
      await failsCleanly(fs, 'FS_EDIT_NOT_FOUND', () => fs.edit('/a.txt', edit('absent', 'x'), none, agent));
    },
  },
  {
    name: 'an ambiguous edit is FS_AMBIGUOUS_EDIT and changes nothing',
    run: async (make) => {
      const [fs] = await withFile(make, 'x x\n');
      await failsCleanly(fs, 'FS_AMBIGUOUS_EDIT', () => fs.edit('/a.txt', edit('x', 'y'), none, agent));
    },
  },
  {
    name: 'an edit inside the allowed lines applies',
    run: async (make) => {
      const [fs, v1] = await withFile(make, 'a\nb\nc\nd\n');
      const guard: EditGuard = {
        kind: 'ifVersion',
        version: v1,
        withinLines: [
          [1, 2],
          [3, 3],
        ],
      };
      equal((await fs.edit('/a.txt', edit('b\nc', 'B\nC'), guard, agent)).lines, [2, 3], 'lines');
    },
  },
  {
    name: 'an edit outside the allowed lines is FS_OUTSIDE_LINES, names the lines, and changes nothing',
    run: async (make) => {
      const [fs, v1] = await withFile(make, 'a\nb\nc\nd\n');
      const guard: EditGuard = { kind: 'ifVersion', version: v1, withinLines: [[1, 2]] };
      await failsCleanly(fs, 'FS_OUTSIDE_LINES', () => fs.edit('/a.txt', edit('b\nc', 'x'), guard, agent));
      const err = await expectError('FS_OUTSIDE_LINES', fs.edit('/a.txt', edit('b\nc', 'x'), guard, agent));
      assert(err.message.includes('2–3') && err.message.includes('1–2'), err.message);
    },
  },
  {
    name: 'delete then re-create issues a version never seen before',
    run: async (make) => {
      const [fs, v1] = await withFile(make);
      const { version: v2 } = await fs.write('/a.txt', 'two', none, agent);
      await fs.delete('/a.txt', agent);
      const { version: v3 } = await fs.write('/a.txt', 'hello world\n', none, agent);
      assert(new Set([v1, v2, v3]).size === 3, `versions ${v1}, ${v2}, ${v3}`);
    },
  },
  {
    name: 'deleting and re-creating a file again and again never gives it a version it had',
    run: async (make) => {
      const fs = await make();
      const versions: string[] = [];
      for (let round = 0; round < 3; round++) {
        versions.push((await fs.write('/a.txt', `one ${round}`, none, agent)).version);
        versions.push((await fs.write('/a.txt', `two ${round}`, none, agent)).version);
        await fs.delete('/a.txt', button);
      }
      versions.push((await fs.write('/a.txt', 'last', { kind: 'createIfAbsent' }, agent)).version);
      assert(new Set(versions).size === versions.length, `versions ${versions.join(', ')}`);
    },
  },
  {
    name: 'a deleted file is gone: read, list and path clashes no longer see it',
    run: async (make) => {
      const fs = await make();
      await fs.write('/dir/a.txt', 'x', none, agent);
      await fs.delete('/dir/a.txt', agent);
      equal([await fs.read('/dir/a.txt'), await fs.list()], [null, []], 'read and list');
      // A file where the deleted one's directory was, then one inside where that file was.
      await fs.write('/dir', 'now a file', { kind: 'createIfAbsent' }, agent);
      await fs.delete('/dir', agent);
      await fs.write('/dir/b.txt', 'a file again', { kind: 'createIfAbsent' }, agent);
      equal(
        (await fs.list()).map((f) => f.path),
        ['/dir/b.txt'],
        'paths',
      );
    },
  },
  {
    name: 'deleting a missing file is FS_NOT_FOUND',
    run: async (make) => {
      const [fs] = await withFile(make);
      await failsCleanly(fs, 'FS_NOT_FOUND', () => fs.delete('/b.txt', agent));
    },
  },
  {
    name: 'the journal lists every committed mutation, oldest first, with its actor and version',
    run: async (make) => {
      const [fs, v1] = await withFile(make);
      const { version: v2 } = await fs.edit('/a.txt', edit('hello', 'bye'), none, button);
      await fs.delete('/a.txt', agent);
      const ops = (await fs.journal()).map((m) => [m.op, m.path, m.version, m.by.kind]);
      equal(
        ops,
        [
          ['write', '/a.txt', v1, 'agent'],
          ['edit', '/a.txt', v2, 'external'],
          ['delete', '/a.txt', null, 'agent'],
        ],
        'journal',
      );
    },
  },
  {
    name: 'journal sequence numbers increase by one',
    run: async (make) => {
      const [fs] = await withFile(make);
      await fs.write('/b.txt', 'b', none, agent);
      await fs.delete('/a.txt', agent);
      const seqs = (await fs.journal()).map((m) => m.seq);
      assert(
        seqs.every((seq, i) => i === 0 || seq === seqs[i - 1]! + 1),
        `seqs ${seqs.join(',')}`,
      );
    },
  },
  {
    name: 'subscribers hear each commit, with the journal entry, and stop hearing after unsubscribing',
    run: async (make) => {
      const fs = await make();
      const heard: Mutation[] = [];
      const stop = fs.subscribe((m) => heard.push(m));
      await fs.write('/a.txt', 'x', none, agent);
      stop();
      await fs.write('/a.txt', 'y', none, agent);
      equal(heard, (await fs.journal()).slice(0, 1), 'heard');
    },
  },
  {
    name: 'equivalent spellings of a path name the same file',
    run: async (make) => {
      const fs = await make();
      await fs.write('src//./lib/../a.txt', 'x', none, agent);
      equal((await fs.read('/src/a.txt/'))?.content, 'x', 'content');
      equal(
        (await fs.list()).map((f) => f.path),
        ['/src/a.txt'],
        'paths',
      );
    },
  },
  {
    name: 'an invalid path is FS_INVALID_PATH',
    run: async (make) => {
      const fs = await make();
      await expectError('FS_INVALID_PATH', fs.write('/../etc/passwd', 'x', none, agent));
      await expectError('FS_INVALID_PATH', fs.read(''));
      equal(await fs.journal(), [], 'journal');
    },
  },
  {
    name: 'list gives every file with its version and UTF-8 size, sorted by path',
    run: async (make) => {
      const fs = await make();
      const b = await fs.write('/b/z.txt', 'é', none, agent);
      const a = await fs.write('/a.txt', 'abc', none, agent);
      const expected = [
        { path: '/a.txt', version: a.version, size: 3 },
        { path: '/b/z.txt', version: b.version, size: 2 },
      ];
      equal(await fs.list(), expected, 'list');
    },
  },
  {
    name: 'a file cannot be created inside another file, nor where a directory is implied',
    run: async (make) => {
      const fs = await make();
      await fs.write('/dir/a.txt', 'x', none, agent);
      await expectError('FS_INVALID_PATH', fs.write('/dir/a.txt/b.txt', 'x', none, agent));
      await expectError('FS_INVALID_PATH', fs.write('/dir', 'x', none, agent));
      equal((await fs.list()).length, 1, 'files');
    },
  },
  {
    name: 'content round-trips exactly: CRLF, BOM, astral characters, no final newline',
    run: async (make) => {
      const fs = await make();
      const content = '\uFEFFa\r\nb\n\u{1F600}\r\u0000end';
      await fs.write('/raw.bin', content, none, agent);
      equal((await fs.read('/raw.bin'))?.content, content, 'content');
    },
  },
  {
    name: 'reset starts afresh: the files given at v1, every other file and every tombstone gone',
    run: async (make) => {
      const [fs, v1] = await withFile(make);
      await fs.edit('/a.txt', edit('hello', 'bye'), { kind: 'ifVersion', version: v1 }, agent);
      await fs.write('/old.txt', 'x', none, agent);
      await fs.delete('/old.txt', agent);
      await fs.write('/gone.txt', 'y', none, agent);
      await fs.reset({ '/a.txt': 'hello world\n', 'b/c.txt': 'new' }, reset);
      equal(
        await fs.list(),
        [
          { path: '/a.txt', version: 'v1', size: 12 },
          { path: '/b/c.txt', version: 'v1', size: 3 },
        ],
        'files after the reset',
      );
      equal((await fs.read('/a.txt'))?.content, 'hello world\n', 'content');
      // A tombstone of the workspace before does not carry on: a file made there starts at v1.
      equal((await fs.write('/old.txt', 'again', none, agent)).version, 'v1', 'version after a reset');
    },
  },
  {
    name: 'reset journals a delete for each file that went and a write for each new one, and is heard',
    run: async (make) => {
      const [fs] = await withFile(make);
      await fs.write('/gone.txt', 'y', none, agent);
      const before = await fs.journal();
      const heard: Mutation[] = [];
      const stop = fs.subscribe((m) => heard.push(m));
      await fs.reset({ '/a.txt': 'fresh' }, reset);
      stop();
      const journal = await fs.journal();
      const shape = (m: Mutation) => [m.op, m.path, m.version, m.by];
      equal(
        journal.map(shape),
        [
          ['delete', '/gone.txt', null, reset],
          ['write', '/a.txt', 'v1', reset],
        ],
        'journal after the reset',
      );
      equal(heard.map(shape), journal.map(shape), 'what subscribers heard');
      const last = Math.max(...before.map((m) => m.seq));
      assert(
        journal.every((m) => m.seq > last),
        'journal numbers keep growing across a reset',
      );
    },
  },
  {
    name: 'after a reset, a guard naming a version of the workspace before is refused',
    run: async (make) => {
      const [fs, v1] = await withFile(make);
      const { version: v2 } = await fs.edit(
        '/a.txt',
        edit('hello', 'bye'),
        { kind: 'ifVersion', version: v1 },
        agent,
      );
      await fs.reset({ '/a.txt': 'hello world\n' }, reset);
      await failsCleanly(fs, 'FS_STALE_VERSION', () =>
        fs.edit('/a.txt', edit('hello', 'hi'), { kind: 'ifVersion', version: v2 }, agent),
      );
      await failsCleanly(fs, 'FS_STALE_VERSION', () =>
        fs.write('/a.txt', 'x', { kind: 'replaceIfVersion', version: v2 }, agent),
      );
    },
  },
  {
    name: 'a write, edit or delete whose signal has aborted changes nothing (FS_ABORTED)',
    run: async (make) => {
      const [fs, version] = await withFile(make);
      const signal = AbortSignal.abort();
      const guard = { kind: 'ifVersion', version } as const;
      await failsCleanly(fs, 'FS_ABORTED', () => fs.write('/a.txt', 'x', none, agent, { signal }));
      await failsCleanly(fs, 'FS_ABORTED', () => fs.write('/new.txt', 'x', none, agent, { signal }));
      await failsCleanly(fs, 'FS_ABORTED', () =>
        fs.edit('/a.txt', edit('hello', 'bye'), guard, agent, { signal }),
      );
      await failsCleanly(fs, 'FS_ABORTED', () => fs.delete('/a.txt', agent, { signal }));
      equal(await fs.read('/new.txt'), null, 'a create that was stopped');
    },
  },
  {
    name: 'a mutation stopped while it is under way lands whole or not at all',
    run: async (make) => {
      const [fs, version] = await withFile(make, 'one\ntwo\n');
      const before = await snapshot(fs, '/a.txt');
      const stop = new AbortController();
      const guard = { kind: 'ifVersion', version } as const;
      const pending = fs.edit('/a.txt', edit('two', 'TWO'), guard, agent, { signal: stop.signal });
      stop.abort();
      let code: unknown = null;
      try {
        await pending;
      } catch (error) {
        code = (error as { code?: unknown }).code;
      }
      const after = await fs.read('/a.txt');
      if (code === 'FS_ABORTED') equal(await snapshot(fs, '/a.txt'), before, 'state after a stop in time');
      else {
        equal(code, null, 'a mutation stopped too late succeeds');
        equal(after?.content, 'one\nTWO\n', 'content of a mutation stopped too late');
        equal((await fs.journal()).length, 2, 'journal of a mutation stopped too late');
      }
    },
  },
  {
    name: 'a signal that aborts after a mutation committed changes nothing of it',
    run: async (make) => {
      const fs = await make();
      const stop = new AbortController();
      const { version } = await fs.write('/a.txt', 'kept', none, agent, { signal: stop.signal });
      stop.abort();
      equal(await fs.read('/a.txt'), { path: '/a.txt', content: 'kept', version }, 'read');
    },
  },
];

/** The contract cases bound to one backend, named `<name>: <case>`, ready for any runner. */
export function fsContract(name: string, make: MakeBackend): { name: string; run: () => Promise<void> }[] {
  return fsContractCases.map((c) => ({ name: `${name}: ${c.name}`, run: () => c.run(make) }));
}
