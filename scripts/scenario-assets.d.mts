import type { Plugin } from 'vite';

/** The name of the schema file, at the site's root. */
export const SCHEMA_FILE: string;
/** The JSON Schema's text. */
export function schemaSource(): Promise<string>;
/** Every built-in scenario file, as the site serves it. */
export function builtInAssets(): Promise<{ fileName: string; source: string }[]>;
/** The built-in scenarios' titles and lessons by id, as each file writes them. */
export function builtInTexts(): Record<string, { title: unknown; teaches: unknown }>;
/** Builds the embed kit into `outDir/embed.js`. */
export function buildKit(outDir: string): Promise<void>;
/** The Vite plugin that writes the scenario files, their schema and the embed kit beside the app. */
export function scenarioAssets(): Plugin;
