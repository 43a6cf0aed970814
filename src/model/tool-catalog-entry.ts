import type { z } from 'zod';
import type { ToolSet } from './scenario-names';

/** One tool a scenario can call: its set, whether its value can hold a table, its arguments' schema. */
export interface ToolCatalogEntry {
  /** `files` for the file tools every run has, else the tool set a scenario names in `tools`. */
  set: 'files' | ToolSet;
  /** Whether the tool's value can hold a table (`columns` and `rows`), which redaction plugins act on. */
  table: boolean;
  /** The tool's own schema of its arguments (the same JSON Schema as the model is given). */
  input: z.ZodType;
}

/** Every tool a scenario can call, by name. */
export type ToolCatalog = Readonly<Record<string, ToolCatalogEntry>>;
