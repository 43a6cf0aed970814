import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FsError } from '../../../src/fs/errors';
import { applyEdit, countLines, lineAt, splitLines } from '../../../src/fs/match';
import type { EditSpec } from '../../../src/fs/types';

const spec = (oldString: string, newString: string, more: Partial<EditSpec> = {}): EditSpec => ({
  oldString,
  newString,
  ...more,
});
const edited = (content: string, s: EditSpec) => applyEdit(content, s).after;
const codeOf = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof FsError) return error.code;
    throw error;
  }
  return 'no error';
};
const errorOf = (run: () => unknown): FsError => {
  try {
    run();
  } catch (error) {
    if (error instanceof FsError) return error;
  }
  throw new Error('expected a FsError');
};
const occurrences = (hay: string, needle: string): number => {
  let count = 0;
  for (let at = hay.indexOf(needle); at !== -1; at = hay.indexOf(needle, at + 1)) count++;
  return count;
};

describe('applyEdit: line endings', () => {
  it('LF old_string in an LF file', () => {
    expect(edited('a\nb\nc\n', spec('a\nb', 'x\ny'))).toBe('x\ny\nc\n');
  });

  it('CRLF old_string in an LF file matches and the insert keeps LF', () => {
    expect(edited('a\nb\nc\n', spec('a\r\nb', 'x\r\ny'))).toBe('x\ny\nc\n');
  });

  it('LF old_string in a CRLF file matches and the insert takes CRLF', () => {
    expect(edited('a\r\nb\r\nc\r\n', spec('a\nb', 'x\ny\nz'))).toBe('x\r\ny\r\nz\r\nc\r\n');
  });

  it('CRLF old_string in a CRLF file', () => {
    expect(edited('a\r\nb\r\nc\r\n', spec('b\r\nc', 'q\r\nr'))).toBe('a\r\nq\r\nr\r\n');
  });

  it('a single-line old_string in a CRLF file gives a multi-line insert CRLF endings', () => {
    expect(edited('a\r\nb\r\n', spec('a', 'x\ny'))).toBe('x\r\ny\r\nb\r\n');
  });

  it('LF old_string in a mixed file keeps each line ending of the region when the counts agree', () => {
    expect(edited('a\r\nb\nc\r\nd', spec('a\nb\nc', 'A\nB\nC'))).toBe('A\r\nB\nC\r\nd');
  });

  it('CRLF old_string in a mixed file leaves the endings outside the match alone', () => {
    expect(edited('top\nmid\r\nlow\n', spec('mid\r\n', 'MID\n'))).toBe('top\nMID\r\nlow\n');
  });

  it('in a mixed file a region with another number of lines takes its first ending', () => {
    expect(edited('a\r\nb\nc', spec('a\nb', 'x\ny\nz'))).toBe('x\r\ny\r\nz\nc');
  });

  it('an insert into a file without any line ending is kept as given', () => {
    expect(edited('abc', spec('b', '1\r\n2'))).toBe('a1\r\n2c');
  });

  it('an LF match counts as one place only once, however it is spelled', () => {
    expect(codeOf(() => applyEdit('a\r\nb a\nb', spec('a\nb', 'x')))).toBe('FS_AMBIGUOUS_EDIT');
  });
});

describe('applyEdit: bytes outside the match', () => {
  it('keeps a BOM at the start', () => {
    expect(edited('\uFEFFhello\n', spec('hello', 'bye'))).toBe('\uFEFFbye\n');
  });

  it('keeps the absence of a final newline', () => {
    expect(edited('a\nb', spec('b', 'c'))).toBe('a\nc');
  });

  it('keeps a final newline', () => {
    expect(edited('a\nb\n', spec('a', 'z'))).toBe('z\nb\n');
  });
});

describe('applyEdit: new_string is literal', () => {
  for (const pattern of ['$&', '$1', '$$', '$`', "$'", '$<name>']) {
    it(`inserts ${pattern} as written`, () => {
      expect(edited('left MID right', spec('MID', `<${pattern}>`))).toBe(`left <${pattern}> right`);
    });
  }
});

