import { expect, test, type Page } from '@playwright/test';
import { testPage } from './env';
import type { Attack, AttackReport } from './pages/sandbox';

// Hostile plugins against the real sandbox (QuickJS in a classic Blob worker in a sandbox="allow-scripts"
// frame with a no-network CSP). For each: the coded error it must end with (or the harmless result when
// the API it reaches for does not exist in the guest), and around it the page's canary in IndexedDB,
// localStorage and cookies untouched, Object.prototype clean, the page's timer still ticking, and the
// sandbox healthy for the next plugin.

const named = (body: string) => `export const name = 'hostile';\n${body}`;
const observed = (body: string): Attack => ({
  source: named(`export function observed(input) {\n${body}\n}`),
  fn: 'observed',
  args: [{}],
});
const postInput = {
  session: 's1',
  callId: 'c1',
  tool: 'read',
  args: { path: '/a.txt' },
  result: { content: [{ type: 'text', text: 'phone 555-0100' }] },
  value: { phone: '555-0100' },
};
const post = (body: string): Attack => ({
  source: named(`export function postExecute(input) {\n${body}\n}`),
  fn: 'postExecute',
  args: [postInput],
});

type Check = (report: AttackReport) => void;

/** The call failed with `code` (and `reason`, and a message matching `message`). */
const fails =
  (code: string, reason?: string, message?: RegExp): Check =>
  (report) => {
    expect(report.load, JSON.stringify(report.load)).toMatchObject({ ok: true });
    const error = { code, ...(reason ? { reason } : {}) };
    expect(report.call, JSON.stringify(report.call)).toMatchObject({ ok: false, error });
    if (message) expect(report.call?.error?.message).toMatch(message);
  };

/** The load itself failed with `code`. */
const loadFails =
  (code: string, message?: RegExp): Check =>
  (report) => {
    expect(report.load, JSON.stringify(report.load)).toMatchObject({ ok: false, error: { code } });
    if (message) expect(report.load.error?.message).toMatch(message);
  };

/** The call succeeded with exactly `value`: the API it tried does not exist, or did nothing outside. */
const harmless =
  (value: unknown): Check =>
  (report) => {
    expect(report.load, JSON.stringify(report.load)).toMatchObject({ ok: true });
    expect(report.call, JSON.stringify(report.call)).toMatchObject({ ok: true });
    expect(report.call?.value).toEqual(value);
  };

const notDefined = (name: string) =>
  fails('PLUGIN_ERROR', 'thrown', new RegExp(`ReferenceError: '${name}' is not defined`));

