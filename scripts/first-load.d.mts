/** One JavaScript file of the first load: its path inside dist/, its size and its gzipped size. */
export interface LoadedFile {
  file: string;
  bytes: number;
  gzip: number;
}

/** The budget for the first load, in gzipped bytes. */
export declare const FIRST_LOAD_BUDGET: number;

/** The `src`/`href` of scripts (classic or module) and module preloads in an HTML page, in order. */
export declare function entryScripts(html: string): string[];

/** The specifiers a module imports statically. */
export declare function staticImports(code: string): string[];

/** Every JavaScript file the first page loads, and the gzipped total. */
export declare function firstLoad(
  dist?: string,
): Promise<{ files: LoadedFile[]; gzip: number; budget: number }>;

/** "80.6 kB" */
export declare function kB(bytes: number): string;
