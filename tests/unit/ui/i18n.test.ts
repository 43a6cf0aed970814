import { afterEach, describe, expect, it } from 'vitest';
import {
  allStrings,
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
