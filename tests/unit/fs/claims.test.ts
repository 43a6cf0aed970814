// The claims cases (tests/contract/claims-contract.ts) on fake-indexeddb; fs-idb.spec.ts runs them on
// Chromium's IndexedDB.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, it } from 'vitest';
import { connect } from '../../../src/fs';
import { claimsCases, type MakeTabs } from '../../contract/claims-contract';

// Every case gets a factory of its own, so every database starts empty.
const tabs: MakeTabs = async () => {
  const factory = new IDBFactory();
  return () => connect('claims', factory);
};

describe('a mutation of a file the tab knows', () => {
  for (const c of claimsCases) it(c.name, () => c.run(tabs));
});
