import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** This checkout's root folder. */
export const root = join(fileURLToPath(import.meta.url), '..', '..');

/**
 * Where the checks keep what lets the next run skip unchanged work (tsc's incremental record):
 * node_modules/.cache, one folder per checkout, as node_modules may be shared by several
 * checkouts (a symlink).
 */
export function cacheDir() {
  const checkout = createHash('sha256').update(root).digest('hex').slice(0, 12);
  return join(root, 'node_modules', '.cache', 'toolhouse', checkout);
}
