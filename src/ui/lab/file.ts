// A plugin as a file: downloaded as .js or .ts, opened from one, with coded errors for files it refuses.
import type { Result } from '../../harness';
import { MAX_PLUGIN_SOURCE, type LabPlugin } from '../../model';
import { nameIn } from './slot';

/** The most bytes a plugin file may have (a plugin's source is at most 16,000 characters). */
export const MAX_PLUGIN_FILE_BYTES = MAX_PLUGIN_SOURCE * 4;

/** Why a file was not opened as a plugin. */
export interface FileRefusal {
  code: 'LAB_FILE_TOO_LARGE' | 'LAB_FILE_TYPE' | 'LAB_FILE_NOT_TEXT' | 'LAB_FILE_UNREADABLE';
  message: string;
}

/** The language a file name says, or null for a name that is neither JavaScript nor TypeScript. */
export function languageOf(name: string): LabPlugin['language'] | null {
  const ext = /\.([cm]?[jt]s)$/i.exec(name)?.[1]?.toLowerCase();
  if (!ext) return null;
  return ext.endsWith('ts') ? 'ts' : 'js';
}

/** A file name for a plugin: its name, made safe, and the extension of its language. */
export function fileNameOf(name: string | null, language: LabPlugin['language']): string {
  const safe = (name ?? 'plugin').replace(/[^\w.-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '') || 'plugin';
  return `${safe.slice(0, 60)}.${language}`;
}

/**
 * Reads a plugin from a file the visitor chose: a `.js` or `.ts` file (`.mjs`, `.cjs`, `.mts`, `.cts` too)
 * of UTF-8 text, at most MAX_PLUGIN_SOURCE characters. Never rejects.
 */
export async function readPluginFile(
  file: Pick<File, 'name' | 'size' | 'arrayBuffer'>,
): Promise<Result<{ source: string; language: LabPlugin['language'] }, FileRefusal>> {
  const refuse = (code: FileRefusal['code'], message: string) => ({
    ok: false as const,
    error: { code, message },
  });
  const language = languageOf(file.name);
  if (!language) return refuse('LAB_FILE_TYPE', `"${file.name}" is not a .js or .ts file`);
  if (file.size > MAX_PLUGIN_FILE_BYTES) {
    return refuse(
      'LAB_FILE_TOO_LARGE',
      `"${file.name}" has ${file.size} bytes; a plugin file may have at most ${MAX_PLUGIN_FILE_BYTES}`,
    );
  }
  let bytes: ArrayBuffer;
  try {
    bytes = await file.arrayBuffer();
  } catch (error) {
    return refuse('LAB_FILE_UNREADABLE', `"${file.name}" could not be read: ${String(error)}`);
  }
  let source: string;
  try {
    source = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return refuse('LAB_FILE_NOT_TEXT', `"${file.name}" is not UTF-8 text`);
  }
  if (source.includes('\u0000')) return refuse('LAB_FILE_NOT_TEXT', `"${file.name}" is not text`);
  source = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (source.length > MAX_PLUGIN_SOURCE) {
    return refuse(
      'LAB_FILE_TOO_LARGE',
      `"${file.name}" has ${source.length} characters; a plugin may have at most ${MAX_PLUGIN_SOURCE}`,
    );
  }
  return { ok: true, value: { source, language } };
}

/** Offers `source` for download as `name` (a text file the browser saves). */
export function downloadText(name: string, source: string, language: LabPlugin['language']): void {
  const type = language === 'ts' ? 'text/typescript' : 'text/javascript';
  const url = URL.createObjectURL(new Blob([source], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once it started.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads a plugin as a file named after it (`<name>.js` or `.ts`). */
export function downloadPlugin(plugin: LabPlugin): void {
  downloadText(fileNameOf(nameIn(plugin.source), plugin.language), plugin.source, plugin.language);
}
