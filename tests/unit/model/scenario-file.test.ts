import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeFilePath } from '../../../src/fs/paths';
import {
  SCENARIO_LIMITS,
  ScenarioPath,
  builtInScenarioFiles,
  parseScenarioFile,
  parseScenarioObject,
  scenarioFile,
  scenarioFileName,
  scenarioJsonSchema,
  scenarioPolicyIds,
  scenarios,
  serializeScenarioFile,
  type ScenarioCode,
} from '../../../src/model';

const folder = new URL('../../../src/model/scenarios/', import.meta.url);
const builtInFiles = readdirSync(folder).filter((f) => f.endsWith('.json'));

/** A small valid scenario file, texts as plain strings; `change` edits it before it is written. */
const lesson = (change: (raw: Record<string, unknown> & { steps: unknown[] }) => void = () => {}) => {
  const raw = {
    format: 'harness-playground/scenario',
    version: 1,
    id: 'my-lesson',
    title: 'My lesson',
    teaches: 'An edit needs a fresh read.',
    files: { '/notes.md': 'Status: draft\n' },
    focus: '/notes.md',
    steps: [
      { call: 'read', args: { path: '/notes.md' } },
      { say: 'Marking it done.' },
      { call: 'edit', args: { path: '/notes.md', old_string: 'draft', new_string: 'done' } },
    ],
    outcome: { errors: [], files: { '/notes.md': 'Status: done\n' } },
  };
  change(raw);
  return JSON.stringify(raw);
};

const refusal = (text: string) => {
  const read = parseScenarioFile(text);
  return read.ok ? 'ok' : { code: read.error.code, path: read.error.path };
};

describe('built-in scenario files', () => {
  it.each(builtInFiles)('%s passes the parser, and its id is its file name', (file) => {
    const read = parseScenarioFile(readFileSync(new URL(file, folder), 'utf8'));
    expect(read.error).toBeUndefined();
    expect(scenarioFileName(read.value!)).toBe(file);
  });

  it('are exactly the files of the folder, each listed once in the gallery order', () => {
    expect(scenarios.map(scenarioFileName).sort()).toEqual([...builtInFiles].sort());
    expect(builtInScenarioFiles).toHaveLength(builtInFiles.length);
  });

  it('each states its outcome, so each is an end-to-end test', () => {
    for (const s of scenarios) expect(s.outcome.errors, s.id).toBeInstanceOf(Array);
  });

  it.each(scenarios.map((s) => [s.id, s] as const))(
    '%s is written back to a file that reads the same',
    (_id, s) => {
      const text = serializeScenarioFile(s);
      expect(text.ok).toBe(true);
      expect(parseScenarioFile(text.value!).value).toEqual(s);
    },
  );
});

describe('texts', () => {
  it('takes a plain string as the text of both languages', () => {
    const read = parseScenarioFile(lesson());
    expect(read.value?.title).toEqual({ en: 'My lesson', zh: 'My lesson' });
    expect(read.value?.steps[1]).toEqual({ say: { en: 'Marking it done.', zh: 'Marking it done.' } });
  });

  it('keeps {en, zh} as written, in every place a text goes', () => {
    const both = { en: 'Done', zh: '完成' };
    const read = parseScenarioFile(
      lesson((raw) => {
        Object.assign(raw, {
          title: both,
          teaches: both,
          task: both,
          sideBySide: [{ label: both, path: '/a' }],
        });
        raw.steps.push(
          { say: both },
          { use: [], say: both },
          { external: { path: '/notes.md' }, note: both },
        );
      }),
    );
    const s = read.value!;
    expect([s.title, s.teaches, s.task, s.sideBySide![0]!.label]).toEqual([both, both, both, both]);
    expect(s.steps.slice(3)).toEqual([
      { say: both },
      { use: [], say: both },
      { external: { path: '/notes.md' }, note: both },
    ]);
  });

  it('writes a text once when both languages say the same, and round-trips', () => {
    const s = parseScenarioFile(lesson()).value!;
    const file = scenarioFile(s);
    expect(file.title).toBe('My lesson');
    expect(scenarioFile({ ...s, title: { en: 'A', zh: '甲' } }).title).toEqual({ en: 'A', zh: '甲' });
    expect(parseScenarioFile(serializeScenarioFile(s).value!).value).toEqual(s);
  });

  it('drops the header: the parsed scenario has no format, version or $schema', () => {
    const read = parseScenarioFile(
      lesson((raw) => Object.assign(raw, { $schema: './scenario.schema.json' })),
    );
    expect(read.value).not.toHaveProperty('format');
    expect(read.value).not.toHaveProperty('version');
    expect(read.value).not.toHaveProperty('$schema');
  });

  it('leaves outcome optional for authors', () => {
    const read = parseScenarioFile(lesson((raw) => delete (raw as { outcome?: unknown }).outcome));
    expect(read.ok).toBe(true);
    expect(read.value?.outcome).toBeUndefined();
  });
});

