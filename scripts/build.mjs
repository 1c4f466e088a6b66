import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { inlineEntryStylesheet } from './inline-stylesheet.mjs';
import { sourceHash, stampFile } from './build-stamp.mjs';

// Builds the server (tsc -> dist/node), the web app (vite -> dist/web) and the web app's
// server-rendering entry (vite --ssr -> dist/ssr/entry-server.js, imported by the server).
// --if-stale: do nothing when the sources have not changed since the last build.

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (/** @type {string} */ name) => join(root, 'node_modules', '.bin', name);

/**
 * @param {string} command
 * @param {string[]} args
 */
function run(command, args) {
  // Always a production build, whatever NODE_ENV the caller has (a test runner sets "test"): a
  // development build's server rendering calls React's jsxDEV, which the server started with
  // NODE_ENV=production (deploy/toolhouse@.service) does not have.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

/**
 * Writes a .gz and a .br next to every compressible file of dist/web (at their best levels, once,
 * here), which @fastify/static serves as they are (preCompressed) to clients that accept them.
 * Skips files too small to gain and copies that would not be smaller.
 */
/** @param {string} folder */
function precompress(folder) {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      precompress(path);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const source = readFileSync(path);
    if (source.length < 1024) continue;
    const gzip = gzipSync(source, { level: 9 });
    if (gzip.length < source.length) writeFileSync(`${path}.gz`, gzip);
    const brotli = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    });
    if (brotli.length < source.length) writeFileSync(`${path}.br`, brotli);
  }
}

/** @param {{ ifStale: boolean }} options */
export function build({ ifStale }) {
  const hash = sourceHash(root);
  const stamp = stampFile(root);
  if (ifStale && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return;
  console.log('Building Toolhouse (server, web app and its server rendering)…');
  rmSync(join(root, 'dist'), { recursive: true, force: true });
  run(bin('tsc'), ['-p', 'tsconfig.build.json']);
  run(bin('vite'), ['build', '--logLevel', 'warn']);
  run(bin('vite'), ['build', '--ssr', '--logLevel', 'warn']);
  inlineEntryStylesheet(join(root, 'dist', 'web'));
  precompress(join(root, 'dist', 'web'));
  writeFileSync(stamp, hash);
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  build({ ifStale: process.argv.includes('--if-stale') });
