import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, importsOf, type ImportGraph } from '../fixtures/import-graph';

const root = resolve(__dirname, '../..');
const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

describe('import cycles', () => {
  it('src has none, type-only imports included', () => {
    const graph = importGraph(resolve(root, 'src'), root);
    expect(graph.size).toBeGreaterThan(100);
    expect(importCycles(graph)).toEqual([]);
  });

  it('names a cycle as a loop to follow, however it is entered', () => {
    const graph = graphOf({
      'a.ts': ['b.ts'],
      'b.ts': ['c.ts', 'd.ts'],
      'c.ts': ['a.ts'],
      'd.ts': [],
      'e.ts': ['e.ts'],
    });
    expect(importCycles(graph).sort()).toEqual(['a.ts → b.ts → c.ts → a.ts', 'e.ts → e.ts']);
  });

  it('names the other modules of a knot of loops beside the loop it follows', () => {
    const graph = graphOf({ 'a.ts': ['b.ts'], 'b.ts': ['a.ts', 'c.ts'], 'c.ts': ['b.ts'] });
    expect(importCycles(graph)).toEqual(['a.ts → b.ts → a.ts (with c.ts)']);
  });

  it('finds no cycle where imports only go one way', () => {
    expect(importCycles(graphOf({ 'a.ts': ['b.ts', 'c.ts'], 'b.ts': ['c.ts'], 'c.ts': [] }))).toEqual([]);
  });

  it('reads type imports and re-exports, and no import inside a string, a comment or import()', () => {
    const text = [
      "import type { A } from './a';",
      "import { type B, c } from '../b';",
      "export * from './d';",
      "export type { E } from './e';",
      "import 'zod';",
      "// import { f } from './f';",
      "const source = `import { g } from './g';`;",
      "const later = () => import('./h');",
    ].join('\n');
    expect(importsOf('x.ts', text)).toEqual(['./a', '../b', './d', './e']);
  });
});