type Case = [what: string, text: string, code: ScenarioCode, path: string];

/** An ask step, texts as plain strings; `change` replaces its fields. */
const ask = (change: Record<string, unknown> = {}) => ({
  ask: {
    question: 'What will the edit return?',
    choices: ['ok', 'an error'],
    answer: 1,
    why: 'It is stale.',
    ...change,
  },
});

describe('ask steps and notes', () => {
  it('reads an ask before a call, with notes on any step, every text in both languages', () => {
    const read = parseScenarioFile(
      lesson((r) => {
        r.steps.splice(2, 0, { ...ask(), notes: { en: 'Let them vote.', zh: '让大家投票。' } });
        (r.steps[0] as { notes?: unknown }).notes = 'Start here.';
      }),
    );
    expect(read.error).toBeUndefined();
    expect(read.value!.steps[2]).toEqual({
      ask: {
        question: { en: 'What will the edit return?', zh: 'What will the edit return?' },
        choices: [
          { en: 'ok', zh: 'ok' },
          { en: 'an error', zh: 'an error' },
        ],
        answer: 1,
        why: { en: 'It is stale.', zh: 'It is stale.' },
      },
      notes: { en: 'Let them vote.', zh: '让大家投票。' },
    });
    expect(read.value!.steps[0]).toMatchObject({ notes: { en: 'Start here.', zh: 'Start here.' } });
  });

  it('says why an answer outside the choices is refused', () => {
    const read = parseScenarioFile(lesson((r) => r.steps.splice(2, 0, ask({ answer: 5 }))));
    expect(read.error?.message).toBe('steps[2].ask.answer: not one of the choices (counted from 0)');
    const last = parseScenarioFile(lesson((r) => r.steps.push(ask())));
    expect(last.error?.message).toBe('steps[3].ask: an ask must come right before a call');
  });
});

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const badFiles: Case[] = [
  ['text that is not JSON', '{"format": ', 'SCENARIO_INVALID', ''],
  ['an array', '[]', 'SCENARIO_INVALID', ''],
  ['a string', '"harness-playground/scenario"', 'SCENARIO_INVALID', ''],
  [
    'nesting deeper than 64',
    lesson((r) => r.steps.push({ call: 'x', args: { a: JSON.parse(nested(64)) } })),
    'SCENARIO_INVALID',
    '',
  ],
  ['no format', lesson((r) => delete (r as { format?: unknown }).format), 'SCENARIO_INVALID', 'format'],
  ['another format', lesson((r) => (r.format = 'harness-playground/session')), 'SCENARIO_INVALID', 'format'],
  ['version 2', lesson((r) => (r.version = 2)), 'SCENARIO_WRONG_VERSION', 'version'],
  ['version 0', lesson((r) => (r.version = 0)), 'SCENARIO_WRONG_VERSION', 'version'],
  ['version as a string', lesson((r) => (r.version = '1')), 'SCENARIO_INVALID', 'version'],
  ['no version', lesson((r) => delete (r as { version?: unknown }).version), 'SCENARIO_INVALID', 'version'],
  ['a field the format does not define', lesson((r) => (r.author = 'me')), 'SCENARIO_INVALID', 'author'],
  ['plugin code', lesson((r) => (r.code = 'export function postExecute() {}')), 'SCENARIO_INVALID', 'code'],
  ['an id with spaces', lesson((r) => (r.id = 'My lesson')), 'SCENARIO_INVALID', 'id'],
  ['an id of 65 characters', lesson((r) => (r.id = 'a'.repeat(65))), 'SCENARIO_INVALID', 'id'],
  ['no title', lesson((r) => delete r.title), 'SCENARIO_INVALID', 'title'],
  ['a title that is a number', lesson((r) => (r.title = 5)), 'SCENARIO_INVALID', 'title'],
  ['a text without zh', lesson((r) => (r.title = { en: 'x' })), 'SCENARIO_INVALID', 'title.zh'],
  [
    'a text in a third language',
    lesson((r) => (r.teaches = { en: 'x', zh: 'y', fr: 'z' })),
    'SCENARIO_INVALID',
    'teaches.fr',
  ],
  ['files as an array', lesson((r) => (r.files = ['/a.md'])), 'SCENARIO_INVALID', 'files'],
  [
    'a relative file path',
    lesson((r) => (r.files = { 'notes.md': '' })),
    'SCENARIO_INVALID',
    'files["notes.md"]',
  ],
  [
    'a path with ..',
    lesson((r) => (r.files = { '/a/../b.md': '' })),
    'SCENARIO_INVALID',
    'files["/a/../b.md"]',
  ],
  ['a path with //', lesson((r) => (r.files = { '/a//b.md': '' })), 'SCENARIO_INVALID', 'files["/a//b.md"]'],
  [
    'file content that is not a string',
    lesson((r) => (r.files = { '/a.md': 1 })),
    'SCENARIO_INVALID',
    'files["/a.md"]',
  ],
  ['a relative focus', lesson((r) => (r.focus = 'notes.md')), 'SCENARIO_INVALID', 'focus'],
  ['an unknown tool set', lesson((r) => (r.tools = ['sql', 'shell'])), 'SCENARIO_INVALID', 'tools[1]'],
  [
    'a plugin that is not built in',
    lesson((r) => (r.plugins = ['my-plugin'])),
    'SCENARIO_INVALID',
    'plugins[0]',
  ],
  ['an unknown lab example', lesson((r) => (r.lab = 'my-example')), 'SCENARIO_INVALID', 'lab'],
  [
    'a switch that is not a boolean',
    lesson((r) => (r.unicodeFallback = 'yes')),
    'SCENARIO_INVALID',
    'unicodeFallback',
  ],
  ['steps that are not an array', lesson((r) => (r.steps = {} as unknown[])), 'SCENARIO_INVALID', 'steps'],
  [
    'args that are a number',
    lesson((r) => ((r.steps[2] as { args: unknown }).args = 5)),
    'SCENARIO_INVALID',
    'steps[2].args',
  ],
  [
    'args that are an array',
    lesson((r) => ((r.steps[0] as { args: unknown }).args = ['/notes.md'])),
    'SCENARIO_INVALID',
    'steps[0].args',
  ],
  [
    'a call without args',
    lesson((r) => (r.steps[0] = { call: 'read' })),
    'SCENARIO_INVALID',
    'steps[0].args',
  ],
  [
    'a call of a tool name with capitals',
    lesson((r) => (r.steps[0] = { call: 'Read', args: {} })),
    'SCENARIO_INVALID',
    'steps[0].call',
  ],
  [
    'an expect that is not a code',
    lesson((r) => (r.steps[0] = { call: 'read', args: {}, expect: 'not found' })),
    'SCENARIO_INVALID',
    'steps[0].expect',
  ],
  [
    'a step field the format does not define',
    lesson((r) => (r.steps[1] = { say: 'x', wait: 2 })),
    'SCENARIO_INVALID',
    'steps[1].wait',
  ],
  ['a step that is a number', lesson((r) => (r.steps[1] = 5)), 'SCENARIO_INVALID', 'steps[1]'],
  ['a step of no known kind', lesson((r) => (r.steps[1] = { think: 'x' })), 'SCENARIO_INVALID', 'steps[1]'],
  ['a say that is a number', lesson((r) => (r.steps[1] = { say: 5 })), 'SCENARIO_INVALID', 'steps[1].say'],
  [
    'a use of a plugin that is not built in',
    lesson((r) => (r.steps[1] = { use: ['mine'], say: 'x' })),
    'SCENARIO_INVALID',
    'steps[1].use[0]',
  ],
  [
    'an external edit without a note',
    lesson((r) => (r.steps[1] = { external: { path: '/notes.md' } })),
    'SCENARIO_INVALID',
    'steps[1].note',
  ],
  [
    'an external edit with a relative path',
    lesson((r) => (r.steps[1] = { external: { path: 'notes.md' }, note: 'n' })),
    'SCENARIO_INVALID',
    'steps[1].external.path',
  ],
  [
    'a replace without find',
    lesson((r) => (r.steps[1] = { external: { path: '/notes.md', replace: 'x' }, note: 'n' })),
    'SCENARIO_INVALID',
    'steps[1].external.replace',
  ],
  [
    'an empty find',
    lesson((r) => (r.steps[1] = { external: { path: '/notes.md', find: '' }, note: 'n' })),
    'SCENARIO_INVALID',
    'steps[1].external.find',
  ],
  [
    'an outcome error that is not a code',
    lesson((r) => (r.outcome = { errors: ['oops'] })),
    'SCENARIO_INVALID',
    'outcome.errors[0]',
  ],
  [
    'an outcome field the format does not define',
    lesson((r) => (r.outcome = { errors: [], value: {} })),
    'SCENARIO_INVALID',
    'outcome.value',
  ],
  [
    'two races on one path',
    lesson((r) => (r.races = [{ path: '/a' }, { path: '/a' }])),
    'SCENARIO_INVALID',
    'races[1].path',
  ],
  [
    'a race on a path an external step changes',
    lesson((r) => {
      r.races = [{ path: '/notes.md' }];
      r.steps.push({ external: { path: '/notes.md' }, note: 'n' });
    }),
    'SCENARIO_INVALID',
    'races[0].path',
  ],
  [
    'nine files side by side',
    lesson((r) => (r.sideBySide = Array.from({ length: 9 }, () => ({ label: 'x', path: '/a' })))),
    'SCENARIO_INVALID',
    'sideBySide',
  ],
  [
    'an ask whose answer is not a choice',
    lesson((r) => r.steps.splice(2, 0, ask({ answer: 2 }))),
    'SCENARIO_INVALID',
    'steps[2].ask.answer',
  ],
  [
    'an ask with a negative answer',
    lesson((r) => r.steps.splice(2, 0, ask({ answer: -1 }))),
    'SCENARIO_INVALID',
    'steps[2].ask.answer',
  ],
  [
    'an ask with one choice',
    lesson((r) => r.steps.splice(2, 0, ask({ choices: ['a'], answer: 0 }))),
    'SCENARIO_INVALID',
    'steps[2].ask.choices',
  ],
  [
    'an ask without why',
    lesson((r) => r.steps.splice(2, 0, { ask: { question: 'q', choices: ['a', 'b'], answer: 0 } })),
    'SCENARIO_INVALID',
    'steps[2].ask.why',
  ],
  ['an ask before a say', lesson((r) => r.steps.splice(1, 0, ask())), 'SCENARIO_INVALID', 'steps[1].ask'],
  ['an ask at the end', lesson((r) => r.steps.push(ask())), 'SCENARIO_INVALID', 'steps[3].ask'],
  [
    'notes that are a number',
    lesson((r) => ((r.steps[0] as { notes?: unknown }).notes = 3)),
    'SCENARIO_INVALID',
    'steps[0].notes',
  ],
];

