import { describe, expect, it } from 'vitest';
import { MemoryBackend } from '../../../src/fs/memory';
import { replay } from '../../../src/harness';
import {
  MAX_IMPORT_BYTES,
  parseSessionFile,
  parseSessionFileChunked,
  readSessionFile,
  scenarioById,
  serializeSessionFile,
  sessionFile,
  sessionFileName,
  type ImportCode,
} from '../../../src/model';
import { Playground } from '../../../src/run';
import { bigSessionText } from '../../fixtures/big-session';

const played = async (id = 'stale-version') => {
  const pg = await Playground.open({ fs: new MemoryBackend() }, scenarioById(id)!);
  await pg.script.runToEnd();
  return pg;
};
const at = new Date(Date.UTC(2026, 4, 6, 7, 8, 9, 123));
const fileOf = async (id?: string) => {
  const pg = await played(id);
  return {
    pg,
    file: sessionFile({ scenario: pg.scenario.id, title: 'A run', events: pg.run.session.events }, at),
  };
};
/** A valid file's JSON with one change made to it. */
const edited = async (change: (raw: Record<string, unknown> & { events: unknown[] }) => void) => {
  const { file } = await fileOf();
  const raw = JSON.parse(serializeSessionFile(file)) as Record<string, unknown> & { events: unknown[] };
  change(raw);
  return JSON.stringify(raw);
};
const codeOf = (text: string): ImportCode | 'ok' => parseSessionFile(text).error?.code ?? 'ok';

describe('session files', () => {
  it('round-trips: the parsed file equals the exported one, events exactly as logged', async () => {
    const { pg, file } = await fileOf();
    const back = parseSessionFile(serializeSessionFile(file));
    expect(back.value).toEqual(file);
    expect(back.value?.events).toEqual(pg.run.session.events);
    expect(file).toMatchObject({
      format: 'harness-playground/session',
      version: 1,
      scenario: 'stale-version',
      title: 'A run',
      exportedAt: '2026-05-06T07:08:09.123Z',
    });
  });

  it('replays an imported file to the same cards and model texts as the live run', async () => {
    const { pg, file } = await fileOf('card-tour');
    const back = parseSessionFile(serializeSessionFile(file)).value!;
    expect(replay(back.events, (n) => pg.run.registry.get(n))).toEqual(pg.run.session.live);
  });

  it('never holds a value', async () => {
    const { file } = await fileOf('card-tour');
    for (const e of file.events) expect(Object.keys(e)).not.toContain('value');
  });

  it('writes one event per line and names the file after the scenario and the time', async () => {
    const { file } = await fileOf();
    const text = serializeSessionFile(file);
    expect(text.split('\n').filter((l) => l.startsWith('    {"type"'))).toHaveLength(file.events.length);
    expect(sessionFileName(file)).toBe('harness-session-stale-version-2026-05-06T07-08-09Z.json');
  });

  it('writes an empty log as an empty array', () => {
    const text = serializeSessionFile({
      format: 'harness-playground/session',
      version: 1,
      scenario: 'x',
      title: '',
      exportedAt: at.toISOString(),
      events: [],
    });
    expect(JSON.parse(text)).toMatchObject({ events: [] });
  });
});

