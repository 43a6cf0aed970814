// The site's policy and the host's headers: declared once in code, the README's copy checked against it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scriptHash, sitePolicy, withPolicy } from '../../scripts/csp.ts';
import { HOST_HEADERS } from '../../scripts/serve.mjs';
import { SANDBOX_SCRIPTS } from '../../src/sandbox/frame';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const index = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
const directives = () =>
  new Map(
    sitePolicy()
      .split('; ')
      .map((d) => [d.split(' ')[0], d] as const),
  );

describe('the site policy', () => {
  it('allows exactly the sandbox scripts inline, by the hash of each', () => {
    const scripts = directives().get('script-src')!;
    for (const script of SANDBOX_SCRIPTS) expect(scripts).toContain(scriptHash(script));
    expect(scripts.match(/'sha256-/g)).toHaveLength(SANDBOX_SCRIPTS.length);
    expect(scripts).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*/);
    expect(scripts).toContain("'wasm-unsafe-eval'");
  });

  it('names each directive the site needs, once', () => {
    const got = directives();
    expect(got.get('default-src')).toBe("default-src 'self'");
    expect(got.get('connect-src')).toBe("connect-src 'self' https: http://localhost:* http://127.0.0.1:*");
    expect(got.get('frame-src')).toBe("frame-src 'none'");
    expect(got.get('object-src')).toBe("object-src 'none'");
    expect(got.get('base-uri')).toBe("base-uri 'none'");
    expect(got.get('form-action')).toBe("form-action 'none'");
    expect(got.get('worker-src')).toBe('worker-src blob:');
    expect(sitePolicy().split('; ')).toHaveLength(got.size);
  });

  it('goes into index.html after its charset and before every script', () => {
    const html = withPolicy(index);
    const meta = html.indexOf('http-equiv="Content-Security-Policy"');
    expect(meta).toBeGreaterThan(html.indexOf('<meta charset'));
    expect(meta).toBeLessThan(html.indexOf('<script'));
    expect(html).toContain(`content="${sitePolicy()}"`);
  });

  it('hashes what the browser hashes: the exact text between the script tags', () => {
    // A known vector: SHA-256 of "alert(1)".
    expect(scriptHash('alert(1)')).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
  });
});

describe('the host headers', () => {
  it('are the ones the README tells a static host to add', () => {
    const block = /```http\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const lines = block.trim().split('\n');
    expect(lines.map((l) => l.toLowerCase())).toEqual(
      Object.entries(HOST_HEADERS).map(([name, value]) => `${name}: ${value}`.toLowerCase()),
    );
  });
});
