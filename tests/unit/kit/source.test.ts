import { afterEach, describe, expect, it, vi } from 'vitest';
import { readScenario } from '../../../src/kit/source';
import { errorFixes, fixOf, unknownId } from '../../../src/kit/protocol';
import { scenarios } from '../../../src/model';
import { builtInTexts } from '../../../scripts/scenario-assets.mjs';

const APP = new URL('https://play.example/hp/');
const URL_REF = { kind: 'url', url: 'https://docs.example/my-lesson.json' } as const;
const lesson = { format: 'harness-playground/scenario', version: 1, id: 'mine', title: 'Mine', teaches: 'x' };
const answer = (body: string, status = 200) => vi.fn(async () => new Response(body, { status }));

afterEach(() => vi.unstubAllGlobals());

describe('readScenario: the kit reads the author’s file in the page', () => {
  it('hands a file it read to the frame as an object, with its card’s texts', async () => {
    vi.stubGlobal('fetch', answer(JSON.stringify(lesson)));
    expect(await readScenario(URL_REF, APP, 'en')).toEqual({
      ok: true,
      scenario: { kind: 'object', value: lesson },
      preview: { title: 'Mine', lesson: 'x' },
    });
  });

  it('leaves a file it cannot reach at all (network, CORS) to the frame, by its address', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await readScenario(URL_REF, APP, 'en')).toEqual({ ok: true, scenario: URL_REF, preview: null });
  });

  it('gives a coded error for an HTTP error, a file that is not JSON, and a wrong envelope', async () => {
    const cases: [string, number, string, string][] = [
      ['gone', 404, 'SCENARIO_FETCH_FAILED', `the server answered HTTP 404 for ${URL_REF.url}`],
      ['{"a":', 200, 'SCENARIO_INVALID', 'the file is not JSON'],
      ['[1]', 200, 'SCENARIO_INVALID', 'the file is not a JSON object'],
      [JSON.stringify({ ...lesson, format: 'other' }), 200, 'SCENARIO_INVALID', 'format: expected'],
      [
        JSON.stringify({ ...lesson, version: 2 }),
        200,
        'SCENARIO_WRONG_VERSION',
        'version: this playground reads',
      ],
      [JSON.stringify({ ...lesson, title: 7 }), 200, 'SCENARIO_INVALID', 'title: expected a text'],
    ];
    for (const [body, status, code, message] of cases) {
      vi.stubGlobal('fetch', answer(body, status));
      const read = await readScenario(URL_REF, APP, 'en');
      expect(read.ok, body).toBe(false);
      expect(read.error?.code, body).toBe(code);
      expect(read.error?.message, body).toContain(message);
    }
  });

  it('refuses a file over 1 MiB before parsing it', async () => {
    vi.stubGlobal('fetch', answer(' '.repeat(1024 * 1024 + 1)));
    expect((await readScenario(URL_REF, APP, 'en')).error?.code).toBe('SCENARIO_TOO_LARGE');
  });
});

describe('the built-ins’ table baked into embed.js', () => {
  it('has every built-in scenario’s title and lesson, made from the scenario files', () => {
    const table = builtInTexts() as Record<string, { title: unknown; teaches: unknown }>;
    expect(Object.keys(table)).toEqual(scenarios.map((s) => s.id).sort());
    for (const s of scenarios) expect(table[s.id], s.id).toEqual({ title: s.title, teaches: s.teaches });
  });
});

describe('the remedies of the errors', () => {
  it('has one in each language for each code, and none for another code', () => {
    for (const fixes of Object.values(errorFixes)) expect(fixes.en && fixes.zh).toBeTruthy();
    expect(fixOf('SCENARIO_UNKNOWN', 'en')).toBe('Use one of the built-in ids the message lists.');
    expect(fixOf('LINK_CORRUPT', 'en')).toBe('');
  });

  it('says of an unknown id which ids there are', () => {
    expect(unknownId('x', ['a', 'b'])).toBe('"x" is not a built-in scenario; the built-in ids are a, b');
  });
});
