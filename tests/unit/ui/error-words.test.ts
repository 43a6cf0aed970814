import { describe, expect, it } from 'vitest';
import { MemoryBackend } from '../../../src/fs/memory';
import type { ToolResult } from '../../../src/harness';
import { scenarios } from '../../../src/model';
import { Playground } from '../../../src/run';
import { codesWithWords, errorForPeople, fallbackForPeople } from '../../../src/ui/error-words';
import { nodeSqlEngine } from '../model/sql-engine';

/** Every error a built-in scenario's run meets, as the card gets it. */
async function errorsMet(): Promise<{ scenario: string; error: NonNullable<ToolResult['error']> }[]> {
  const met = [];
  for (const scenario of scenarios) {
    const pg = await Playground.open({ fs: new MemoryBackend(), sqlEngine: nodeSqlEngine }, scenario);
    await pg.script.runToEnd();
    for (const e of pg.run.session.live) {
      if (e.kind === 'call' && e.result?.error) met.push({ scenario: scenario.id, error: e.result.error });
    }
  }
  return met;
}

const latin = /[A-Za-z]{3,}(?:\s+[A-Za-z]{2,}){2,}/;

describe('error words for people', () => {
  it('in English are the tool’s own words, exactly what the model read', () => {
    const error = {
      code: 'FS_STALE_VERSION',
      message: '/a changed after you read it: you read version v1, it is now v2.',
      remedy: 'Re-read.',
    };
    expect(errorForPeople(error, 'en')).toEqual({ message: error.message, remedy: 'Re-read.' });
  });

  it('in Chinese say what every error of every built-in run means, keeping the model’s words beside', async () => {
    const met = await errorsMet();
    expect(new Set(met.map((m) => m.error.code)).size).toBeGreaterThan(5);
    for (const { scenario, error } of met) {
      const shown = errorForPeople(error, 'zh');
      const where = `${scenario}: ${error.code}`;
      expect(codesWithWords, where).toContain(error.code);
      // No English prose left outside paths and codes.
      expect(shown.message.replace(/\/\S+/g, ''), where).not.toMatch(latin);
      expect(shown.remedy ?? '', where).not.toMatch(latin);
      expect(shown.verbatim, where).toEqual(
        error.remedy ? { message: error.message, remedy: error.remedy } : { message: error.message },
      );
    }
  });

  it('keep the specifics of the lesson’s refusals: the path and both versions', async () => {
    const pg = await Playground.open(
      { fs: new MemoryBackend() },
      scenarios.find((s) => s.id === 'stale-version')!,
    );
    await pg.script.runToEnd();
    const stale = pg.run.session.live.flatMap((e) =>
      e.kind === 'call' && e.result?.error ? [e.result.error] : [],
    )[0]!;
    expect(stale.code).toBe('FS_STALE_VERSION');
    expect(errorForPeople(stale, 'zh').message).toBe(
      '/app/config.json 在智能体读过之后被改过：它读到的是 v1，现在已经是 v2，所以这次写入被拒绝了。',
    );
  });

  it('say in Chinese that a code of a plugin’s own ended the call, and keep its words', () => {
    const shown = errorForPeople({ code: 'FS_SECRET', message: 'No secrets here.' }, 'zh');
    expect(shown.message).toBe('这次调用以错误 FS_SECRET 结束。');
    expect(shown.verbatim).toEqual({ message: 'No secrets here.' });
  });
});

describe('fallbackForPeople', () => {
  it('keeps the harness words in English', () => {
    expect(fallbackForPeople('presenter threw: boom', 'en')).toBe('presenter threw: boom');
  });
  it('translates the harness part in Chinese and keeps what the tool said', () => {
    expect(fallbackForPeople('presenter threw: boom', 'zh')).toBe('工具的卡片函数抛出了异常：boom');
    expect(fallbackForPeople('invalid card: Required', 'zh')).toBe('工具给出的卡片不符合卡片格式：Required');
  });
  it('in Chinese, says what the tool said in Chinese when it said it in both languages', () => {
    expect(fallbackForPeople('presenter threw: boom', 'zh', '爆炸了')).toBe(
      '工具的卡片函数抛出了异常：爆炸了',
    );
    expect(fallbackForPeople('presenter threw: boom', 'en', '爆炸了')).toBe('presenter threw: boom');
  });
  it('leaves a reason it does not know as it is', () => {
    expect(fallbackForPeople('something else', 'zh')).toBe('something else');
  });
});
