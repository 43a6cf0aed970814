import { describe, expect, it } from 'vitest';
import { starterPlugin } from '../../../src/model';
import { Sandbox } from '../../../src/sandbox';
import { compilePlugin } from '../../../src/sandbox/typescript';
import { fakeWorkers } from './fake-link';

// The lab's new-plugin text must work as it is, in both languages: it is the first thing a visitor runs.
describe('the starter plugin', () => {
  it('loads as JavaScript, and compiles as TypeScript to a module with the same hooks', async () => {
    const sandbox = await Sandbox.create({ graceMs: 200, link: fakeWorkers().open });
    try {
      const fromJs = await sandbox.load(starterPlugin('js'));
      expect(fromJs).toMatchObject({ ok: true, name: 'my-plugin', hooks: ['preExecute', 'postExecute'] });
      const compiled = await compilePlugin(starterPlugin('ts'));
      if (!compiled.ok) throw new Error(JSON.stringify(compiled.diagnostics));
      const fromTs = await sandbox.load(compiled.js);
      expect(fromTs).toMatchObject({ ok: true, name: 'my-plugin', hooks: ['preExecute', 'postExecute'] });
      const denied = await sandbox.call('preExecute', {
        session: 's',
        callId: 'c1',
        tool: 'write',
        args: { path: '/pnpm.lock', content: '' },
      });
      expect(denied).toMatchObject({ ok: true, value: { verdict: 'deny' } });
    } finally {
      sandbox.dispose();
    }
  });
});
