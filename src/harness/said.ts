/**
 * Words a built-in tool says to people, in both languages (its lessons are bilingual). `en` is also what
 * the model and the log read.
 */
export interface Said {
  en: string;
  zh: string;
}

/**
 * An error a built-in tool throws with its message in both languages: `message` is the English, which
 * the model reads; the interface shows `zh` to a person reading Chinese (a card's fallback reason).
 */
export class SaidError extends Error {
  readonly zh: string;
  constructor(said: Said) {
    super(said.en);
    this.name = 'SaidError';
    this.zh = said.zh;
  }
}

/** The Chinese of what was thrown, when it was said in both languages; else `undefined`. */
export function zhOfThrown(thrown: unknown): string | undefined {
  try {
    return thrown instanceof SaidError && typeof thrown.zh === 'string' ? thrown.zh : undefined;
  } catch {
    // A revoked proxy throws even on `instanceof`.
    return undefined;
  }
}
