import type { Scenario } from '../scenario';

/** Line endings, a byte order mark and look-alike characters, kept exactly as they were. */
export const lineEndings: Scenario = {
  id: 'line-endings',
  title: { en: 'Line endings', zh: '行尾与编码' },
  teaches: {
    en: 'An LF old_string edits CRLF, BOM and mixed files without touching other bytes; the Unicode fallback says when it was used.',
    zh: 'LF 写的 old_string 也能改 CRLF、带 BOM、混合行尾的文件，其余字节不动；Unicode 兜底匹配会注明。',
  },
  files: {
    '/windows.txt': 'first line\r\nsecond line\r\nthird line\r\n',
    '/bom.csv': '\uFEFFname,phone\nAda,555-0100\n',
    '/mixed.txt': 'unix line\nwindows line\r\nlast line without newline',
    '/quotes.md': 'She said “ship it” — twice.\n',
  },
  focus: '/windows.txt',
  unicodeFallback: true,
  steps: [
    { call: 'read', args: { path: '/windows.txt' } },
    {
      call: 'edit',
      args: { path: '/windows.txt', old_string: 'first line\nsecond line', new_string: 'line one\nline two' },
    },
    { call: 'read', args: { path: '/bom.csv' } },
    { call: 'edit', args: { path: '/bom.csv', old_string: 'Ada,555-0100', new_string: 'Ada,555-0199' } },
    { call: 'read', args: { path: '/mixed.txt' } },
    { call: 'edit', args: { path: '/mixed.txt', old_string: 'windows line', new_string: 'WINDOWS LINE' } },
    { call: 'read', args: { path: '/quotes.md' } },
    {
      call: 'edit',
      args: {
        path: '/quotes.md',
        old_string: 'She said "ship it" - twice.',
        new_string: 'She said "ship it" once.',
      },
    },
    { say: { en: 'Every other byte stayed as it was.', zh: '其他字节都保持原样。' } },
  ],
  outcome: {
    errors: [],
    files: {
      '/windows.txt': 'line one\r\nline two\r\nthird line\r\n',
      '/bom.csv': '\uFEFFname,phone\nAda,555-0199\n',
      '/mixed.txt': 'unix line\nWINDOWS LINE\r\nlast line without newline',
      '/quotes.md': 'She said "ship it" once.\n',
    },
  },
};