describe('applyEdit: refusals', () => {
  it('refuses an empty old_string with FS_EMPTY_OLD_STRING', () => {
    expect(codeOf(() => applyEdit('abc', spec('', 'x')))).toBe('FS_EMPTY_OLD_STRING');
  });

  it('refuses identical old and new strings with FS_NO_CHANGE', () => {
    expect(codeOf(() => applyEdit('abc', spec('b', 'b')))).toBe('FS_NO_CHANGE');
  });

  it('refuses a replacement that only differs in line endings the file would not keep', () => {
    expect(codeOf(() => applyEdit('a\r\nb', spec('a\nb', 'a\r\nb')))).toBe('FS_NO_CHANGE');
  });

  it('refuses a missing old_string with FS_EDIT_NOT_FOUND and says to re-read', () => {
    expect(errorOf(() => applyEdit('abc', spec('x', 'y'))).remedy).toMatch(/re-read the file/i);
  });

  it('never matches fuzzily: a difference in whitespace is not found', () => {
    expect(codeOf(() => applyEdit('if (a)  {', spec('if (a) {', 'x')))).toBe('FS_EDIT_NOT_FOUND');
  });

  it('gives the count of an ambiguous match', () => {
    expect(errorOf(() => applyEdit('x x x', spec('x', 'y'))).message).toContain('3 times');
  });

  it('suggests more context or replaceAll for an ambiguous match, in the terms of its own API', () => {
    expect(errorOf(() => applyEdit('x x', spec('x', 'y'))).remedy).toMatch(/surrounding text.*replaceAll/);
  });

  it('describes an ambiguous match: the count, and the line each of the first matches starts on', () => {
    expect(errorOf(() => applyEdit('a x\nb\nx c\nx\n', spec('x', 'y'))).detail).toEqual({
      kind: 'ambiguous',
      count: 3,
      lines: [1, 3, 4],
      folded: false,
    });
  });

  it('names the lines of the first five matches only, with the full count', () => {
    const file = Array.from({ length: 12 }, (_, i) => (i % 2 ? 'x' : '-')).join('\n');
    expect(errorOf(() => applyEdit(file, spec('x', 'y'))).detail).toEqual({
      kind: 'ambiguous',
      count: 6,
      lines: [2, 4, 6, 8, 10],
      folded: false,
    });
  });

  it('describes the other refusals for the tools to word', () => {
    expect(errorOf(() => applyEdit('abc', spec('', 'x'))).detail).toEqual({ kind: 'empty' });
    expect(errorOf(() => applyEdit('abc', spec('b', 'b'))).detail).toEqual({ kind: 'identical' });
    expect(errorOf(() => applyEdit('a\r\nb', spec('a\nb', 'a\r\nb'))).detail).toEqual({ kind: 'no-effect' });
    expect(errorOf(() => applyEdit('abc', spec('x', 'y'))).detail).toEqual({
      kind: 'not-found',
      folded: false,
    });
  });

  it('counts overlapping occurrences as ambiguous', () => {
    expect(codeOf(() => applyEdit('aaa', spec('aa', 'b')))).toBe('FS_AMBIGUOUS_EDIT');
  });
});

describe('applyEdit: replace_all', () => {
  it('replaces every occurrence and counts them', () => {
    expect(applyEdit('x.x.x', spec('x', 'yy', { replaceAll: true }))).toMatchObject({
      after: 'yy.yy.yy',
      replacements: 3,
    });
  });

  it('replaces non-overlapping occurrences from the left', () => {
    expect(edited('aaaa', spec('aa', 'b', { replaceAll: true }))).toBe('bb');
  });

  it('reports the line range from the first match to the last, and each span', () => {
    expect(applyEdit('x\n-\nx\n', spec('x', 'y', { replaceAll: true }))).toMatchObject({
      lines: [1, 3],
      spans: [
        [1, 1],
        [3, 3],
      ],
    });
  });
});

describe('applyEdit: lines', () => {
  it('reports the lines a multi-line match spans in the original', () => {
    expect(applyEdit('a\nb\nc\nd\n', spec('b\nc\n', 'x')).lines).toEqual([2, 3]);
  });

  it('counts CRLF lines like LF lines', () => {
    expect(applyEdit('a\r\nb\r\nc', spec('c', 'x')).lines).toEqual([3, 3]);
  });
});

