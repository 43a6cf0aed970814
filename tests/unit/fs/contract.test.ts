import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, it } from 'vitest';
import { IdbBackend, MemoryBackend, connect } from '../../../src/fs';
import { fileToolsContract } from '../../contract/file-tools-contract';
import { fsContract } from '../../contract/fs-contract';

const memory = async () => new MemoryBackend();
const idb = async () => new IdbBackend({ useStore: connect('workspace', new IDBFactory()) });

describe('MemoryBackend', () => {
  for (const c of fsContract('memory', memory)) it(c.name, c.run);
  for (const c of fileToolsContract('memory', memory)) it(c.name, c.run);
});

describe('IdbBackend on fake-indexeddb', () => {
  for (const c of fsContract('idb', idb)) it(c.name, c.run);
  for (const c of fileToolsContract('idb', idb)) it(c.name, c.run);
});