describe('bad files', () => {
  it.each(badFiles)('refuses %s with its code and JSON path', (_what, text, code, path) => {
    expect(refusal(text)).toEqual({ code, path });
  });

  it('gives a message that names the path and says what fits', () => {
    const read = parseScenarioFile(lesson((r) => ((r.steps[2] as { args: unknown }).args = 5)));
    expect(read.error?.message).toBe('steps[2].args: expected an object, not a number');
    expect(read.error?.detail).toBe('expected an object, not a number');
    const step = parseScenarioFile(lesson((r) => (r.steps[1] = 5))).error;
    expect(step?.message).toMatch(/^steps\[1\]: a step is one of \{"say"\}, \{"call", "args"\}/);
    expect(parseScenarioFile(lesson((r) => (r.title = 5))).error?.message).toBe(
      'title: expected a text: a string, or {"en", "zh"}',
    );
    expect(parseScenarioFile(lesson((r) => (r.version = 2))).error?.message).toMatch(/version 2 .*\(1\)/);
    expect(parseScenarioFile('{').error?.message).toMatch(/^not JSON/);
  });

  it('says in plain words what an id is, not the pattern that checks it', () => {
    expect(parseScenarioFile(lesson((r) => (r.id = 'My Lesson'))).error?.message).toBe(
      'id: not an id: lowercase letters, digits and dashes, from a letter (like my-lesson)',
    );
  });

  it('refuses the first bad step, not a later one', () => {
    const text = lesson((r) => {
      r.steps[1] = { say: 1 };
      r.steps[2] = { call: 'read', args: 2 };
    });
    expect(refusal(text)).toEqual({ code: 'SCENARIO_INVALID', path: 'steps[1].say' });
  });

  it('accepts exactly one key beside the format: $schema, a string', () => {
    expect(refusal(lesson((r) => (r.$schema = 'https://example.org/scenario.schema.json')))).toBe('ok');
    expect(refusal(lesson((r) => (r.$schema = 5)))).toEqual({ code: 'SCENARIO_INVALID', path: '$schema' });
    expect(refusal(lesson((r) => (r.$id = 'x')))).toEqual({ code: 'SCENARIO_INVALID', path: '$id' });
  });

  it('passes nesting of exactly 64 levels', () => {
    // The document is level 1, steps 2, a step 3, args 4: 60 more arrays inside make 64.
    const deep = (n: number) => ({ call: 'x', args: { a: JSON.parse(nested(n)) }, expect: 'UNKNOWN_TOOL' });
    expect(refusal(lesson((r) => r.steps.push(deep(60))))).toBe('ok');
    expect(refusal(lesson((r) => r.steps.push(deep(61))))).toEqual({
      code: 'SCENARIO_INVALID',
      path: '',
    });
  });

  it('counts brackets inside strings as text, not nesting', () => {
    expect(refusal(lesson((r) => (r.files = { '/deep.txt': '['.repeat(5000) })))).toBe('ok');
    expect(refusal(lesson((r) => (r.files = { '/q.txt': '"\\\\"[[[' })))).toBe('ok');
  });
});

