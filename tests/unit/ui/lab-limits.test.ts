// README "Writing a plugin in the lab": a plugin over the size the lab keeps is refused with a PLUGIN_
// code and a sentence, not a storage failure with a list of schema issues.
import 'fake-indexeddb/auto';
import { createStore, get } from 'idb-keyval';
import { describe, expect, it, vi } from 'vitest';
import { MAX_PLUGIN_SOURCE } from '../../../src/model';
import { KeptSaver, writeKept, type KeptLab } from '../../../src/ui/lab/kept';

const record = (source: string): KeptLab => ({
  version: 1,
  plugins: [{ source, language: 'js', order: 'default', enabled: true, appliedSource: null }],
  selected: 0,
  deadlineMs: 250,
  fromLink: false,
});

describe('a plugin longer than the lab keeps', () => {
  it('is refused with PLUGIN_TOO_LARGE and a sentence giving its size and the limit', async () => {
    const use = createStore('lab-limits-1', 'lab');
    const big = 'x'.repeat(MAX_PLUGIN_SOURCE + 1);
    await expect(writeKept(record(big), use)).rejects.toMatchObject({
      code: 'PLUGIN_TOO_LARGE',
      message:
        'Plugin 1 is 16,001 characters long, over the 16,000 the lab keeps: it is not saved in this browser until it is shorter.',
    });
    expect(await get('lab', use)).toBeUndefined();
  });

  it('the saver reports it with its code, not as STORAGE_SAVE_FAILED', async () => {
    const failed = vi.fn();
    const saver = new KeptSaver(
      () => record('y'.repeat(300_000)),
      failed,
      300,
      createStore('lab-limits-2', 'lab'),
    );
    await saver.read();
    saver.schedule(); // a change was made
    await saver.flush();
    expect(failed).toHaveBeenCalledWith(
      expect.stringContaining('300,000 characters long'),
      'PLUGIN_TOO_LARGE',
    );
  });
});
