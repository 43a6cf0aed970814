import type { Tool } from '../harness';
import type { FsBackend } from '../fs/types';
import { editTool, type EditSpec } from './edit';
import { globTool } from './glob';
import { grepTool } from './grep';
import { lsTool } from './ls';
import { readTool } from './read';
import { strReplaceEditorTool } from './str-replace-editor';
import { writeTool } from './write';

/** Options of the file tools. */
export interface FileToolsSpec extends EditSpec {
  /** Most matches grep returns (default 50). */
  grepCap?: number;
  /** Most paths glob returns (default 100). */
  globCap?: number;
  /** Most entries ls returns (default 200). */
  lsCap?: number;
}

/** The file tools over one backend, ready to register. They hold no permission code. */
export function fileTools(fs: FsBackend, spec: FileToolsSpec = {}): Tool[] {
  return [
    readTool(fs),
    editTool(fs, spec),
    writeTool(fs),
    strReplaceEditorTool(fs),
    lsTool(fs, spec.lsCap),
    globTool(fs, spec.globCap),
    grepTool(fs, spec.grepCap),
  ];
}
