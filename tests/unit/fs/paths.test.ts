import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FsError } from '../../../src/fs/errors';
import { normalizeFilePath, normalizePath, parentDirs } from '../../../src/fs/paths';
import { canonical } from '../../model/reference';

const refusal = (raw: string, normalize = normalizePath): FsError | null => {
  try {
    normalize(raw);
    return null;
  } catch (error) {
    if (error instanceof FsError) return error;
    throw error;
  }
};

describe('normalizePath', () => {
  it.each([
    ['/a/b', '/a/b'],
    ['a/b', '/a/b'],
    ['/a/./b', '/a/b'],
    ['//a///b', '/a/b'],
    ['/a/b/', '/a/b'],
    ['/a/x/../b', '/a/b'],
    ['./a', '/a'],
    ['/', '/'],
    ['/a/..', '/'],
    ['/a b/ü.txt', '/a b/ü.txt'],
    ['/.hidden/...', '/.hidden/...'],
  ])('normalizes %j to %j', (raw, expected) => {
    expect(normalizePath(raw)).toBe(expected);
  });

  it('agrees with the reference model on paths of slashes, dots, letters, spaces and NULs', () => {
    const raw = fc
      .array(fc.constantFrom('/', '.', '..', 'a', 'b c', ' ', '\0', '...'), { maxLength: 12 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(raw, (path) => {
        // The reference knows no root path ("/" is nothing left: invalid), nor blank paths or NULs.
        const expected = path.trim() === '' || path.includes('\0') ? null : canonical(path);
        const got = refusal(path) === null ? normalizePath(path) : null;
        expect(got === '/' ? null : got).toBe(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it.each([[''], ['   '], ['\t\n']])('refuses the blank path %j', (raw) => {
    expect(refusal(raw)?.code).toBe('FS_INVALID_PATH');
  });

  it('refuses ".." above the root', () => {
    expect(refusal('/a/../../etc')?.message).toContain('above the root');
  });

  it('refuses a leading ".." of a relative path', () => {
    expect(refusal('../a')?.code).toBe('FS_INVALID_PATH');
  });

  it('refuses a NUL character', () => {
    expect(refusal('/a\0b')?.message).toContain('NUL');
  });

  it.each([['/a\u200bb'], ['/a/b\n'], ['/\u202eb'], ['/a\ud83d'], ['/a\u2029']])(
    'refuses %j, a path that is otherwise normal, naming the character',
    (raw) => {
      const point = raw
        .match(/[^\x20-\x7e]/u)![0]
        .charCodeAt(0)
        .toString(16)
        .toUpperCase();
      expect(refusal(raw)?.message).toContain(
        `U+${point.padStart(4, '0')}, a control or invisible character`,
      );
    },
  );

  it('keeps a whole surrogate pair, an emoji, and look-alike dots as names', () => {
    expect(normalizePath('/a/\u{1f600}/\uff0e\uff0e/%2e%2e')).toBe('/a/\u{1f600}/\uff0e\uff0e/%2e%2e');
  });

  it('keeps a joiner between two characters that are not ASCII: an emoji of a family, a Persian word', () => {
    const family = '\u{1f468}\u200d\u{1f469}\u200d\u{1f467}';
    const persian = '\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645';
    expect(normalizePath(`/photos/${family}.png`)).toBe(`/photos/${family}.png`);
    expect(normalizePath(`/docs/${persian}.md`)).toBe(`/docs/${persian}.md`);
  });

  it.each([['/app/x\u200d.txt'], ['/app/\u200cx'], ['/app/\u{1f468}\u200d'], ['/\u200d\u{1f468}/a']])(
    'refuses %j, a joiner beside an ASCII character, a slash or an end, which nobody would see',
    (raw) => {
      expect(refusal(raw)?.message).toMatch(/U\+200[CD], a control or invisible character/);
    },
  );

  it('gives back a path it accepts as it normalized it, with nothing unseen in it', () => {
    const raw = fc
      .array(
        fc.constantFrom('/', '.', '..', 'a', '\u200b', '\u200d', '\n', '\ud800', '\u{1f600}', '\uff0e', ' '),
        {
          maxLength: 10,
        },
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(raw, (path) => {
        if (refusal(path) !== null) return;
        const normal = normalizePath(path);
        expect(normalizePath(normal)).toBe(normal);
        expect(normal).not.toMatch(
          /(?![\u200c\u200d])[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]|(?:^|[\0-\x7f])[\u200c\u200d]|[\u200c\u200d](?:$|[\0-\x7f])/u,
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts a path of 1024 characters', () => {
    const path = '/' + 'a/'.repeat(511) + 'b';
    expect(normalizePath(path)).toHaveLength(1024);
  });

  it('refuses a path of 1025 characters', () => {
    expect(refusal('/' + 'a/'.repeat(511) + 'bc')?.message).toContain('1025');
  });

  it('accepts a segment of 255 characters', () => {
    expect(normalizePath('/' + 'x'.repeat(255))).toHaveLength(256);
  });

  it('refuses a segment of 256 characters', () => {
    expect(refusal('/' + 'x'.repeat(256))?.message).toContain('256');
  });

  it('shows only the start of a very long path in the message', () => {
    expect(refusal('/' + 'x'.repeat(5000))?.message.length).toBeLessThan(200);
  });

  it('gives a remedy with every refusal', () => {
    expect(refusal('')?.remedy).toBeTruthy();
  });
});

describe('normalizeFilePath', () => {
  it('refuses the root directory', () => {
    expect(refusal('/./', normalizeFilePath)?.message).toContain('root directory');
  });

  it('normalizes like normalizePath otherwise', () => {
    expect(normalizeFilePath('a//b/')).toBe('/a/b');
  });
});

describe('parentDirs', () => {
  it('lists the containing directories, root first', () => {
    expect(parentDirs('/a/b/c.txt')).toEqual(['/', '/a', '/a/b']);
  });

  it('gives the root for a top-level file', () => {
    expect(parentDirs('/c.txt')).toEqual(['/']);
  });

  it('gives nothing for the root itself', () => {
    expect(parentDirs('/')).toEqual([]);
  });
});