describe('applyEdit: Unicode fallback', () => {
  const fallback = { unicodeFallback: true };

  it('is off by default', () => {
    expect(codeOf(() => applyEdit('say \u201Chi\u201D', spec('say "hi"', 'x')))).toBe('FS_EDIT_NOT_FOUND');
  });

  it('folds curly double quotes', () => {
    expect(edited('say \u201Chi\u201D!', spec('say "hi"', 'x', fallback))).toBe('x!');
  });

  it('folds curly single quotes', () => {
    expect(edited('it\u2019s \u2018ok\u2019', spec("it's 'ok'", 'x', fallback))).toBe('x');
  });

  it('folds dashes', () => {
    expect(edited('a\u2013b\u2014c\u2011d', spec('a-b-c-d', 'x', fallback))).toBe('x');
  });

  it('folds non-breaking and other odd spaces', () => {
    expect(edited('a\u00A0b\u2007c\u202Fd', spec('a b c d', 'x', fallback))).toBe('x');
  });

  it('folds the old_string too', () => {
    expect(edited('it\u2019s', spec('it\u2018s', 'x', fallback))).toBe('x');
  });

  it('says the match was normalized', () => {
    expect(applyEdit('\u201Cq\u201D', spec('"q"', 'x', fallback)).normalized).toBe(true);
  });

  it('is not used when the exact search found a match', () => {
    expect(applyEdit('"q" \u201Cq\u201D', spec('"q"', 'x', fallback))).toMatchObject({
      after: 'x \u201Cq\u201D',
      normalized: false,
    });
  });

  it('refuses a folded match that is not unique', () => {
    expect(codeOf(() => applyEdit('\u201Cq\u201D \u201Eq\u201C', spec('"q"', 'x', fallback)))).toBe(
      'FS_AMBIGUOUS_EDIT',
    );
  });

  it('replaces every folded match with replace_all', () => {
    expect(
      applyEdit('\u201Cq\u201D \u201Eq\u201C', spec('"q"', 'x', { ...fallback, replaceAll: true })),
    ).toMatchObject({ after: 'x x', replacements: 2, normalized: true });
  });

  it('maps the match back correctly after astral characters and CRLF', () => {
    const content = '\u{1F600}\r\n\u{1F4A9} \u201Cq\u201D \u{1F600}\r\n';
    expect(edited(content, spec('\u{1F4A9} "q"', 'Z', fallback))).toBe('\u{1F600}\r\nZ \u{1F600}\r\n');
  });

  it('inserts new_string literally, without folding it', () => {
    expect(edited('\u201Cq\u201D', spec('"q"', '\u2018r\u2019', fallback))).toBe('\u2018r\u2019');
  });
});

describe('line helpers', () => {
  it('splitLines drops terminators and does not invent a final empty line', () => {
    expect(splitLines('a\r\nb\n\nc\n')).toEqual(['a', 'b', '', 'c']);
  });

  it('countLines agrees with splitLines', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '\n', '\r') }), (text) => {
        expect(countLines(text)).toBe(splitLines(text).length);
      }),
    );
  });

  it('lineAt gives the 1-based line of an offset', () => {
    expect(lineAt('ab\ncd\nef', 4)).toBe(2);
  });
});

describe('applyEdit: reversibility', () => {
  const text = (units: string[]) => fc.string({ unit: fc.constantFrom(...units), maxLength: 40 });
  const marked = text(['a', '\n', ' ', '$', '&', '\u{1F600}']).map((s) => `<${s}>`);

  it('editing a unique substring of an LF file and reversing the edit gives back the original bytes', () => {
    const content = text(['a', 'b', '\n', ' ', '$', '\u{1F600}', '\uFEFF']);
    fc.assert(
      fc.property(content, fc.nat(), fc.nat(), marked, (original, i, j, replacement) => {
        const [from, to] = [i % (original.length + 1), j % (original.length + 1)].sort((x, y) => x - y);
        const old = original.slice(from!, to!);
        fc.pre(old !== '' && occurrences(original, old) === 1);
        const after = edited(original, spec(old, replacement));
        expect(edited(after, spec(replacement, old))).toBe(original);
      }),
    );
  });

  it('an LF edit of a CRLF file keeps every line ending CRLF and reverses to the original bytes', () => {
    const lines = fc.array(text(['a', 'b', ' ', '$']), { minLength: 2, maxLength: 8 });
    fc.assert(
      fc.property(
        lines,
        fc.boolean(),
        fc.nat(),
        fc.nat(),
        marked,
        (parts, finalNewline, i, j, replacement) => {
          const original = parts.join('\r\n') + (finalNewline ? '\r\n' : '');
          const lf = original.split('\r\n').join('\n');
          const [from, to] = [i % (lf.length + 1), j % (lf.length + 1)].sort((x, y) => x - y);
          const old = lf.slice(from!, to!);
          fc.pre(old !== '' && occurrences(lf, old) === 1);
          const after = edited(original, spec(old, replacement));
          // A file the edit leaves without any line ending has no style left to restore.
          fc.pre(after.includes('\r\n'));
          expect(after.split('\r\n').join('')).not.toContain('\n');
          expect(edited(after, spec(replacement, old))).toBe(original);
        },
      ),
    );
  });
});