describe('size limits', () => {
  const withFiles = (n: number) =>
    lesson((r) => (r.files = Object.fromEntries(Array.from({ length: n }, (_, i) => [`/f${i}.txt`, '']))));
  const withSteps = (n: number) => lesson((r) => (r.steps = Array.from({ length: n }, () => ({ say: 's' }))));

  it('takes 200 files and refuses 201', () => {
    expect(refusal(withFiles(SCENARIO_LIMITS.files))).toBe('ok');
    expect(refusal(withFiles(SCENARIO_LIMITS.files + 1))).toEqual({
      code: 'SCENARIO_TOO_LARGE',
      path: 'files',
    });
  });

  it('takes 500 steps and refuses 501', () => {
    expect(refusal(withSteps(SCENARIO_LIMITS.steps))).toBe('ok');
    expect(refusal(withSteps(SCENARIO_LIMITS.steps + 1))).toEqual({
      code: 'SCENARIO_TOO_LARGE',
      path: 'steps',
    });
  });

  it('takes a file of just under 1 MiB and refuses one just over, counting UTF-8 bytes', () => {
    const sized = (content: string) => lesson((r) => (r.files = { '/big.txt': content }));
    const base = new TextEncoder().encode(sized('')).length;
    expect(refusal(sized('a'.repeat(SCENARIO_LIMITS.bytes - base)))).toBe('ok');
    expect(refusal(sized('a'.repeat(SCENARIO_LIMITS.bytes - base + 1)))).toEqual({
      code: 'SCENARIO_TOO_LARGE',
      path: '',
    });
    // 400,000 characters of Chinese are 1.2 million bytes: fewer characters than the limit, more bytes.
    expect(refusal(sized('字'.repeat(400_000)))).toEqual({ code: 'SCENARIO_TOO_LARGE', path: '' });
  });

  it('says how large and what the limit is', () => {
    const read = parseScenarioFile(withSteps(SCENARIO_LIMITS.steps + 1));
    expect(read.error?.message).toBe('steps: 501 steps; at most 500');
  });

  it('refuses to write a scenario its import would refuse, with the same code', () => {
    const s = parseScenarioFile(lesson()).value!;
    const long = { ...s, steps: Array.from({ length: 501 }, () => ({ say: { en: 's', zh: 's' } })) };
    expect(serializeScenarioFile(long).error?.code).toBe('SCENARIO_TOO_LARGE');
  });
});

