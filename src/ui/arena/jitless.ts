// Imported first by the arena's worker: zod reads this when it loads, and then never compiles schemas
// with `new Function` (the site's Content-Security-Policy, which a blob worker inherits, refuses eval).
// The page gets the same from public/zod-jitless.js.
const host = globalThis as { __zod_globalConfig?: Record<string, unknown> };
host.__zod_globalConfig = { ...host.__zod_globalConfig, jitless: true };
