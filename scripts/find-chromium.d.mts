/** A browser found by `findChromium`, and where the path came from. */
export interface FoundChromium {
  path: string;
  source: 'CHROMIUM_PATH' | 'CHROME_PATH' | 'system' | 'playwright';
}

/** Environment variables that name a browser, in the order they are read. */
export declare const ENV_VARS: readonly string[];
/** System locations tried after the environment variables. */
export declare const SYSTEM_PATHS: readonly string[];
/** The flags every headless Chromium of this project starts with (Playwright and the benchmarks). */
export declare const CHROMIUM_ARGS: readonly string[];
/** How to get a browser when none is found. */
export declare const HOW_TO_GET_ONE: string;

/**
 * Finds a Chromium: `CHROMIUM_PATH` or `CHROME_PATH`, then the usual system paths, then Playwright's own
 * download. `null` when there is none; throws when a variable names a missing file.
 */
export declare function findChromium(env?: NodeJS.ProcessEnv): FoundChromium | null;
