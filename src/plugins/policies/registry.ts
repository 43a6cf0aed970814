// Every edit-safety policy, by id, in one place: the arena's columns and a run's choice of policy.
import { bytesIfUnchanged } from './bytes-if-unchanged';
import { dshLedger } from './dsh-ledger';
import { fuzzyWhitespace } from './fuzzy-whitespace';
import { hashLedger } from './hash-ledger';
import { noReadGate } from './no-read-gate';
import { promptOnly } from './prompt-only';
import { runtimeCheck } from './runtime-check';
import type { PolicySpec } from './types';
import { uniqueMatch } from './unique-match';
import { uniqueMatchWriteAny } from './unique-match-write-any';

/** The ids of the built-in policies, in the arena's column order. */
export const policyIds = [
  'dsh-ledger',
  'prompt-only',
  'runtime-check',
  'unique-match',
  'unique-match-write-any',
  'bytes-if-unchanged',
  'hash-ledger',
  'no-read-gate',
  'fuzzy-whitespace',
] as const;
export type PolicyId = (typeof policyIds)[number];

/** Each policy under its id; the compiler refuses a missing or an extra one. */
export const policies: { readonly [K in PolicyId]: PolicySpec } = {
  'dsh-ledger': dshLedger,
  'prompt-only': promptOnly,
  'runtime-check': runtimeCheck,
  'unique-match': uniqueMatch,
  'unique-match-write-any': uniqueMatchWriteAny,
  'bytes-if-unchanged': bytesIfUnchanged,
  'hash-ledger': hashLedger,
  'no-read-gate': noReadGate,
  'fuzzy-whitespace': fuzzyWhitespace,
};

for (const id of policyIds) {
  if (policies[id].id !== id)
    throw new Error(`Policy registered as "${id}" calls itself "${policies[id].id}"`);
}

/** The policy with `id`, or undefined for an id that names none. */
export function policyById(id: string): PolicySpec | undefined {
  return (policyIds as readonly string[]).includes(id) ? policies[id as PolicyId] : undefined;
}
