// README "Writing a plugin in the lab": the call card keeps what the model wrote, and shows it as written:
// a character nobody sees is shown as its escape.
import { describe, expect, it } from 'vitest';
import { showUnseen } from '../../../src/ui/unseen';

describe('showUnseen', () => {
  it.each([
    ['/app/\u202etxt.exe', '/app/\\u202etxt.exe'],
    ['/app/x\u200b.txt', '/app/x\\u200b.txt'],
    ['\ufeff/a', '\\ufeff/a'],
    ['/a\u2028b', '/a\\u2028b'],
    ['/a\ud800', '/a\\ud800'],
    ['/a\u0007', '/a\\u0007'],
    ['/app/x\u200d.txt', '/app/x\\u200d.txt'],
  ])('writes %j as %j', (raw, shown) => {
    expect(showUnseen(raw)).toBe(shown);
  });

  it('leaves line breaks, tabs, letters of any script and whole emoji as they are', () => {
    const text = 'a\r\nb\tc שלום 中文 \u{1f600} \u{1f468}\u200d\u{1f469} \u0645\u06cc\u200c\u062e';
    expect(showUnseen(text)).toBe(text);
  });
});
