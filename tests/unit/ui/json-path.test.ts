import { describe, expect, it } from 'vitest';
import { locate, parsePath } from '../../../src/ui/author/json-path';

const text = `{
  "id": "x",
  "files": { "/a.md": "hello", "/b.md": "bye" },
  "steps": [
    { "say": "one" },
    { "call": "read", "args": { "path": "/a.md" } },
    { "call": "edit", "args": 3 }
  ]
}`;
const at = (path: string) => {
  const found = locate(text, path);
  return found ? text.slice(found.from, found.to) : null;
};

describe('json path', () => {
  it('reads the paths the scenario format names', () => {
    expect(parsePath('steps[2].args')).toEqual(['steps', 2, 'args']);
    expect(parsePath('files["/a.md"]')).toEqual(['files', '/a.md']);
    expect(parsePath('')).toEqual([]);
  });

  it('finds the value at a path, with its key when it is a member of an object', () => {
    expect(at('steps[2].args')).toBe('"args": 3');
    expect(at('steps[1].args')).toBe('"args": { "path": "/a.md" }');
    expect(at('files["/b.md"]')).toBe('"/b.md": "bye"');
    expect(at('id')).toBe('"id": "x"');
    expect(at('steps[1]')).toBe('{ "call": "read", "args": { "path": "/a.md" } }');
    expect(at('')).toBe(text);
  });

  it('points at the nearest part there is when the path goes further', () => {
    expect(at('steps[2].args.path')).toBe('"args": 3');
    expect(at('title')).toBe(text);
    expect(at('steps[9]')?.startsWith('"steps": [\n    { "say": "one" }')).toBe(true);
  });

  it('never throws on text that is not JSON', () => {
    expect(locate('', 'a')).toBeNull();
    expect(() => locate('{"a": [1, {"b', 'a[1].b')).not.toThrow();
    expect(() => locate('{"\\u12', 'x')).not.toThrow();
  });
});
