import { describe, expect, it } from 'vitest';
import { frameAddress, pageLang, scenarioRef, settingsOf, builtInFile } from '../../../src/kit/options';
import { previewOf, textIn } from '../../../src/kit/preview';
import { SCENARIO_ID, langs, speedNames } from '../../../src/kit/protocol';
import { ScenarioId, SpeedName } from '../../../src/model';

const PAGE = 'https://tutorial.example/course/lesson-1.html';
const APP = 'https://play.example/hp/';
const settings = (options: Parameters<typeof settingsOf>[0]) =>
  settingsOf(options, PAGE, { app: APP, lang: null });

describe('the kit’s copies of the app’s names', () => {
  // The kit may not import the model (it would bring zod to every tutorial page); these hold them equal.
  it('has the app’s speeds and languages', () => {
    expect([...speedNames]).toEqual(SpeedName.options);
    expect([...langs]).toEqual(['en', 'zh']);
  });

  it('tells a scenario id as the app does', () => {
    for (const s of ['stale-version', 'a', 'a1-b2', 'A', '1a', 'a_b', 'a.json', '', '-a', 'a/b'])
      expect(SCENARIO_ID.test(s), s).toBe(ScenarioId.safeParse(s).success);
  });
});

describe('scenarioRef', () => {
  it('reads an id as a built-in scenario, anything else as an address against the page', () => {
    expect(scenarioRef('stale-version', PAGE)).toEqual({ kind: 'id', id: 'stale-version' });
    expect(scenarioRef('my-lesson.json', PAGE)).toEqual({
      kind: 'url',
      url: 'https://tutorial.example/course/my-lesson.json',
    });
    expect(scenarioRef('/l/x.json', PAGE)).toEqual({ kind: 'url', url: 'https://tutorial.example/l/x.json' });
    expect(scenarioRef(new URL('https://cdn.example/x.json'), PAGE)).toEqual({
      kind: 'url',
      url: 'https://cdn.example/x.json',
    });
  });

  it('takes an object whole, and refuses what is neither', () => {
    const file = { format: 'harness-playground/scenario' };
    expect(scenarioRef(file, PAGE)).toEqual({ kind: 'object', value: file });
    for (const bad of [42, null, [], true]) expect(() => scenarioRef(bad, PAGE)).toThrow(TypeError);
  });
});

describe('frameAddress', () => {
  it('puts the scenario and every setting in the address', () => {
    const url = new URL(
      frameAddress(
        settings({ scenario: 'stale-version', lang: 'zh', speed: 'fast', autoplay: true, present: true }),
      ),
    );
    expect(url.origin + url.pathname).toBe(APP);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      embed: '1',
      scenario: 'stale-version',
      lang: 'zh',
      speed: 'fast',
      autoplay: '1',
      present: '1',
    });
  });

  it('sends an address as scenario-url, and keeps the app’s own query', () => {
    const s = settingsOf({ scenario: 'my-lesson.json' }, PAGE, { app: `${APP}?theme=dark`, lang: 'en' });
    const url = new URL(frameAddress(s));
    expect(url.searchParams.get('scenario-url')).toBe('https://tutorial.example/course/my-lesson.json');
    expect(url.searchParams.get('theme')).toBe('dark');
    expect(url.searchParams.get('lang')).toBe('en');
  });

  it('leaves an object out of the address, which holds for it; autoplay goes with it', () => {
    const url = new URL(frameAddress(settings({ scenario: { id: 'x' }, autoplay: true })));
    expect([...url.searchParams.keys()]).toEqual(['embed', 'autoplay', 'hold']);
    const still = new URL(frameAddress(settings({ scenario: { id: 'x' } })));
    expect([...still.searchParams.keys()]).toEqual(['embed', 'hold']);
  });

  it('carries a light or dark theme, the option’s or the one the kit read from the page; auto is left out', () => {
    expect(new URL(frameAddress(settings({ theme: 'dark' }))).searchParams.get('theme')).toBe('dark');
    expect(new URL(frameAddress(settings({}), { theme: 'light' })).searchParams.get('theme')).toBe('light');
    expect(new URL(frameAddress(settings({}), { theme: 'auto' })).searchParams.has('theme')).toBe(false);
  });

  it('serves built-in files beside the app', () => {
    expect(builtInFile(new URL(APP), 'happy-path')).toBe('https://play.example/hp/scenarios/happy-path.json');
    expect(builtInFile(new URL(`${APP}index.html`), 'happy-path')).toBe(
      'https://play.example/hp/scenarios/happy-path.json',
    );
  });
});

describe('settingsOf', () => {
  it('resolves the app against the page, and needs one', () => {
    expect(settingsOf({ app: '../hp/' }, PAGE, { app: null, lang: null }).app.href).toBe(
      'https://tutorial.example/hp/',
    );
    expect(() => settingsOf({}, PAGE, { app: null, lang: null })).toThrow(/pass options.app/);
  });

  it('checks each option and names the one at fault', () => {
    expect(() => settings({ lang: 'fr' as never })).toThrow(/lang "fr"/);
    expect(() => settings({ speed: 'warp' as never })).toThrow(/speed "warp"/);
    expect(() => settings({ height: 0 })).toThrow(/height 0/);
    expect(() => settings({ height: {} as never })).toThrow(/height must be/);
    expect(() => settings({ maxHeight: -5 })).toThrow(/maxHeight -5/);
    expect(() => settings({ maxHeight: 'auto' })).toThrow(/maxHeight must be/);
    expect(() => settings({ theme: 'sepia' as never })).toThrow(
      /theme "sepia" is not one of auto, light, dark/,
    );
  });

  it('has no most height unless told, and follows the page’s theme unless told', () => {
    expect(settings({}).maxHeight).toBe('none');
    expect(settings({ maxHeight: 600 }).maxHeight).toBe('600px');
    expect(settings({ maxHeight: '80vh' }).maxHeight).toBe('80vh');
    expect(settings({}).theme).toBe('auto');
    expect(settings({ theme: 'light' }).theme).toBe('light');
  });

  it('sizes by content unless told, and turns a number into pixels', () => {
    expect(settings({}).height).toBe('auto');
    expect(settings({ height: 360 }).height).toBe('360px');
    expect(settings({ height: '40rem' }).height).toBe('40rem');
  });
});

describe('texts of the click-to-load card', () => {
  it('takes the page’s language when the playground speaks it', () => {
    expect([pageLang('zh-Hans-CN'), pageLang('en-GB'), pageLang('EN'), pageLang('fr'), pageLang('')]).toEqual(
      ['zh', 'en', 'en', null, null],
    );
  });

  it('reads a text as a string or its language’s entry', () => {
    expect(textIn('Hi', 'zh')).toBe('Hi');
    expect(textIn({ en: 'Hi', zh: '你好' }, 'zh')).toBe('你好');
    expect(textIn({ en: 'Hi' }, 'zh')).toBeNull();
    expect(textIn(5, 'en')).toBeNull();
  });

  it('clips long texts and needs a title', () => {
    const preview = previewOf({ title: 'x'.repeat(500), teaches: 'y'.repeat(5000) }, 'en')!;
    expect(preview.title).toHaveLength(200);
    expect(preview.title.endsWith('…')).toBe(true);
    expect(preview.lesson).toHaveLength(600);
    expect(previewOf({ teaches: 'no title' }, 'en')).toBeNull();
    expect(previewOf('a string', 'en')).toBeNull();
  });
});
