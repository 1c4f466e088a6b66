import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceHash, stampFile } from './build-stamp.mjs';

// Builds the server (tsc -> dist/node) and the web app (vite -> dist/web).
// --if-stale: do nothing when the sources have not changed since the last build.

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export function build({ ifStale }) {
  const hash = sourceHash(root);
  const stamp = stampFile(root);
  if (ifStale && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return;
  console.log('Building Toolhouse (server and web app)…');
  rmSync(join(root, 'dist'), { recursive: true, force: true });
  run(bin('tsc'), ['-p', 'tsconfig.build.json']);
  run(bin('vite'), ['build', '--logLevel', 'warn']);
  writeFileSync(stamp, hash);
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  build({ ifStale: process.argv.includes('--if-stale') });
