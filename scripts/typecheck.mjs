import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { cacheDir, root } from './cache-dir.mjs';

// npm run typecheck: the four TypeScript projects (server and shared, web, e2e, scripts), each
// incremental (tsc's own record of what it checked, kept in node_modules/.cache per checkout:
// an unchanged file whose dependencies' types did not change is not checked again), as many at
// once as the machine has cores. Exit code 1 when any project has an error.

const PROJECTS = [
  'tsconfig.json',
  'src/web/tsconfig.json',
  'e2e/tsconfig.json',
  'scripts/tsconfig.json',
];

/** @param {string} project */
function check(project) {
  const info = join(cacheDir(), `tsc-${project.replaceAll('/', '-')}.tsbuildinfo`);
  const args = ['-p', project, '--noEmit', '--incremental', '--tsBuildInfoFile', info];
  const child = spawn(join(root, 'node_modules', '.bin', 'tsc'), args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  /** @type {Buffer[]} */
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const text = Buffer.concat(output).toString();
      if (text) process.stdout.write(`tsc -p ${project}\n${text}`);
      resolve(code === 0);
    });
  });
}

mkdirSync(cacheDir(), { recursive: true });
const queue = [...PROJECTS];
const lanes = Array.from({ length: Math.min(availableParallelism(), queue.length) }, async () => {
  let ok = true;
  for (let project = queue.shift(); project; project = queue.shift())
    ok = (await check(project)) && ok;
  return ok;
});
process.exitCode = (await Promise.all(lanes)).every(Boolean) ? 0 : 1;
