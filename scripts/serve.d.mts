import type { Server } from 'node:http';

/** The sub-path the app is served from. */
export const APP_PATH: string;
/** The sub-path the test-only pages are served from. */
export const TEST_PAGES_PATH: string;
/** The headers a static host should add to every response of the site. */
export const HOST_HEADERS: Readonly<Record<string, string>>;
/** The content type served for a file name. */
export function contentType(file: string): string;
/** Starts a server; resolves with it once it listens. */
export function serve(options?: { port?: number; host?: string; headers?: boolean }): Promise<Server>;
