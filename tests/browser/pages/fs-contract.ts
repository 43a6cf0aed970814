// Runs every case of the backend contract and of the file tools' contract against the real IndexedDB of
// the browser (a new database per case) and against the in-memory backend, then the claims cases with two tabs' connections to one
// database, and publishes one result per case for fs-idb.spec.ts.
import { IdbBackend, MemoryBackend, connect } from '../../../src/fs';
import { claimsCases, type MakeTabs } from '../../contract/claims-contract';
import { fileToolsContract } from '../../contract/file-tools-contract';
import { fsContract, type MakeBackend } from '../../contract/fs-contract';

/** One contract case as it ran here. */
export interface ContractResult {
  name: string;
  ok: boolean;
  error?: string;
}

declare global {
  interface Window {
    /** Every case's outcome, in order; set once all have run. */
    __results?: ContractResult[];
    /** Set instead when the page itself failed. */
    __failure?: string;
  }
}

const run = Date.now().toString(36);
let databases = 0;

// A fresh database per case, with a cross-tab channel as the app opens it.
const idb: MakeBackend = async () => {
  const name = `contract-${run}-${++databases}`;
  return new IdbBackend({ useStore: connect(name, indexedDB), channel: new BroadcastChannel(`fs:${name}`) });
};
const memory: MakeBackend = async () => new MemoryBackend();
// A fresh database per case, which each of the case's tabs opens a connection of its own to.
const tabs: MakeTabs = async () => {
  const name = `claims-${run}-${++databases}`;
  return () => connect(name, indexedDB);
};
const claims = claimsCases.map((c) => ({ name: `two tabs: ${c.name}`, run: () => c.run(tabs) }));

async function runAll(): Promise<ContractResult[]> {
  const results: ContractResult[] = [];
  const cases = [
    ...fsContract('IdbBackend', idb),
    ...fileToolsContract('IdbBackend', idb),
    ...fsContract('MemoryBackend', memory),
    ...fileToolsContract('MemoryBackend', memory),
    ...claims,
  ];
  for (const c of cases) {
    try {
      await c.run();
      results.push({ name: c.name, ok: true });
    } catch (error) {
      results.push({
        name: c.name,
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return results;
}

const out = document.querySelector('#result');
runAll().then(
  (results) => {
    window.__results = results;
    if (out) out.textContent = results.map((r) => `${r.ok ? 'pass' : 'FAIL'} ${r.name}`).join('\n');
    document.body.dataset.done = 'true';
  },
  (error: unknown) => {
    window.__failure = error instanceof Error ? (error.stack ?? error.message) : String(error);
    document.body.dataset.done = 'true';
  },
);
