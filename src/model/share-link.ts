import { z } from 'zod';
import { JsonValue, parseJson, type Result } from '../harness';
import { LabPlugins } from './lab';
import { ScenarioId, scenarioPolicyIds } from './scenario';

/** The version a share link starts with: `?s=<version>.<payload>`. */
export const SHARE_VERSION = 1;
/**
 * Longer `s` parameters are refused unread, and no longer link is made. A link made here is about a
 * hundred characters, or a few thousand when it carries plugin code or a small scenario of the
 * visitor's own (sources compress to about a third).
 */
export const MAX_SHARE_TOKEN = 32_768;
/** A payload that inflates beyond this is refused (a link cannot grow into megabytes). */
const MAX_JSON = 256_000;
/** A link's state is a few levels deep, and a scenario in it a few more; deeper JSON is refused unread. */
const MAX_DEPTH = 24;

/** A link that would be longer than `MAX_SHARE_TOKEN`: what it holds belongs at an address instead. */
export class ShareTooLong extends RangeError {
  override readonly name = 'ShareTooLong';
  readonly code = 'LINK_TOO_LONG';
  constructor(readonly length: number) {
    super(`the link would be ${length} characters long, over the limit of ${MAX_SHARE_TOKEN}`);
  }
}

/** The run speeds, by name; the UI maps each to a delay. */
export const SpeedName = z.enum(['slow', 'normal', 'fast', 'instant']);
export type SpeedName = z.infer<typeof SpeedName>;

/** What a share link carries: the scenario, the settings and how many script steps were taken. */
export const ShareState = z.strictObject({
  scenario: ScenarioId,
  lang: z.enum(['en', 'zh']),
  speed: SpeedName,
  /** Whether the observation policy is installed. */
  policy: z.boolean(),
  /** The policy the visitor chose in place of the scenario's own (More → Policy…), by id. */
  edits: z.enum(scenarioPolicyIds).optional(),
  /** Script steps taken (the run's `position`). */
  step: z.number().int().nonnegative().max(10_000),
  /** The plugin lab's plugins. Code from a link does not run until the visitor presses Run. */
  plugins: LabPlugins.optional(),
  /**
   * A scenario of the visitor's own, as its file (parsed with the scenario format when the link opens);
   * `scenario` is its id. A link is short: a larger scenario belongs at an address (`?scenario-url=`).
   */
  custom: JsonValue.optional(),
});
export type ShareState = z.infer<typeof ShareState>;

/** Why a link was not understood. */
export type LinkCode = 'LINK_CORRUPT' | 'LINK_VERSION';

/** A decoded link, or why it could not be decoded. */
export type Decoded = Result<ShareState, { code: LinkCode; message: string }>;

const corrupt = (message: string): Decoded => ({ ok: false, error: { code: 'LINK_CORRUPT', message } });

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream, limit: number) {
  const writer = stream.writable.getWriter();
  // The write and close settle only as the output is read, and reject when the input is damaged.
  void writer.write(bytes as Uint8Array<ArrayBuffer>).catch(() => undefined);
  void writer.close().catch(() => undefined);
  const reader = stream.readable.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      throw new RangeError(`more than ${limit} bytes`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** Encodes a state as a share token, `1.<base64url of the deflate-raw of its JSON>`. */
export async function encodeShare(state: ShareState): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(ShareState.parse(state)));
  const packed = await pipe(json, new CompressionStream('deflate-raw'), Infinity);
  const token = `${SHARE_VERSION}.${toBase64Url(packed)}`;
  if (token.length > MAX_SHARE_TOKEN) throw new ShareTooLong(token.length);
  return token;
}

/**
 * Decodes a share token. A token of another version is `LINK_VERSION`; anything else that fails
 * (base64, inflate, JSON, JSON nested deeper than a link's state ever is, the schema, an unknown
 * scenario id in its shape) is `LINK_CORRUPT`. Never throws.
 */
export async function decodeShare(token: string): Promise<Decoded> {
  if (token.length > MAX_SHARE_TOKEN) return corrupt(`the link is ${token.length} characters long`);
  const dot = token.indexOf('.');
  const version = dot < 0 ? '' : token.slice(0, dot);
  if (!/^\d+$/.test(version)) return corrupt('the link has no version');
  if (Number(version) !== SHARE_VERSION) {
    const message = `link version ${version}; this playground reads version ${SHARE_VERSION}`;
    return { ok: false, error: { code: 'LINK_VERSION', message } };
  }
  try {
    const packed = fromBase64Url(token.slice(dot + 1));
    if (!packed) return corrupt('the link is not base64url');
    const bytes = await pipe(packed, new DecompressionStream('deflate-raw'), MAX_JSON);
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    const json = parseJson(text, { maxBytes: MAX_JSON, maxDepth: MAX_DEPTH });
    if (!json.ok) return corrupt(`the link's JSON is refused (${json.error.code}: ${json.error.message})`);
    const state = ShareState.safeParse(json.value);
    if (!state.success)
      return corrupt(`the link holds ${state.error.issues[0]?.path.join('.') || 'a bad value'}`);
    return { ok: true, value: state.data };
  } catch {
    return corrupt('the link does not unpack');
  }
}

/** The share address: `base` with `?s=<token>` as its only parameter and no fragment. */
export function shareUrl(base: string, token: string): string {
  const url = new URL(base);
  url.search = '';
  url.hash = '';
  url.searchParams.set('s', token);
  return url.toString();
}
