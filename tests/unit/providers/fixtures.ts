import type { Where } from '../../../src/providers';
import type { ModelRequest } from '../../../src/providers';

/** A key that is easy to find wherever it must not be. */
export const KEY = 'sk-planted-KEY-4f9c2a77e1';

export const where = (more: Partial<Where> = {}): Where => ({
  provider: 'openai',
  baseUrl: 'http://localhost:11434/v1',
  endpoint: 'http://localhost:11434/v1/chat/completions',
  origin: 'https://teacher.example',
  key: KEY,
  ...more,
});

/** A request with a whole exchange in it: the task, a call, its answer. */
export const request = (): ModelRequest => ({
  system: 'Be careful.',
  tools: [
    {
      name: 'read',
      description: 'Reads a file.',
      inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
    },
  ],
  turns: [
    { role: 'user', text: 'Turn debug on.' },
    { role: 'assistant', text: 'Reading.', calls: [{ id: 'c1', name: 'read', argsText: '{"path":"/a"}' }] },
    {
      role: 'tools',
      answers: [{ callId: 'c1', name: 'read', text: 'Error FS_NOT_FOUND: no /a', isError: true }],
    },
  ],
});

/** `data:` events of JSON values, as a stream of Chat Completions chunks is read. */
export const chunks = (...values: unknown[]) =>
  values.map((v) => ({ event: 'message', data: typeof v === 'string' ? v : JSON.stringify(v) }));