describe('generated files', () => {
  const withFile = (file: unknown) =>
    lesson((r) => (r.files = { '/notes.md': 'Status: draft\n', '/log.txt': file }));

  it('makes N numbered lines from one, each ending in a newline', () => {
    const read = parseScenarioFile(withFile({ each: 'line {n} of {n}', lines: 3 }));
    expect(read.value?.files['/log.txt']).toBe('line 1 of 1\nline 2 of 2\nline 3 of 3\n');
    expect(read.value?.files['/notes.md']).toBe('Status: draft\n');
  });

  it('refuses a count that is not a whole number from 1, and fields it does not know, at their path', () => {
    expect(refusal(withFile({ each: 'x', lines: 0 }))).toEqual({
      code: 'SCENARIO_INVALID',
      path: 'files["/log.txt"].lines',
    });
    expect(refusal(withFile({ each: 'x', lines: 1.5 }))).toEqual({
      code: 'SCENARIO_INVALID',
      path: 'files["/log.txt"].lines',
    });
    expect(refusal(withFile({ each: 'x'.repeat(1001), lines: 1 }))).toEqual({
      code: 'SCENARIO_INVALID',
      path: 'files["/log.txt"].each',
    });
    expect(refusal(withFile({ each: 'x', lines: 2, extra: 1 }))).toEqual({
      code: 'SCENARIO_INVALID',
      path: 'files["/log.txt"].extra',
    });
  });

  it('refuses generated files over 1 MiB before making them, as SCENARIO_TOO_LARGE at files', () => {
    // 99 lines of 1,000 characters are about 97 KiB; 100,000 of them would be about 95 MiB.
    const each = `${'x'.repeat(997)}{n}`;
    expect(refusal(withFile({ each, lines: 99 }))).toBe('ok');
    const read = parseScenarioFile(withFile({ each, lines: 100_000 }));
    expect(read.error).toMatchObject({ code: 'SCENARIO_TOO_LARGE', path: 'files' });
    expect(read.error?.message).toMatch(
      /^files: its generated files come to about 9[0-9.]+ MiB; at most 1 MiB$/,
    );
    // Many files, each under the limit, are counted together.
    const many = lesson((r) => {
      r.files = Object.fromEntries(
        Array.from({ length: 20 }, (_, i) => [`/f${i}.txt`, { each: 'y'.repeat(100), lines: 1000 }]),
      );
    });
    expect(refusal(many)).toEqual({ code: 'SCENARIO_TOO_LARGE', path: 'files' });
  });

  it('is how the truncation lesson holds its 1,203-line log in under 2 kB', () => {
    const raw = readFileSync(new URL('truncation.json', folder), 'utf8');
    expect(raw.length).toBeLessThan(2048);
    const truncation = scenarios.find((s) => s.id === 'truncation')!;
    expect(truncation.files['/logs/server.log']!.split('\n')).toHaveLength(1204);
    expect(truncation.files['/src/api.ts']!.match(/TODO/g)).toHaveLength(500);
  });
});

