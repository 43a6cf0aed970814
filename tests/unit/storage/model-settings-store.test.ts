import { describe, expect, it } from 'vitest';
import type { ModelSettings } from '../../../src/model';
import { MODEL_STORAGE_KEYS, ModelSettingsStore, type KeyValueStorage } from '../../../src/storage';

const KEY = 'sk-planted-KEY-0c1d2e3f4a';
const mem = (): KeyValueStorage & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
};
const settings = (more: Partial<ModelSettings> = {}): ModelSettings => ({
  provider: 'openai',
  baseUrl: 'https://api.openai.com/v1',
  model: 'gpt-x',
  key: KEY,
  ...more,
});

describe('ModelSettingsStore', () => {
  it('keeps the key in memory only, unless asked to remember it in the tab', () => {
    const prefs = mem();
    const tab = mem();
    const store = new ModelSettingsStore({ prefs, tab });
    store.use(settings(), false);
    expect(store.get()).toEqual({
      info: { provider: 'openai', baseUrl: 'https://api.openai.com/v1', model: 'gpt-x' },
      key: KEY,
      remember: false,
    });
    expect([...tab.data.values()].join()).not.toContain(KEY);
    expect([...prefs.data.values()].join()).not.toContain(KEY);
    // A new page in the same tab: the address is back, the key is not.
    expect(new ModelSettingsStore({ prefs, tab }).get()).toMatchObject({ key: '', remember: false });
  });

  it('remembers the key in the tab when asked, never in the kept preferences, and forgets it when unticked', () => {
    const prefs = mem();
    const tab = mem();
    new ModelSettingsStore({ prefs, tab }).use(settings(), true);
    expect(tab.data.get(MODEL_STORAGE_KEYS.key)).toBe(KEY);
    expect([...prefs.data.values()].join()).not.toContain(KEY);
    const again = new ModelSettingsStore({ prefs, tab });
    expect(again.get()).toMatchObject({ key: KEY, remember: true });
    again.use(settings(), false);
    expect(tab.data.has(MODEL_STORAGE_KEYS.key)).toBe(false);
    again.use(settings(), true);
    again.forgetKey();
    expect(tab.data.size).toBe(0);
    expect(again.get().key).toBe('');
  });

  it('ignores stored settings that do not parse, and storage that throws', () => {
    const prefs = mem();
    prefs.setItem(
      MODEL_STORAGE_KEYS.prefs,
      '{"provider":"openai","baseUrl":"http://evil.example/v1","model":"m"}',
    );
    expect(new ModelSettingsStore({ prefs }).get().info).toBeNull();
    prefs.setItem(MODEL_STORAGE_KEYS.prefs, 'not json');
    expect(new ModelSettingsStore({ prefs }).get().info).toBeNull();
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new DOMException('no', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const store = new ModelSettingsStore({ prefs: broken, tab: broken });
    store.use(settings(), true);
    expect(store.get()).toMatchObject({ info: null, key: KEY, remember: true });
  });
});
