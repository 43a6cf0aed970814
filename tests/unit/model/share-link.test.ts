import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_PLUGIN_SOURCE,
  decodeShare,
  encodeShare,
  scenarioPolicyIds,
  scenarios,
  shareUrl,
  starterPlugin,
  type LabPlugin,
  type ShareState,
} from '../../../src/model';

const state: ShareState = { scenario: 'stale-version', lang: 'zh', speed: 'fast', policy: false, step: 4 };
const pack = async (bytes: Uint8Array) => {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new CompressionStream('deflate-raw'));
  return Buffer.from(await new Response(stream).arrayBuffer()).toString('base64url');
};

describe('share links', () => {
  it('round-trip every state', async () => {
    const states = fc.record({
      scenario: fc.constantFrom(...scenarios.map((s) => s.id)),
      lang: fc.constantFrom('en' as const, 'zh' as const),
      speed: fc.constantFrom('slow' as const, 'normal' as const, 'fast' as const, 'instant' as const),
      policy: fc.boolean(),
      edits: fc.option(fc.constantFrom(...scenarioPolicyIds), { nil: undefined }),
      step: fc.integer({ min: 0, max: 10_000 }),
    });
    const roundTrip = async ({ edits, ...rest }: ShareState) => {
      const s: ShareState = { ...rest, ...(edits ? { edits } : {}) };
      expect((await decodeShare(await encodeShare(s))).value).toEqual(s);
    };
    await fc.assert(fc.asyncProperty(states, roundTrip), { numRuns: 50 });
  });

  it('carry the policy chosen in place of the scenario’s own, and refuse an unknown one', async () => {
    const chosen = await decodeShare(await encodeShare({ ...state, edits: 'hash-ledger' }));
    expect(chosen.value?.edits).toBe('hash-ledger');
    const raw = { ...state, edits: 'trust-me' } as unknown as ShareState;
    await expect(encodeShare(raw)).rejects.toThrow();
  });

  it('are versioned, short and safe in a URL', async () => {
    const token = await encodeShare(state);
    expect(token).toMatch(/^1\.[A-Za-z0-9_-]+$/);
    expect(token.length).toBeLessThan(120);
    const url = shareUrl('http://h.test/some/path/?lang=en&scenario=x#frag', token);
    expect(url).toBe(`http://h.test/some/path/?s=${token}`);
  });

  it('say LINK_VERSION for a version this playground does not read', async () => {
    const token = await encodeShare(state);
    expect((await decodeShare(`2${token.slice(1)}`)).error?.code).toBe('LINK_VERSION');
    expect((await decodeShare('0.AAAA')).error?.code).toBe('LINK_VERSION');
  });

  it('say LINK_CORRUPT for damaged links, and never throw', async () => {
    const token = await encodeShare(state);
    const damaged = [
      '',
      'nonsense',
      '1.',
      '1.!!!!',
      `1.${token.slice(2, -3)}`,
      `1.${token.slice(2).replace(/[A-Za-z]/, (c) => (c === 'A' ? 'B' : 'A'))}`,
      `1.${'A'.repeat(3000)}`,
      `1.${await pack(new TextEncoder().encode('not json'))}`,
      `1.${await pack(new TextEncoder().encode(JSON.stringify({ ...state, step: -1 })))}`,
      `1.${await pack(new TextEncoder().encode(JSON.stringify({ ...state, extra: 1 })))}`,
      `1.${await pack(new Uint8Array([0xff, 0xfe, 0xfd]))}`,
    ];
    for (const link of damaged) {
      const decoded = await decodeShare(link);
      expect(decoded.ok, link).toBe(false);
      expect(decoded.error?.code, link).toBe('LINK_CORRUPT');
    }
  });

  it('say LINK_CORRUPT for a payload nested 39,000 levels deep, without a stack overflow', async () => {
    const deep = `{"scenario":"happy-path","plugins":${'['.repeat(39_000)}${']'.repeat(39_000)}}`;
    const decoded = await decodeShare(`1.${await pack(new TextEncoder().encode(deep))}`);
    expect(decoded.error?.code).toBe('LINK_CORRUPT');
    expect(decoded.error?.message).toContain('JSON_TOO_DEEP');
  });

  it('refuse a payload that inflates past a few kilobytes', async () => {
    const bomb = `1.${await pack(new TextEncoder().encode(`{"scenario":"${'a'.repeat(100_000)}"}`))}`;
    expect(bomb.length).toBeLessThan(2048);
    expect((await decodeShare(bomb)).error?.code).toBe('LINK_CORRUPT');
  });

  it('carry the plugin lab’s plugins, and refuse more or larger ones than the lab holds', async () => {
    const plugin: LabPlugin = { source: starterPlugin('ts'), language: 'ts', order: 'pre', enabled: false };
    const withPlugins: ShareState = {
      ...state,
      plugins: [plugin, { ...plugin, language: 'js', order: 'default' }],
    };
    const token = await encodeShare(withPlugins);
    expect((await decodeShare(token)).value).toEqual(withPlugins);
    // Code compresses well: the link stays far below the cap.
    expect(token.length).toBeLessThan(JSON.stringify(withPlugins).length / 2);

    const tooMany = { ...state, plugins: Array.from({ length: 5 }, () => plugin) };
    const tooLong = { ...state, plugins: [{ ...plugin, source: 'x'.repeat(MAX_PLUGIN_SOURCE + 1) }] };
    for (const bad of [tooMany, tooLong]) {
      const packed = `1.${await pack(new TextEncoder().encode(JSON.stringify(bad)))}`;
      expect((await decodeShare(packed)).error?.code).toBe('LINK_CORRUPT');
    }
    expect((await decodeShare(`1.${'A'.repeat(40_000)}`)).error?.message).toMatch(/40002 characters/);
  });
});
