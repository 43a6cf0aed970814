// The bridge's constants and size arithmetic, apart from the schemas so the worker bundle needs no zod.

/** The version every bridge message carries; a message of another version is ignored. */
export const PROTOCOL_VERSION = 1;

/** The global the loop probes call (loops.ts); the prelude defines it, fixed, before the visitor's module. */
export const PROBE = '__loopProbe';

/** The most UTF-8 bytes one message from the sandbox may have. A bigger one is refused unread. */
export const MAX_REPLY_BYTES = 256 * 1024;

/** The most UTF-8 bytes one message to the sandbox may have (inputs carry whole tool results). */
export const MAX_REQUEST_BYTES = 1024 * 1024;

/** The UTF-8 length of `text`, without encoding it when its length alone settles a cap. */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** Whether `text` fits in `cap` UTF-8 bytes (cheap for the huge ones: every code unit is ≥ 1 byte). */
export function fits(text: string, cap: number): boolean {
  return text.length <= cap && (text.length * 3 <= cap || utf8Bytes(text) <= cap);
}

/**
 * Every hook a guest module may export, in the order the lab lists them: the one declaration the prelude,
 * the bridge's schemas, the adapter (guest-hooks.ts), the plugin API's types and the lab's summary derive
 * from or are checked against.
 */
export const guestHooks = ['preExecute', 'postExecute', 'writeIntent', 'editIntent', 'observed'] as const;
export type GuestHook = (typeof guestHooks)[number];

/** The functions a guest's `tool` export may have. */
export const guestToolFunctions = [
  'execute',
  'render',
  'presentationMeta',
  'presentCall',
  'presentResult',
] as const;

/** The functions of a guest module the host may call: its hooks, then its tool's functions. */
export const guestFunctions = [
  ...guestHooks,
  ...guestToolFunctions.map((fn) => `tool.${fn}` as const),
] as const;
export type GuestFunction = GuestHook | `tool.${(typeof guestToolFunctions)[number]}`;
