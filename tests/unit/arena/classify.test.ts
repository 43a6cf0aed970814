// The arena's rule for an outcome, one branch at a time, on a hand-made hazard.
import { describe, expect, it } from 'vitest';
import { Hazard } from '../../../src/model/hazard';
import { classify } from '../../../src/run/arena';

const h = Hazard.parse({
  format: 'harness-playground/hazard',
  version: 1,
  id: 'h',
  title: 't',
  teaches: 't',
  files: { '/a.txt': 'a\nb\n' },
  steps: [{ call: 'read', args: { path: '/a.txt' } }],
  meant: { '/a.txt': 'A\nB\n' },
  theirs: [
    { path: '/a.txt', has: 'B' },
    { path: '/a.txt', lacks: 'b' },
  ],
  expect: {},
});

describe('classify', () => {
  it('is kept when the files are exactly as meant, refusals or not', () => {
    expect(classify(h, { '/a.txt': 'A\nB\n' }, false)).toBe('kept');
    expect(classify(h, { '/a.txt': 'A\nB\n' }, true)).toBe('kept');
  });

  it('is a lost update when a text someone else wrote is gone', () => {
    expect(classify(h, { '/a.txt': 'A\nC\n' }, false)).toBe('lost-update');
  });

  it('is a lost update when a text someone else removed is back', () => {
    expect(classify(h, { '/a.txt': 'A\nB\nb\n' }, true)).toBe('lost-update');
  });

  it('is a lost update when their file is gone', () => {
    expect(classify(h, {}, false)).toBe('lost-update');
  });

  it('is a false refusal when nothing of theirs is lost and a change was refused', () => {
    expect(classify(h, { '/a.txt': 'a\nB\n' }, true)).toBe('false-refusal');
  });

  it('is corrupted when nothing was lost or refused and the bytes still differ', () => {
    expect(classify(h, { '/a.txt': '  A\nB\n' }, false)).toBe('corrupted');
  });

  it('counts a file that should not exist as a difference', () => {
    expect(classify(h, { '/a.txt': 'A\nB\n', '/extra.txt': '' }, false)).toBe('corrupted');
  });
});
