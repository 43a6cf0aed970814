// A tiny static server for the built site, used by Playwright's webServer and by the benchmarks.
// It serves dist/ under a sub-path (proving the relative base) and .test-dist/ under /test-pages/; and
// for the example tutorial page, examples/ under /examples/ and dist/ again under /dist/ (the example
// loads ../../dist/embed.js, as from a checkout of the repository). JSON files (and the 404 for a JSON
// file that is not there) are sent with `Access-Control-Allow-Origin: *`, as static hosts such as GitHub
// Pages send them, so a scenario file on one origin can be read by a playground on another; nothing else
// is, so a refused cross-origin read can be tested too.
//
//   node scripts/serve.mjs [--port 4173] [--host 127.0.0.1] [--headers]     (or PORT=… SERVE_HOST=…)
//
// Two instances on different ports (or hosts: 127.0.0.1 vs localhost) give two origins. `--headers`
// sends the security headers the README asks a static host to add (`HOST_HEADERS`).
import { createReadStream, promises as fs } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** The sub-path the app is served from. */
export const APP_PATH = '/some/path/';
/** The sub-path the test-only pages are served from. */
export const TEST_PAGES_PATH = '/test-pages/';

/**
 * The headers a static host should add to every response of the site (README, "Hosting"): the
 * `frame-ancestors` a <meta> policy cannot set (any page may embed the playground: that is what the embed
 * kit is for), and no guessing of content types.
 */
export const HOST_HEADERS = Object.freeze({
  'content-security-policy': 'frame-ancestors *',
  'x-content-type-options': 'nosniff',
});

/** URL prefix → folder it serves, and the command that builds that folder. */
const mounts = [
  { prefix: APP_PATH, root: join(repo, 'dist'), build: 'npm run build' },
  { prefix: TEST_PAGES_PATH, root: join(repo, '.test-dist'), build: 'npx vite build -c vite.test.config.ts' },
  { prefix: '/examples/', root: join(repo, 'examples'), build: 'git checkout -- examples' },
  { prefix: '/dist/', root: join(repo, 'dist'), build: 'npm run build' },
];

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The content type served for a file name; unknown kinds are sent as bytes. */
export function contentType(file) {
  return types[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

function send(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
  res.end(body);
}

/** Maps a decoded URL path under `mount` to a file inside its root, or null when it would leave it. */
function fileFor(mount, path) {
  const rest = path.slice(mount.prefix.length);
  if (rest.includes('\0')) return null;
  const file = resolve(mount.root, `.${sep}${rest}`);
  return file === mount.root || file.startsWith(mount.root + sep) ? file : null;
}

// Read by other origins: JSON files, and the answers for JSON files that are not there.
const cors = (path) =>
  extname(path).toLowerCase() === '.json' ? { 'access-control-allow-origin': '*' } : {};

async function serveFile(req, res, mount, path, extra) {
  let file = fileFor(mount, path);
  if (!file) return send(res, 404, 'Not found\n', cors(path));
  let stat = await fs.stat(file).catch(() => null);
  if (stat?.isDirectory()) {
    file = join(file, 'index.html');
    stat = await fs.stat(file).catch(() => null);
  }
  if (!stat?.isFile()) {
    const built = await fs.stat(mount.root).catch(() => null);
    const hint = built ? '' : ` (${mount.root} does not exist: run \`${mount.build}\`)`;
    return send(res, 404, `Not found${hint}\n`, cors(path));
  }
  res.writeHead(200, {
    'content-type': contentType(file),
    'content-length': stat.size,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...cors(file),
    ...extra,
  });
  if (req.method === 'HEAD') return res.end();
  createReadStream(file).pipe(res);
}

async function handle(req, res, extra) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Method not allowed\n');
  let path;
  try {
    path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  } catch {
    return send(res, 400, 'Bad request\n');
  }
  if (path === '/') return send(res, 302, '', { location: APP_PATH });
  const mount = mounts.find((m) => path.startsWith(m.prefix));
  if (mount) return serveFile(req, res, mount, path, extra);
  // The sub-path without its slash would resolve the relative asset URLs against the wrong folder.
  const bare = mounts.find((m) => path === m.prefix.slice(0, -1));
  if (bare) return send(res, 301, '', { location: bare.prefix });
  return send(res, 404, 'Not found\n');
}

/**
 * Starts a server; resolves with it once it listens. `port: 0` picks a free port. With `headers`, every
 * file is sent with `HOST_HEADERS`.
 */
export function serve({ port = 4173, host = '127.0.0.1', headers = false } = {}) {
  const extra = headers ? HOST_HEADERS : {};
  const server = createServer((req, res) => {
    handle(req, res, extra).catch((error) => {
      if (!res.headersSent) send(res, 500, `Internal error: ${error.message}\n`);
      else res.destroy(error);
    });
  });
  return new Promise((resolveServer, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolveServer(server));
  });
}

function option(name) {
  const i = process.argv.indexOf(`--${name}`);
  if (i !== -1) return process.argv[i + 1];
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

async function main() {
  const port = Number(option('port') ?? process.env.PORT ?? 4173);
  const host = option('host') ?? process.env.SERVE_HOST ?? '127.0.0.1';
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new RangeError(`Invalid port "${option('port') ?? process.env.PORT}": use 0–65535`);
  }
  const headers = process.argv.includes('--headers');
  const server = await serve({ port, host, headers });
  const { port: actual } = server.address();
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${actual}`;
  const sent = headers ? ', with the host headers' : '';
  console.log(`Serving dist/ at ${origin}${APP_PATH} and .test-dist/ at ${origin}${TEST_PAGES_PATH}${sent}`);
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(`serve: ${error.message}`);
    process.exit(1);
  });
}
