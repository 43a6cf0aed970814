import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

const kindOf = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'an array'
      : value === undefined
        ? 'nothing'
        : `a ${typeof value}`;

const article = (expected: string) =>
  expected === 'record' || expected === 'object'
    ? 'an object'
    : expected === 'array'
      ? 'an array'
      : /^[aeiou]/.test(expected)
        ? `an ${expected}`
        : `a ${expected}`;

const listed = (values: readonly unknown[]) => {
  const texts = values.map((v) => JSON.stringify(v));
  return texts.length > 1 ? `${texts.slice(0, -1).join(', ')} or ${texts.at(-1)}` : (texts[0] ?? '');
};

/** `result.content[0].text`; `the decision` for the value itself. */
function field(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'the decision';
  const text = path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i ? '.' : ''}${String(key)}`))
    .join('');
  return `field "${text}"`;
}

// How far a branch of a union is from what was given: a wrong literal (the discriminator: the branch
// was not meant) costs most, a wrong kind of value less, an unknown or missing key least.
function distance(issues: readonly Issue[]): number {
  let sum = 0;
  for (const issue of issues) {
    if (issue.code === 'invalid_value') sum += issue.path.length <= 1 ? 100 : 2;
    else if (issue.code === 'unrecognized_keys') sum += 3 * issue.keys.length;
    else if (issue.code === 'invalid_type') sum += issue.input === undefined ? 1 : 2;
    else sum += 2;
  }
  return sum;
}

/** The schema found at `path` inside `schema`, through objects, arrays, optionals and pipes. */
function schemaAt(
  schema: z.core.$ZodType | undefined,
  path: readonly PropertyKey[],
): z.core.$ZodType | undefined {
  let at = schema;
  for (const key of path) {
    while (at && ['optional', 'nullable', 'default', 'pipe'].includes(at._zod.def.type)) {
      const def = at._zod.def as { innerType?: z.core.$ZodType; out?: z.core.$ZodType };
      at = def.innerType ?? def.out;
    }
    const def = at?._zod.def as {
      type?: string;
      shape?: Record<string, z.core.$ZodType>;
      element?: z.core.$ZodType;
    };
    if (def?.type === 'union') {
      // The first kind that has the key: enough to find a nested union's tags.
      const options = (at!._zod.def as unknown as { options: z.core.$ZodType[] }).options;
      at = options.map((o) => schemaAt(o, [key])).find(Boolean);
    } else
      at =
        def?.type === 'object' ? def.shape?.[String(key)] : def?.type === 'array' ? def.element : undefined;
  }
  return at;
}

/** The tags a discriminated union at `path` knows for `key`. */
function tags(root: z.core.$ZodType | undefined, path: readonly PropertyKey[], key: string): unknown[] {
  let union = schemaAt(root, path);
  while (union && ['optional', 'nullable', 'pipe'].includes(union._zod.def.type)) {
    const def = union._zod.def as { innerType?: z.core.$ZodType; out?: z.core.$ZodType };
    union = def.innerType ?? def.out;
  }
  const values = union?._zod.propValues?.[key];
  return values ? [...values] : [];
}

function explain(issue: Issue, base: readonly PropertyKey[], root?: z.core.$ZodType): string {
  const path = [...base, ...issue.path];
  switch (issue.code) {
    case 'invalid_union': {
      const discriminator = (issue as { discriminator?: string }).discriminator;
      if (issue.errors.length === 0 && discriminator !== undefined) {
        // A discriminated union whose tag matched no kind: say which kinds there are.
        const known = tags(root, path.slice(0, -1), discriminator);
        const given = (issue.input as Record<string, unknown> | undefined)?.[discriminator];
        const not = given === undefined ? ', and it is missing' : `, not ${JSON.stringify(given)}`;
        return `${field(path)}: expected ${known.length ? listed(known) : 'a known kind'}${not}`;
      }
      const scored = issue.errors.map((issues) => ({ issues, d: distance(issues) }));
      const best = Math.min(...scored.map((s) => s.d));
      const closest = scored.filter((s) => s.d === best);
      // Every branch missed on its tag: say which tags there are.
      if (best >= 100) {
        const tags = issue.errors.flatMap((issues) =>
          issues.flatMap((i) => (i.code === 'invalid_value' ? i.values : [])),
        );
        const tag = issue.errors[0]?.find((i) => i.code === 'invalid_value')?.path ?? [];
        const given = (issue.input as Record<PropertyKey, unknown> | undefined)?.[tag[0] ?? ''];
        return `${field([...path, ...tag])}: expected ${listed([...new Set(tags)])}, not ${given === undefined ? 'nothing' : JSON.stringify(given)}`;
      }
      const first = closest[0]?.issues[0];
      return first ? explain(first, path, root) : `${field(path)}: ${issue.message}`;
    }
    case 'unrecognized_keys':
      return `${field([...path, issue.keys[0]!])}: not a field here`;
    case 'invalid_type':
      if (issue.input === undefined)
        return `${field(path)} is missing: expected ${issue.expected === 'nonoptional' ? 'a value' : article(issue.expected)}`;
      return `${field(path)}: expected ${article(issue.expected)}, not ${kindOf(issue.input)}`;
    case 'invalid_value':
      return `${field(path)}: expected ${listed(issue.values)}${
        issue.input === undefined ? '' : `, not ${JSON.stringify(issue.input)}`
      }`;
    case 'too_big':
      return `${field(path)}: too long, at most ${issue.maximum}`;
    case 'too_small':
      return `${field(path)}: too short, at least ${issue.minimum}`;
    case 'invalid_format':
      return `${field(path)}: expected ${issue.format}`;
    default:
      return path.length ? `${field(path)}: ${issue.message}` : issue.message;
  }
}

/**
 * Why a decision (or any value a plugin returned) failed its schema, in words: the field, and what was
 * expected there instead of what was given. A union is explained against the branch the value comes
 * closest to; a tag that fits no kind of a discriminated union is told the kinds there are (from `schema`,
 * the one that was parsed). Parse with `{ reportInput: true }` so that it can say what was given. At most
 * `max` issues.
 */
export function explainIssues(error: z.ZodError, schema?: z.ZodType, max = 3): string {
  return error.issues
    .slice(0, max)
    .map((issue) => explain(issue, [], schema))
    .join('; ');
}
