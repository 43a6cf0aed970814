import { postExecute, text, type Plugin } from '../harness';

/** The name the vague-errors plugin logs its decisions under. */
export const VAGUE_ERRORS = 'vague-errors';

/**
 * The other arm of the error-code experiment: every failed call's text, as the model reads it, becomes
 * "<tool> failed." with no code and no remedy, the way many harnesses answer. It replaces content only,
 * so the error itself (code, message, remedy) stays on the result: the log, the cards and the ledger keep
 * the truth, and each replacement is logged as this plugin's decision. It runs `post`, after every other
 * plugin has spoken.
 */
export function vagueErrors(): Plugin {
  return {
    name: VAGUE_ERRORS,
    contributions: [
      postExecute.of(
        ({ tool, result }) =>
          result.error ? { action: 'accept', content: text(`${tool} failed.`) } : { action: 'pass' },
        'post',
      ),
    ],
  };
}