const cases: [string, Attack, Check][] = [
  ['reaching IndexedDB', observed('return indexedDB.open("sandbox-canary");'), notDefined('indexedDB')],
  [
    'writing localStorage',
    observed('localStorage.setItem("sandbox-canary", "owned");'),
    notDefined('localStorage'),
  ],
  ['writing document.cookie', observed('document.cookie = "sandbox-canary=owned";'), notDefined('document')],
  ['fetch', observed('return fetch("/").then((r) => r.status);'), notDefined('fetch')],
  [
    'XMLHttpRequest',
    observed('const x = new XMLHttpRequest(); x.open("GET", "/"); x.send();'),
    notDefined('XMLHttpRequest'),
  ],
  ['WebSocket', observed('new WebSocket("ws://127.0.0.1:1/");'), notDefined('WebSocket')],
  ['importScripts', observed('importScripts("/test-pages/sandbox.html");'), notDefined('importScripts')],
  [
    'dynamic import()',
    observed('return import("/test-pages/sandbox.html").then((m) => Object.keys(m));'),
    fails('PLUGIN_ERROR', 'thrown', /could not load module/),
  ],
  [
    'a static import',
    {
      source: named('import page from "/some/path/index.html";\nexport function observed() { return page; }'),
    },
    loadFails('PLUGIN_ERROR', /could not load module/),
  ],
  ['new Worker', observed('new Worker("data:text/javascript,postMessage(1)");'), notDefined('Worker')],
  ['the parent window', observed('parent.postMessage("hi", "*");'), notDefined('parent')],
  ['the top window', observed('return top.location.href;'), notDefined('top')],
  [
    'postMessage from the global',
    observed('globalThis.postMessage("{}");'),
    fails('PLUGIN_ERROR', 'thrown', /TypeError: not a function/),
  ],
  [
    'the Function constructor chain',
    observed(
      'const g = (function () {}).constructor("return this")();\n' +
        'return ["fetch", "document", "indexedDB", "postMessage", "self"].filter((k) => k in g);',
    ),
    harmless([]),
  ],
  [
    'eval',
    observed('return eval("typeof fetch + typeof document + typeof this.parent");'),
    harmless('undefinedundefinedundefined'),
  ],
  [
    'prototype pollution through __proto__ in the returned JSON',
    post('return JSON.parse(\'{"action":"pass","__proto__":{"polluted":true}}\');'),
    harmless({ action: 'pass' }),
  ],
  [
    'prototype pollution through constructor.prototype keys',
    observed('return { constructor: { prototype: { polluted: true } }, toString: "x" };'),
    harmless({ constructor: { prototype: { polluted: true } }, toString: 'x' }),
  ],
  [
    'polluting its own Object.prototype',
    observed('Object.prototype.polluted = true; return ({}).polluted;'),
    harmless(true),
  ],
  [
    'while (true) {}',
    observed('let n = 0;\nwhile (true) {\n  n++;\n}'),
    (report) => {
      // Reported at the loop (line 4 of the module), not at the function's first line.
      fails('PLUGIN_TIMEOUT', 'deadline', /deadline of 250 ms and was stopped at line 4/)(report);
      expect(report.call?.error?.line).toBe(4);
    },
  ],
  [
    'while (true) in a try/catch',
    observed('for (;;) { try { while (true) {} } catch (e) {} }'),
    fails('PLUGIN_TIMEOUT', 'deadline'),
  ],
  [
    'a memory bomb: one huge allocation',
    observed('return new ArrayBuffer(1e9).byteLength;'),
    fails('PLUGIN_MEMORY', 'memory', /out of memory: the plugin's memory limit is 32 MB/),
  ],
  [
    'a memory bomb: ever more objects',
    observed('const a = []; for (;;) a.push({ n: a.length, s: "abc" + a.length });'),
    (report) => {
      // Whichever comes first: the 32 MB limit, or the deadline.
      expect(report.call?.ok).toBe(false);
      expect(['PLUGIN_MEMORY', 'PLUGIN_TIMEOUT']).toContain(report.call?.error?.code);
      expect(['memory', 'deadline']).toContain(report.call?.error?.reason);
    },
  ],
  [
    'a memory bomb of big arrays, met within the default deadline',
    // The default 250 ms: the deadline counts run time, so a loaded machine still reaches the limit
    // first (32 MB takes some 40 arrays; README "Limits are met where they are met").
    observed('const kept = [];\nfor (;;) kept.push(new Array(1e5).fill(0));'),
    (report) => {
      // Memory is measured at the deadline too, so a heap over its limit is named even when it passed
      // the limit between two of the (growing) gaps between measurements.
      fails('PLUGIN_MEMORY', 'memory', /over its memory limit of 32 MB, and was stopped at line 4/)(report);
      expect(report.call?.error?.line).toBe(4);
      expect(report.workersStarted).toBe(1);
    },
  ],
  [
    'a loop of slow steps',
    observed('for (;;) "x".repeat(1e5);'),
    (report) => {
      // The engine itself polls only every 10,000 steps: the probe stops it in the engine, in time.
      fails('PLUGIN_TIMEOUT', 'deadline', /deadline of 250 ms/)(report);
      expect(report.workersStarted).toBe(1);
    },
  ],
  [
    'a huge string',
    observed('return "x".repeat(2 ** 30).length;'),
    fails('PLUGIN_ERROR', 'thrown', /invalid string length/),
  ],
  [
    'deep recursion',
    observed('const down = (n) => down(n + 1) + 1;\nreturn down(0);'),
    fails('PLUGIN_ERROR', 'stack', /stack overflow/),
  ],
  [
    'a promise that never settles',
    observed('return new Promise(() => {});'),
    (report) => {
      fails('PLUGIN_TIMEOUT', 'deadline', /did not answer/)(report);
      expect(report.workersStarted).toBe(2);
    },
  ],
  [
    'a thenable that never calls back',
    observed('return { then() {} };'),
    fails('PLUGIN_TIMEOUT', 'deadline'),
  ],
  [
    'a stuck worker: no interrupt in the engine, only the host timer',
    { ...observed('while (true) {}'), spec: { deadlineMs: 100, graceMs: 1500, engineInterrupt: false } },
    (report) => {
      fails('PLUGIN_TIMEOUT', 'deadline', /worker was stopped/)(report);
      expect(report.workersStarted).toBe(2);
    },
  ],
  [
    'an infinite loop at the top level of the module',
    { source: named('while (true) {}\nexport function observed() {}') },
    loadFails('PLUGIN_TIMEOUT'),
  ],
  [
    'an oversized result',
    observed('return "x".repeat(300 * 1024);'),
    fails('PLUGIN_ERROR', 'oversized', /over the limit of 256 KB/),
  ],
  [
    'an oversized result made of many small strings',
    // A long deadline: what is tested is the size check, not the clock (building the array takes time).
    { ...observed('return new Array(30000).fill("item 12345");'), spec: { deadlineMs: 5000 } },
    fails('PLUGIN_ERROR', 'oversized'),
  ],
  [
    'a result nested deeper than the host can check',
    // Deeper than the host's 200 levels, within the 1,000 the guest's JSON.stringify writes out. QuickJS's
    // own JSON.stringify slows down with depth: a long deadline keeps the clock out of it.
    {
      ...observed('let v = [];\nfor (let i = 0; i < 500; i++) v = [v];\nreturn v;'),
      spec: { deadlineMs: 5000 },
    },
    fails('PLUGIN_DECISION_INVALID', 'not-json', /nests deeper than 200 levels/),
  ],
  [
    'a thrown non-Error',
    observed('throw 42;'),
    fails('PLUGIN_ERROR', 'thrown', /threw the value \(not an Error\): 42/),
  ],
  [
    'a thrown object whose getters loop or throw',
    observed('throw { get message() { for (;;) {} }, get stack() { throw new Error("stack"); }, code: 1 };'),
    fails('PLUGIN_ERROR', 'thrown', /not an Error/),
  ],
  [
    'throwing getters in the returned decision',
    post('return { get action() { throw new Error("gotcha"); } };'),
    fails('PLUGIN_DECISION_INVALID', 'not-json', /gotcha/),
  ],
  [
    'a Proxy decision whose traps throw',
    post(
      'return new Proxy({}, { ownKeys() { throw new Error("trap"); }, get() { throw new Error("trap"); } });',
    ),
    (report) => {
      expect(report.call?.ok).toBe(false);
      expect(report.call?.error?.message).toMatch(/trap/);
    },
  ],
  [
    'a decision with both content and value',
    post('return { action: "accept", content: [{ type: "text", text: "x" }], value: input.value };'),
    fails('PLUGIN_DECISION_INVALID', 'invalid', /replaces content or value, never both/),
  ],
  [
    'a decision that is not JSON: a function, NaN',
    post('return { action: "block", feedback: NaN, f() {} };'),
    fails('PLUGIN_DECISION_INVALID', 'not-json'),
  ],
  [
    'tampering with the built-ins the bridge uses',
    post(
      'JSON.stringify = () => \'{"action":"pass"}\'; JSON.parse = () => ({});\n' +
        'Promise.prototype.then = function () { return this; };\n' +
        'return { action: "block", feedback: "still blocked" };',
    ),
    harmless({ action: 'block', feedback: 'still blocked' }),
  ],
  [
    'SharedArrayBuffer and Atomics.wait',
    observed('const cell = new Int32Array(new SharedArrayBuffer(4));\nreturn Atomics.wait(cell, 0, 0);'),
    notDefined('Atomics'),
  ],
  [
    'setTimeout abuse',
    observed('for (let i = 0; i < 1e6; i++) setTimeout(() => {}, 0);'),
    notDefined('setTimeout'),
  ],
  [
    'the clock and randomness as side channels',
    observed('return [Date.now(), new Date().toISOString(), Math.random() === Math.random()];'),
    harmless([Date.UTC(2025, 0, 1), '2025-01-01T00:00:00.000Z', false]),
  ],
  [
    'a console flood',
    observed('const line = "x".repeat(1000);\nfor (let i = 0; i < 2000; i++) console.log(line);\nreturn 1;'),
    (report) => {
      harmless(1)(report);
      expect(report.call?.logs).toHaveLength(101);
      expect(report.call?.logs.at(-1)).toMatch(/more lines dropped/);
    },
  ],
  [
    'spoofed replies from another frame and from the page itself',
    {
      ...observed('let n = 0;\nfor (let i = 0; i < 3e5; i++) n += i % 7;\nreturn { real: n };'),
      // A long deadline: the call must still be running while the spoofed replies arrive.
      spec: { deadlineMs: 3000 },
      spoofFromOtherFrame: true,
    },
    (report) => {
      expect(report.call, JSON.stringify(report.call)).toMatchObject({
        ok: true,
        value: { real: expect.any(Number) },
      });
      expect(JSON.stringify(report.call)).not.toContain('spoofed');
    },
  ],
];

async function open(page: Page): Promise<void> {
  await page.goto(testPage('sandbox.html'));
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await page.evaluate(() => window.__lab!.ready);
}

// Each test starts a sandbox or two (a wasm compile each): on a busy machine that takes seconds.
test.describe.configure({ timeout: 120_000 });

test.describe('hostile plugins', () => {
  for (const [name, attack, check] of cases) {
    test(name, async ({ page }) => {
      await open(page);
      const report = await page.evaluate((a) => window.__lab!.attack(a as Attack), attack as unknown);
      test.info().annotations.push({ type: 'report', description: JSON.stringify(report).slice(0, 2000) });
      check(report);
      expect(report.canaryIntact, 'IndexedDB, localStorage and cookie canaries intact').toBe(true);
      expect(report.prototypeClean, "the page's Object.prototype untouched").toBe(true);
      expect(report.healthy, 'the sandbox runs the next plugin').toBe(true);
      // The page's 10 ms timer kept ticking while the attack ran and after it.
      if (report.elapsedMs >= 150) expect(report.ticksDuring).toBeGreaterThan(0);
      expect(report.ticksAfter).toBeGreaterThan(0);
    });
  }
});

test('a reply the sandbox frame sends for an id not in flight is ignored', async ({ page }) => {
  await open(page);
  await page.evaluate(() => window.__lab!.open());
  const frame = page.frames().find((f) => f.url() === 'about:srcdoc');
  expect(frame).toBeDefined();
  await frame!.evaluate(() => {
    const fake = {
      v: 1,
      id: 4242,
      kind: 'returned',
      value: 'spoofed',
      durationMs: 0,
      memoryBytes: 0,
      logs: [],
    };
    parent.postMessage(JSON.stringify(fake), '*');
  });
  const result = await page.evaluate(() =>
    window.__lab!.callOpen("export const name = 'real';\nexport function observed() { return 'real'; }"),
  );
  expect(result.call).toMatchObject({ ok: true, value: 'real' });
  expect(result.ignoredReplies).toBe(1);
});

test('the isolation layers hold on their own: opaque origin, no storage, no network', async ({ page }) => {
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await open(page);
  await page.evaluate(() => window.__lab!.open());
  const frame = page.frames().find((f) => f.url() === 'about:srcdoc')!;
  const inFrame = await frame.evaluate(async () => {
    const attempt = async (run: () => unknown) => {
      try {
        await run();
        return 'allowed';
      } catch (e) {
        return (e as Error).name;
      }
    };
    return {
      origin: origin,
      indexedDB: await attempt(() => indexedDB.open('x')),
      localStorage: await attempt(() => localStorage.length),
      cookie: await attempt(() => document.cookie),
      fetch: await attempt(() => fetch('/test-pages/sandbox.html')),
      parentDocument: await attempt(() => parent.document.title),
      csp: document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content'),
    };
  });
  expect(inFrame).toMatchObject({
    origin: 'null',
    indexedDB: 'SecurityError',
    localStorage: 'SecurityError',
    cookie: 'SecurityError',
    fetch: 'TypeError',
    parentDocument: 'SecurityError',
  });
  expect(inFrame.csp).toContain("connect-src 'none'");
  expect(workers.some((url) => url.startsWith('blob:null/'))).toBe(true);
  const worker = page.workers().find((w) => w.url().startsWith('blob:null/'));
  if (worker) {
    const inWorker = await worker.evaluate(() =>
      ['fetch', 'XMLHttpRequest', 'WebSocket', 'importScripts', 'indexedDB'].filter(
        (name) => typeof (self as unknown as Record<string, unknown>)[name] !== 'undefined',
      ),
    );
    expect(inWorker).toEqual([]);
  }
});

test('hook round trip through the sandbox: first call and warm median', async ({ page }) => {
  await open(page);
  const first = await page.evaluate(() => window.__lab!.roundTrip(100));
  const again = await page.evaluate(() => window.__lab!.roundTrip(100));
  console.log(
    `sandbox round trip: first call ${first.firstCallMs} ms (create ${first.createMs} ms, load ${first.loadMs} ms), ` +
      `warm median ${first.warmMedianMs} ms (p95 ${first.warmP95Ms} ms) over ${first.calls} calls; ` +
      `second sandbox in the page: first call ${again.firstCallMs} ms, warm median ${again.warmMedianMs} ms`,
  );
  expect(first.warmMedianMs).toBeGreaterThan(0);
});
