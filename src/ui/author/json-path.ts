/** One step of a JSON path: a key of an object, or an index of an array. */
type PathStep = string | number;

/** Reads a path as the scenario format writes it: `steps[2].args`, `files["/a.md"]`, `title.en`. */
export function parsePath(path: string): PathStep[] {
  const steps: PathStep[] = [];
  const re = /\.?([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(path)) !== null) {
    if (m[1] !== undefined) steps.push(m[1]);
    else if (m[2] !== undefined) steps.push(Number(m[2]));
    else if (m[3] !== undefined) steps.push(JSON.parse(m[3]) as string);
  }
  return steps;
}

/**
 * Where the value at `path` sits in JSON `text`, as offsets: the nearest part that exists (a missing key
 * points at its object). A member of an object is given with its key (`"wat": 1`), so a field the format
 * refuses is marked by its name. Reads the text with a small scanner of its own, so it works on text that does
 * not parse as a whole (then it points where it got to). Null when the text is not JSON enough to find
 * even the root.
 */
export function locate(text: string, path: string): { from: number; to: number } | null {
  const want = parsePath(path);
  let at = 0;
  const space = () => {
    while (at < text.length && /\s/.test(text[at]!)) at++;
  };
  // Skips one value from `at`, returning where it ended.
  const skip = (): number => {
    space();
    const c = text[at];
    if (c === '"') {
      at++;
      while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
      return ++at;
    }
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      at++;
      for (;;) {
        space();
        if (at >= text.length) return at;
        if (text[at] === close) return ++at;
        if (text[at] === ',' || text[at] === ':') at++;
        else skip();
      }
    }
    while (at < text.length && !/[\s,}\]]/.test(text[at]!)) at++;
    return at;
  };
  space();
  if (at >= text.length) return null;
  let from = at;
  /** Where the key of the member last found starts, when the last step found was a key. */
  let keyAt = -1;
  for (const step of want) {
    space();
    const open = text[at];
    if (typeof step === 'number' && open === '[') {
      at++;
      for (let i = 0; i < step; i++) {
        skip();
        space();
        if (text[at] !== ',') {
          at = from;
          return { from: keyAt >= 0 ? keyAt : from, to: skip() };
        }
        at++;
      }
      keyAt = -1;
    } else if (typeof step === 'string' && open === '{') {
      at++;
      let found = false;
      for (;;) {
        space();
        if (text[at] !== '"') break;
        const keyStart = at;
        skip();
        let key: string;
        try {
          key = JSON.parse(text.slice(keyStart, at)) as string;
        } catch {
          return { from: keyStart, to: Math.max(at, keyStart + 1) };
        }
        space();
        if (text[at] === ':') at++;
        if (key === step) {
          found = true;
          keyAt = keyStart;
          break;
        }
        skip();
        space();
        if (text[at] !== ',') break;
        at++;
      }
      if (!found) {
        at = from;
        return { from: keyAt >= 0 ? keyAt : from, to: skip() };
      }
    } else break;
    space();
    from = at;
  }
  at = from;
  const to = skip();
  const start = keyAt >= 0 ? keyAt : from;
  return { from: start, to: Math.max(to, start + 1) };
}