describe('scenario objects', () => {
  it('reads an object as the file it would be', () => {
    const read = parseScenarioObject(JSON.parse(lesson()));
    expect(read.value?.id).toBe('my-lesson');
    expect(parseScenarioObject({ ...JSON.parse(lesson()), version: 3 }).error?.code).toBe(
      'SCENARIO_WRONG_VERSION',
    );
  });

  it('refuses what JSON cannot hold, without throwing', () => {
    const cycle: Record<string, unknown> = JSON.parse(lesson());
    cycle.files = { '/a': cycle };
    for (const value of [cycle, { n: 1n }, undefined, () => 1, Symbol('s')])
      expect(parseScenarioObject(value).error?.code).toBe('SCENARIO_INVALID');
    const getter = Object.defineProperty({}, 'id', {
      enumerable: true,
      get: () => {
        throw new Error('no');
      },
    });
    expect(parseScenarioObject(getter).error?.code).toBe('SCENARIO_INVALID');
  });

  it('applies the size limits to objects too', () => {
    const raw = JSON.parse(lesson());
    raw.files = { '/big.txt': 'a'.repeat(SCENARIO_LIMITS.bytes) };
    expect(parseScenarioObject(raw).error?.code).toBe('SCENARIO_TOO_LARGE');
  });
});

