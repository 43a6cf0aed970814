import { afterEach, describe, expect, it } from 'vitest';
import { MemoryBackend } from '../../../src/fs/memory';
import { scenarioById } from '../../../src/model';
import { Playground } from '../../../src/run';
import { labelled, lang, speakFrom, tr } from '../../../src/ui/i18n';
import { uiStore } from '../../../src/ui/state';

// The language lives in the interface's store alone: the strings and the script read it from there, as
// the app wires them (src/ui/app.ts binds `tr` to its store; src/ui/start.ts gives the playground `lang`).
const wired = async () => {
  const store = uiStore({ lang: 'en', policy: true, speed: 'normal' });
  speakFrom(() => store.get().lang);
  const pg = await Playground.open({ fs: new MemoryBackend(), lang }, scenarioById('happy-path')!);
  return { store, pg };
};
const said = (pg: Playground) => pg.run.session.live.flatMap((e) => (e.kind === 'message' ? [e.text] : []));

afterEach(() => speakFrom(() => 'en'));

describe('the language, held by the store alone', () => {
  it('a change of the store reaches every string made afterwards', async () => {
    const { store } = await wired();
    expect(tr('play')).toBe('Play');
    store.set({ lang: 'zh' });
    expect(lang()).toBe('zh');
    expect(tr('play')).toBe('播放');
    expect(labelled('result', 'read')).toBe('结果：read');
  });

  it('a change of the store reaches the script: its next words are in the new language', async () => {
    const { store, pg } = await wired();
    await pg.script.step();
    store.set({ lang: 'zh' });
    expect(pg.lang).toBe('zh');
    await pg.script.step();
    await pg.script.step();
    expect(said(pg)).toEqual([
      "I'll read the notes before changing anything.",
      '状态还是 draft，把它改成 done。',
    ]);
  });

  it('without a language given, the playground speaks English', async () => {
    const pg = await Playground.open({ fs: new MemoryBackend() }, scenarioById('happy-path')!);
    await pg.script.step();
    expect(said(pg)).toEqual(["I'll read the notes before changing anything."]);
  });
});
