// The declarations of the ES2022 library as text, for the TypeScript mode's compiler: about 470 kB, one
// chunk, loaded with `import()` on the first compile only.

/** Each library file's text, by its path under the project root (`/node_modules/typescript/lib/…`). */
export const libs: Record<string, string> = import.meta.glob<string>(
  [
    '/node_modules/typescript/lib/lib.es5.d.ts',
    '/node_modules/typescript/lib/lib.decorators*.d.ts',
    '/node_modules/typescript/lib/lib.es20{15,16,17,18,19,20,21,22}*.d.ts',
    '!**/*.full.d.ts',
  ],
  { query: '?raw', import: 'default', eager: true },
);
