import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// npm run dev: the API under tsx watch (restarts on server changes) and Vite with hot reload on
// PORT (3000), proxying /api and /images to the API.

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (/** @type {string} */ name) => join(root, 'node_modules', '.bin', name);

/** @returns {Promise<number>} */
const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });

const apiPort = await freePort();
const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: String(apiPort), HOST: '127.0.0.1' },
  }),
  spawn(bin('vite'), ['--port', process.env.PORT ?? '3000', '--strictPort'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DEV_API_TARGET: `http://127.0.0.1:${apiPort}` },
  }),
];

let stopping = false;
const stop = (/** @type {number} */ code) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  void Promise.all(
    children.map(
      (c) =>
        new Promise((/** @type {(value?: unknown) => void} */ r) =>
          c.exitCode !== null ? r() : c.on('exit', r),
        ),
    ),
  ).then(() => process.exit(code));
};
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