describe('paths', () => {
  // The model keeps its own copy of the workspace's path rule; these two must never disagree.
  const storedUnchanged = (path: string) => {
    try {
      return normalizeFilePath(path) === path;
    } catch {
      return false;
    }
  };

  it('takes exactly the paths the workspace stores unchanged', () => {
    const segment = fc.stringMatching(/^[a-z.\0 ]{0,4}$/);
    const path = fc.array(fc.oneof(segment, fc.constant(''), fc.constant('.'), fc.constant('..')), {
      maxLength: 5,
    });
    fc.assert(
      fc.property(fc.boolean(), path, (lead, parts) => {
        const p = (lead ? '/' : '') + parts.join('/');
        expect(ScenarioPath.safeParse(p).success, JSON.stringify(p)).toBe(storedUnchanged(p));
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees at the length limits', () => {
    for (const p of [
      '/' + 'a'.repeat(255),
      '/' + 'a'.repeat(256),
      ('/' + 'b'.repeat(100)).repeat(10) + '/cc',
      '/x'.repeat(513),
    ])
      expect(ScenarioPath.safeParse(p).success, `${p.length} characters`).toBe(storedUnchanged(p));
  });
});

describe("the run's policy", () => {
  it('reads a policy id into the scenario', () => {
    const read = parseScenarioFile(lesson((raw) => (raw.policy = 'unique-match')));
    expect(read.ok && read.value.policy).toBe('unique-match');
  });

  it('leaves it out when the file has none (the observation policy)', () => {
    const read = parseScenarioFile(lesson());
    expect(read.ok && 'policy' in read.value).toBe(false);
  });

  it('refuses an unknown id with SCENARIO_UNKNOWN_POLICY, naming every policy', () => {
    const read = parseScenarioFile(lesson((raw) => (raw.policy = 'trust-me')));
    expect(read.ok).toBe(false);
    expect(read.error?.code).toBe('SCENARIO_UNKNOWN_POLICY');
    expect(read.error?.path).toBe('policy');
    expect(read.error?.message).toContain('"trust-me" is not a policy');
    for (const id of scenarioPolicyIds) expect(read.error?.message).toContain(id);
  });

  it('refuses a policy that is not a string as an invalid field', () => {
    const read = parseScenarioFile(lesson((raw) => (raw.policy = 3)));
    expect(read.error).toMatchObject({ code: 'SCENARIO_INVALID', path: 'policy' });
  });
});

describe('the JSON Schema', () => {
  const schema = scenarioJsonSchema() as {
    required: string[];
    additionalProperties: boolean;
    properties: Record<string, { maxItems?: number; maxProperties?: number; enum?: string[] }>;
  };

  it('requires the header and the fields an author must write, and refuses others', () => {
    expect(schema.required).toEqual(['format', 'version', 'id', 'title', 'teaches', 'files', 'steps']);
    expect(schema.additionalProperties).toBe(false);
  });

  it('carries the limits and the built-in names', () => {
    expect(schema.properties.steps?.maxItems).toBe(SCENARIO_LIMITS.steps);
    expect(schema.properties.files?.maxProperties).toBe(SCENARIO_LIMITS.files);
    expect(JSON.stringify(schema.properties.plugins)).toContain('redact-phones-value');
  });

  it('lists the policies a scenario may name', () => {
    expect(schema.properties.policy?.enum).toEqual([...scenarioPolicyIds]);
  });

  it('is what editors receive', () => {
    expect(schema).toMatchSnapshot();
  });
});
