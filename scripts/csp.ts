// The site's Content-Security-Policy, shipped as a <meta> tag in the built index.html. It is made at build
// time because it allows the sandbox's inline scripts by their hashes: a sandbox frame is a `srcdoc`
// document, which inherits the page's policy, so its scripts run only if the page's policy names them.
// The dev server gets no policy: it injects styles and scripts of its own.
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { SANDBOX_SCRIPTS } from '../src/sandbox/frame.ts';

/** The CSP source that allows one inline script: `'sha256-<base64 of its SHA-256>'`. */
export function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/**
 * The site's policy: its own files only; no inline script but the sandbox's (by hash), and no eval
 * (zod is told not to try it: src/jitless.ts); inline styles (the editor's); WebAssembly for
 * QuickJS and sql.js; `blob:` workers for the sandbox; no frames but the sandbox's `srcdoc` ones (and
 * so no navigating them anywhere); fetches to the site, to https origins and to local http servers only
 * (the sandbox's frames allow none); no plugins, no <base>, no form posts.
 * `frame-ancestors` cannot be set by a <meta> tag: the host's header sets it (README).
 */
export function sitePolicy(): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'wasm-unsafe-eval' ${SANDBOX_SCRIPTS.map(scriptHash).join(' ')}`,
    // The code editor (CodeMirror) writes its styles into a <style> element and style attributes at run
    // time, which only a nonce or 'unsafe-inline' allows, and a static site has no nonce. Styles run no code.
    "style-src 'self' 'unsafe-inline'",
    // The favicon is `data:,` (none), so the browser asks the server for no /favicon.ico.
    "img-src 'self' data:",
    'worker-src blob:',
    "frame-src 'none'",
    // The page itself fetches scenario files from their authors' sites (`?scenario-url=`) and talks to a
    // model the visitor connects, local (Ollama, LM Studio) or remote: any https origin, and local http.
    // The sandbox's frames keep their own policy on top of this one, which allows no connection at all.
    "connect-src 'self' https: http://localhost:* http://127.0.0.1:*",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** `html` with the policy's <meta> tag right after its charset, so before any script or style. */
export function withPolicy(html: string, policy = sitePolicy()): string {
  const charset = /<meta charset="utf-8" \/>/i;
  if (!charset.test(html))
    throw new Error('index.html has no <meta charset="utf-8" /> to put the policy after');
  // The policy holds single quotes only: it sits in a double-quoted attribute as it is.
  if (policy.includes('"')) throw new Error(`a policy with a double quote: ${policy}`);
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}" />`;
  return html.replace(charset, (tag) => `${tag}\n    ${meta}`);
}

/** The Vite plugin that puts the policy in the built index.html, before any script. */
export function cspPlugin(): Plugin {
  return {
    name: 'harness-playground:csp',
    apply: 'build',
    transformIndexHtml: (html) => withPolicy(html),
  };
}
