// Runs before the app's modules (a classic script, ahead of the deferred module script). zod reads
// `globalThis.__zod_globalConfig` when it loads: told to be jitless, it never compiles schemas with
// `new Function`, nor probes whether it may. The site's Content-Security-Policy refuses eval, and the
// browser would report the refused probe as a violation even though zod catches it.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