describe('importing a session file refuses, with its code', () => {
  it('IMPORT_NOT_JSON for text that is not JSON', () => {
    expect(codeOf('{"format": ')).toBe('IMPORT_NOT_JSON');
    expect(codeOf('')).toBe('IMPORT_NOT_JSON');
  });

  it('IMPORT_TOO_DEEP for a file nested 20,000 levels deep, without a stack overflow', () => {
    const deep = '['.repeat(20_000) + ']'.repeat(20_000);
    const refused = parseSessionFile(`{"format":"harness-playground/session","version":1,"x":${deep}}`);
    expect(refused.error?.code).toBe('IMPORT_TOO_DEEP');
    expect(refused.error?.message).toContain('nested deeper than 64 levels');
  });

  it('IMPORT_TOO_DEEP for an event whose arguments are nested past the limit', async () => {
    let args: unknown = 1;
    for (let i = 0; i < 3000; i++) args = { a: args };
    const text = await edited((raw) => {
      const call = raw.events.find((e) => (e as { type?: unknown }).type === 'tool/call');
      (call as { args?: unknown }).args = args;
    });
    expect(codeOf(text)).toBe('IMPORT_TOO_DEEP');
  });

  it('IMPORT_WRONG_FORMAT for JSON of another kind', async () => {
    expect(codeOf('[]')).toBe('IMPORT_WRONG_FORMAT');
    expect(codeOf('null')).toBe('IMPORT_WRONG_FORMAT');
    expect(codeOf('{"format": "something-else/session", "version": 1}')).toBe('IMPORT_WRONG_FORMAT');
    expect(codeOf(await edited((raw) => delete raw.format))).toBe('IMPORT_WRONG_FORMAT');
  });

  it('IMPORT_WRONG_VERSION for another version of the format', async () => {
    expect(codeOf(await edited((raw) => (raw.version = 2)))).toBe('IMPORT_WRONG_VERSION');
    expect(codeOf(await edited((raw) => (raw.version = '1')))).toBe('IMPORT_WRONG_VERSION');
  });

  it('IMPORT_BAD_FIELD naming the header field at fault', async () => {
    const cases: [string, (raw: Record<string, unknown> & { events: unknown[] }) => void][] = [
      ['exportedAt', (raw) => (raw.exportedAt = 'yesterday')],
      ['scenario', (raw) => (raw.scenario = 'Not An Id')],
      ['title', (raw) => delete raw.title],
      ['events', (raw) => (raw.events = {} as unknown as unknown[])],
      ['extra', (raw) => (raw.extra = true)],
    ];
    for (const [field, change] of cases) {
      const result = parseSessionFile(await edited(change));
      expect(result.error, field).toMatchObject({ code: 'IMPORT_BAD_FIELD' });
      if (field !== 'extra') expect(result.error?.field).toBe(field);
    }
  });

  it('IMPORT_BAD_EVENT with the index of the first bad event', async () => {
    const bad = await edited((raw) => {
      (raw.events[3] as Record<string, unknown>).seq = -1;
      (raw.events[5] as Record<string, unknown>).type = 'nonsense';
    });
    expect(parseSessionFile(bad).error).toMatchObject({ code: 'IMPORT_BAD_EVENT', index: 3 });
  });

  it('IMPORT_BAD_EVENT naming an unknown event type, with the detail apart from the place', async () => {
    const bad = await edited((raw) => ((raw.events[2] as Record<string, unknown>).type = 'nonsense'));
    expect(parseSessionFile(bad).error).toEqual({
      code: 'IMPORT_BAD_EVENT',
      index: 2,
      message: 'event 2: unknown event type "nonsense"',
      detail: 'unknown event type "nonsense"',
    });
  });

  it('IMPORT_BAD_EVENT for a result that carries a value', async () => {
    const text = await edited((raw) => {
      const i = raw.events.findIndex((e) => (e as { type: string }).type === 'tool/result');
      (raw.events[i] as Record<string, unknown>).value = { secret: 1 };
    });
    const result = parseSessionFile(text);
    expect(result.error?.code).toBe('IMPORT_BAD_EVENT');
    expect(result.error?.message).toMatch(/tool\/result.*value/);
  });

  it('IMPORT_BAD_EVENT for an empty log, a log without its start, and out-of-order seq', async () => {
    expect(parseSessionFile(await edited((raw) => (raw.events = []))).error).toMatchObject({
      code: 'IMPORT_BAD_EVENT',
      index: 0,
    });
    const headless = await edited((raw) => {
      raw.events.shift();
      raw.events.forEach((e, i) => ((e as { seq: number }).seq = i));
    });
    expect(parseSessionFile(headless).error).toMatchObject({ code: 'IMPORT_BAD_EVENT', index: 0 });
    const swapped = await edited((raw) => raw.events.splice(1, 2, raw.events[2], raw.events[1]));
    expect(parseSessionFile(swapped).error).toMatchObject({ code: 'IMPORT_BAD_EVENT', index: 1 });
  });

  it('IMPORT_TOO_LARGE before reading a file over the limit', async () => {
    const huge = { size: MAX_IMPORT_BYTES + 1, text: () => Promise.reject(new Error('read')) } as Blob;
    expect((await readSessionFile(huge)).error?.code).toBe('IMPORT_TOO_LARGE');
    expect(codeOf(' '.repeat(MAX_IMPORT_BYTES + 1))).toBe('IMPORT_TOO_LARGE');
  });

  it('reads a good file from a Blob', async () => {
    const { file } = await fileOf();
    const blob = new Blob([serializeSessionFile(file)], { type: 'application/json' });
    expect((await readSessionFile(blob)).value).toEqual(file);
  });
});

describe('reading a session file in slices', () => {
  it('gives what parseSessionFile gives, for a good file and for each refusal', async () => {
    const { file } = await fileOf();
    const texts = [
      serializeSessionFile(file),
      '{"format": ',
      `{"format":"harness-playground/session","version":1,"x":${'['.repeat(5000)}${']'.repeat(5000)}}`,
      await edited((raw) => (raw.version = 2)),
      await edited((raw) => (raw.title = 7)),
      await edited((raw) => (raw.events[2] = { type: 'nonsense' })),
    ];
    for (const text of texts) expect(await parseSessionFileChunked(text)).toEqual(parseSessionFile(text));
  });

  it('gives the event loop a turn while it reads a long log', async () => {
    const text = bigSessionText(3000);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const read = await parseSessionFileChunked(text, { sliceMs: 0 });
    clearInterval(timer);
    expect(read.value?.events).toHaveLength(3000);
    expect(ticks).toBeGreaterThan(2);
  });

  it('stops when its signal is aborted', async () => {
    const abort = new AbortController();
    abort.abort();
    const { file } = await fileOf();
    await expect(
      parseSessionFileChunked(serializeSessionFile(file), { signal: abort.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
