import type { Tool } from '../harness';
import type { FsBackend } from '../fs/types';
import { editTool, type EditSpec } from './edit';
import { globTool } from './glob';
import { grepTool } from './grep';
import { lsTool } from './ls';
import { readTool } from './read';
import { strReplaceEditorTool } from './str-replace-editor';
import { windowCaps } from './window';
import { writeTool } from './write';

/** Options of the file tools. */
export interface FileToolsSpec extends EditSpec {
  /** Most matches grep returns (default 50). */
  grepCap?: number;
  /** Most paths glob returns (default 100). */
  globCap?: number;
  /** Most entries ls returns (default 200). */
  lsCap?: number;
  /** Most lines one window of read or str_replace_editor view holds (default 2,000). */
  windowLines?: number;
  /** Most UTF-8 bytes of model text one such window holds, line numbers included (default 256 KiB). */
  windowBytes?: number;
}

/** The file tools over one backend, ready to register. They hold no permission code. */
export function fileTools(fs: FsBackend, spec: FileToolsSpec = {}): Tool[] {
  const caps = windowCaps({
    ...(spec.windowLines === undefined ? {} : { lines: spec.windowLines }),
    ...(spec.windowBytes === undefined ? {} : { bytes: spec.windowBytes }),
  });
  return [
    readTool(fs, caps),
    editTool(fs, spec),
    writeTool(fs),
    strReplaceEditorTool(fs, caps),
    lsTool(fs, spec.lsCap),
    globTool(fs, spec.globCap),
    grepTool(fs, spec.grepCap),
  ];
}
