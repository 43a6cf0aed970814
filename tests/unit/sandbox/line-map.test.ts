import { describe, expect, it } from 'vitest';
import { sourceLines } from '../../../src/sandbox/line-map';

describe('sourceLines', () => {
  it('follows the line deltas, backwards too, and gives a blank line the line before it', () => {
    expect(sourceLines('AAAA;AAEA;;AAFA,AACA')).toEqual([1, 3, 3, 1]);
  });

  it('reads numbers of more than one digit', () => {
    expect(sourceLines('AAAA;AAgBA')).toEqual([1, 17]);
  });

  it('refuses a digit that is not base64', () => {
    expect(() => sourceLines('AA*A')).toThrow('Invalid base64 digit "*"');
  });
});
