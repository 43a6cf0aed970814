import { keyFits, MODEL_LIMITS, ModelInfo, modelInfo, type ModelSettings } from '../model/model-settings';

/** The part of `Storage` the settings use (localStorage, sessionStorage, or a map in tests). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Where the settings keep the model's address (no key) and, when asked, the key for this tab. */
export interface ModelSettingsStorage {
  /** The provider, base URL and model, kept across visits (localStorage). Never the key. */
  prefs?: KeyValueStorage | null;
  /** The key, only while "remember in this tab" is ticked (sessionStorage). */
  tab?: KeyValueStorage | null;
}

/** The storage keys the settings use. */
export const MODEL_STORAGE_KEYS = {
  prefs: 'harness-playground:model',
  key: 'harness-playground:model-key',
} as const;

/** What the settings dialog opens with. */
export interface StoredModelSettings {
  /** The provider, base URL and model last used, or null. */
  info: ModelInfo | null;
  /** The key in memory (or remembered in this tab); empty when there is none. */
  key: string;
  remember: boolean;
}

// Storage can refuse to be read or written (disabled, full, a sandboxed frame): the settings then live
// in memory only, and nothing breaks.
function attempt<T>(work: () => T, fallback: T): T {
  try {
    return work();
  } catch {
    return fallback;
  }
}

/**
 * The visitor's model settings. The key is held in memory by this object; it is written to the `tab`
 * storage (sessionStorage) only while "remember in this tab" is ticked, and removed from it as soon as it
 * is not. The provider, base URL and model go to `prefs` (localStorage); the key never does. What is read
 * back from storage is parsed, and anything that does not parse is ignored.
 */
export class ModelSettingsStore {
  private key = '';
  private remember = false;

  constructor(private readonly storage: ModelSettingsStorage = {}) {
    const kept = attempt(() => storage.tab?.getItem(MODEL_STORAGE_KEYS.key) ?? null, null);
    if (kept !== null && keyFits(kept)) {
      this.key = kept;
      this.remember = true;
    }
  }

  /** The settings last used: the address from `prefs`, the key from memory. */
  get(): StoredModelSettings {
    const raw = attempt(() => this.storage.prefs?.getItem(MODEL_STORAGE_KEYS.prefs) ?? null, null);
    let info: ModelInfo | null = null;
    if (raw !== null && raw.length <= 4 * MODEL_LIMITS.baseUrl) {
      const parsed = ModelInfo.safeParse(attempt(() => JSON.parse(raw) as unknown, null));
      info = parsed.success ? parsed.data : null;
    }
    return { info, key: this.key, remember: this.remember };
  }

  /** Uses `settings` from now on: the key in memory, and in the tab's storage only if `remember`. */
  use(settings: ModelSettings, remember: boolean): void {
    this.key = settings.key;
    this.remember = remember;
    attempt(
      () => this.storage.prefs?.setItem(MODEL_STORAGE_KEYS.prefs, JSON.stringify(modelInfo(settings))),
      undefined,
    );
    attempt(() => {
      if (remember && settings.key) this.storage.tab?.setItem(MODEL_STORAGE_KEYS.key, settings.key);
      else this.storage.tab?.removeItem(MODEL_STORAGE_KEYS.key);
    }, undefined);
  }

  /** Forgets the key: from memory and from the tab's storage. The address stays. */
  forgetKey(): void {
    this.key = '';
    this.remember = false;
    attempt(() => this.storage.tab?.removeItem(MODEL_STORAGE_KEYS.key), undefined);
  }
}
