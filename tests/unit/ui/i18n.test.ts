import { afterEach, describe, expect, it } from 'vitest';
import { labStrings } from '../../../src/ui/lab/strings';
import {
  allStrings,
  fillIn,
  labelled,
  pickLang,
  speakFrom,
  stringParts,
  tr,
  type StringKey,
} from '../../../src/ui/i18n';

const entries = Object.entries(allStrings) as [StringKey, { en: string; zh: string }][];
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
/** Han characters, or Chinese punctuation. */
const chinese = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

/**
 * Keys whose Chinese may equal the English. Empty today: every visible string has its own translation.
 * Add a key here only for text that is the same in both languages (a code, a symbol).
 */
const sameInBoth = new Set<StringKey>([]);

afterEach(() => speakFrom(() => 'en'));

describe('the string table', () => {
  it('has a non-empty English and Chinese string for every key', () => {
    for (const [key, text] of entries) {
      expect(text.en.trim(), `${key}.en`).not.toBe('');
      expect(text.zh.trim(), `${key}.zh`).not.toBe('');
    }
  });

  it('translates every string: the Chinese differs from the English and is written in Chinese', () => {
    for (const [key, text] of entries) {
      if (sameInBoth.has(key)) continue;
      expect(text.zh, key).not.toBe(text.en);
      expect(text.zh, key).toMatch(chinese);
    }
  });

  it('has the same placeholders in both languages', () => {
    for (const [key, text] of entries) expect(placeholders(text.zh), key).toEqual(placeholders(text.en));
  });

  it('gives each key in one part only, so no part silently overrides another', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [part, table] of Object.entries(stringParts)) {
      for (const key of Object.keys(table)) {
        if (seen.has(key)) twice.push(`${key} (${seen.get(key)} and ${part})`);
        seen.set(key, part);
      }
    }
    expect(twice).toEqual([]);
    expect(Object.keys(allStrings)).toHaveLength(seen.size);
  });

  it('joins a label to its value with the colon of the language', () => {
    expect(labelled('result', 'read')).toBe('Result: read');
    speakFrom(() => 'zh');
    expect(labelled('result', 'read')).toBe('结果：read');
  });

  it('writes no "(s)" plural: a count chooses its word with {n|one|many}', () => {
    for (const [key, text] of [...entries, ...Object.entries(labStrings)])
      expect(text.en, key).not.toMatch(/\w\(s\)/);
  });

  it('chooses words only in English, and only by a count the string also shows', () => {
    for (const [key, text] of [...entries, ...Object.entries(labStrings)]) {
      expect(text.zh, key).not.toMatch(/\{\w+\|/);
      for (const [, name] of text.en.matchAll(/\{(\w+)\|/g)) expect(text.en, key).toContain(`{${name}}`);
    }
  });

  it('has no English strings written in Chinese by mistake', () => {
    for (const [key, text] of entries) expect(text.en, key).not.toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('tr', () => {
  it('fills placeholders in the language set', () => {
    speakFrom(() => 'zh');
    expect(tr('linesOf', { from: '41', to: '80', total: '1,203' })).toBe('第 41–80 行，共 1,203 行');
    speakFrom(() => 'en');
    expect(tr('linesOf', { from: '41', to: '80', total: '1,203' })).toBe('lines 41–80 of 1,203');
  });

  it('makes a count and its noun agree in English: "1 plugin on", "2 plugins on"', () => {
    expect(tr('pluginsOn', { n: 1 })).toBe('1 plugin on · switch off');
    expect(tr('pluginsOn', { n: 2 })).toBe('2 plugins on · switch off');
    expect(tr('pluginsOn', { n: 0 })).toBe('0 plugins on · switch off');
  });

  it('leaves the Chinese, which has no plural, as it was', () => {
    speakFrom(() => 'zh');
    expect(tr('pluginsOn', { n: 1 })).toBe('1 个插件生效中 · 全部关闭');
    expect(tr('pluginsOn', { n: 2 })).toBe('2 个插件生效中 · 全部关闭');
  });

  it('reads a count written with commas, and takes the irregular plural and verbs it is given', () => {
    expect(fillIn('{n} {n|entry|entries}', { n: '1,200' })).toBe('1,200 entries');
    expect(fillIn('{n} {n|entry|entries} {n|was|were} kept', { n: 1 })).toBe('1 entry was kept');
    expect(tr('bytesChars', { bytes: '1', chars: '1' })).toBe('1 byte · 1 character');
    expect(tr('bytesChars', { bytes: '1,024', chars: '700' })).toBe('1,024 bytes · 700 characters');
  });

  it('leaves a choice with no count visible, as it leaves a missing placeholder', () => {
    expect(fillIn('{n} {n|step}', {})).toBe('{n} {n|step}');
  });

  it('leaves a missing placeholder visible rather than writing "undefined"', () => {
    expect(tr('showingOf', { shown: 50 })).toBe('showing 50 of {total}');
  });
});

describe('pickLang', () => {
  it('prefers ?lang=, then the browser, then English', () => {
    expect(pickLang('zh', ['en-US'])).toBe('zh');
    expect(pickLang('en', ['zh-CN'])).toBe('en');
    expect(pickLang(null, ['zh-TW', 'en'])).toBe('zh');
    expect(pickLang('fr', ['de-DE'])).toBe('en');
  });
});
