import 'fake-indexeddb/auto';
import { createStore, entries } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { MemoryBackend } from '../../../src/fs/memory';
import {
  checkBaseUrl,
  checkModelSettings,
  parseSessionFile,
  scenarioById,
  serializeSessionFile,
  sessionFile,
  type ModelSettings,
} from '../../../src/model';
import { SessionStore } from '../../../src/storage';
import { Playground } from '../../../src/run';

const KEY = 'sk-planted-KEY-0c1d2e3f4a';
const settings = (more: Partial<ModelSettings> = {}): ModelSettings => ({
  provider: 'openai',
  baseUrl: 'https://api.openai.com/v1',
  model: 'gpt-x',
  key: KEY,
  ...more,
});
const check = (more: Partial<Record<'provider' | 'baseUrl' | 'model' | 'key', string>>) =>
  checkModelSettings({
    provider: 'openai',
    baseUrl: 'https://api.openai.com/v1',
    model: 'm',
    key: 'k',
    ...more,
  });

describe('checkBaseUrl', () => {
  it('keeps an https address and a local http one, without trailing slashes', () => {
    expect(checkBaseUrl(' https://openrouter.ai/api/v1/ ')).toEqual({
      ok: true,
      value: 'https://openrouter.ai/api/v1',
    });
    expect(checkBaseUrl('http://localhost:11434/v1').ok).toBe(true);
    expect(checkBaseUrl('http://127.0.0.1:1234/v1').ok).toBe(true);
  });

  it('refuses what the page cannot reach or what could carry a secret', () => {
    expect(checkBaseUrl('http://192.168.1.5:11434/v1').error).toMatch(/localhost and 127.0.0.1 only/);
    expect(checkBaseUrl('ftp://x.example').error).toMatch(/ftp:/);
    expect(checkBaseUrl('https://user:pw@x.example/v1').error).toMatch(/user name or password/);
    expect(checkBaseUrl('https://x.example/v1?key=abc').error).toMatch(/query or fragment/);
    expect(checkBaseUrl('https://x.example/v1#k').error).toMatch(/query or fragment/);
    expect(checkBaseUrl('api.openai.com').error).toMatch(/not an address/);
    expect(checkBaseUrl('').error).toMatch(/empty/);
  });
});

describe('checkModelSettings', () => {
  it('gives the settings trimmed', () => {
    expect(check({ model: ' m ', key: ' k ', baseUrl: 'https://api.openai.com/v1/' }).value).toEqual({
      provider: 'openai',
      baseUrl: 'https://api.openai.com/v1',
      model: 'm',
      key: 'k',
    });
  });

  it('checks no prefix of the key: any header-safe text is a key', () => {
    expect(check({ key: 'lm-studio' }).ok).toBe(true);
    expect(check({ key: 'x'.repeat(200) }).ok).toBe(true);
  });

  it('lets an OpenAI-compatible key be empty (local servers), not an Anthropic one', () => {
    expect(check({ key: '' }).ok).toBe(true);
    expect(
      check({ provider: 'anthropic', baseUrl: 'https://api.anthropic.com', key: '' }).error,
    ).toMatchObject({
      code: 'MODEL_SETTINGS_INVALID',
      field: 'key',
    });
  });

  it('names the field at fault', () => {
    expect(check({ provider: 'gemini' }).error?.field).toBe('provider');
    expect(check({ model: '  ' }).error?.field).toBe('model');
    expect(check({ key: 'sk-a\nb' }).error).toMatchObject({
      field: 'key',
      message: expect.stringMatching(/line break/),
    });
    expect(check({ key: 'clé' + '密' }).error?.field).toBe('key');
  });

  it('holds each protocol to its base-URL rule: the app appends the endpoint’s path', () => {
    expect(check({ baseUrl: 'https://api.openai.com/v1/chat/completions' }).error?.message).toMatch(
      /appends \/chat\/completions/,
    );
    expect(check({ provider: 'anthropic', baseUrl: 'https://api.anthropic.com/v1' }).error?.message).toMatch(
      /is the host/,
    );
    expect(check({ provider: 'anthropic', baseUrl: 'https://api.anthropic.com' }).ok).toBe(true);
  });
});

describe('the model in saved sessions and session files', () => {
  const played = async () => {
    const pg = await Playground.open({ fs: new MemoryBackend() }, scenarioById('happy-path')!, {
      model: settings(),
    });
    pg.sayAsAgent('Hello.');
    return pg;
  };
  const at = new Date(Date.UTC(2026, 4, 6, 7, 8, 9));

  it('a file gains the model’s provider, name and base URL, and never the key, even when given settings', async () => {
    const pg = await played();
    expect(pg.model).toEqual({ provider: 'openai', baseUrl: 'https://api.openai.com/v1', model: 'gpt-x' });
    const file = sessionFile(
      { scenario: 'happy-path', title: 'T', events: pg.run.session.events, model: settings() },
      at,
    );
    const text = serializeSessionFile(file);
    expect(text).not.toContain(KEY);
    expect(parseSessionFile(text).value?.model).toEqual({
      provider: 'openai',
      model: 'gpt-x',
      baseUrl: 'https://api.openai.com/v1',
    });
  });

  it('reads a file without the field as before, and refuses a model field that does not fit', async () => {
    const pg = await played();
    const raw = JSON.parse(
      serializeSessionFile(
        sessionFile({ scenario: 'happy-path', title: 'T', events: pg.run.session.events }, at),
      ),
    );
    expect(raw).not.toHaveProperty('model');
    expect(parseSessionFile(JSON.stringify(raw)).ok).toBe(true);
    const bad = (model: unknown) => parseSessionFile(JSON.stringify({ ...raw, model })).error;
    expect(bad({ provider: 'openai', model: 'm', baseUrl: 'https://x.example/v1', key: KEY })).toMatchObject({
      code: 'IMPORT_BAD_FIELD',
      field: 'model',
    });
    expect(bad({ provider: 'openai', model: 'm', baseUrl: 'https://x.example/v1?key=1' })?.field).toBe(
      'model',
    );
    expect(bad({ provider: 'other', model: 'm', baseUrl: 'https://x.example/v1' })?.field).toBe('model');
  });

  it('a stored session keeps the model (never the key) and gives it back', async () => {
    const pg = await played();
    const useStore = createStore('model-settings-test', 'sessions');
    const store = new SessionStore(useStore);
    const run = pg.saved();
    expect(run.model).toEqual({ provider: 'openai', baseUrl: 'https://api.openai.com/v1', model: 'gpt-x' });
    // Even handed the settings with their key, the store keeps the three fields only.
    await store.save({ ...run, model: settings(), title: 'T', createdAt: 1, updatedAt: 2 });
    expect((await store.get(run.id))?.model).toEqual(run.model);
    expect(JSON.stringify(await entries(useStore))).not.toContain(KEY);
  });
});
