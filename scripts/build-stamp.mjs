import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

// What the build is made from; when none of it changed, dist/ is up to date.
const INPUTS = [
  'src',
  'content',
  'package-lock.json',
  'vite.config.ts',
  'scripts/build.mjs',
  'tsconfig.base.json',
  'tsconfig.build.json',
  'tsconfig.json',
];
const SKIP = /\.test\.tsx?$|(^|\/)testing\//;

/**
 * @param {string} root
 * @param {string} path
 * @returns {Generator<string>}
 */
function* files(root, path) {
  const full = join(root, path);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const entry of readdirSync(full).sort()) yield* files(root, join(path, entry));
  } else if (!SKIP.test(path)) {
    yield path;
  }
}

/** @param {string} root */
export function sourceHash(root) {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(root, input))
      hash
        .update(relative(root, join(root, file)))
        .update('\0')
        .update(readFileSync(join(root, file)));
  }
  return hash.digest('hex');
}

export const stampFile = (/** @type {string} */ root) => join(root, 'dist', '.build-stamp');
