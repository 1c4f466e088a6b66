import type { DataRoot } from '../../shared/page-rendering.ts';
import type { DataVersionCheck, DataVersions, Eventually } from '../db/data-version-check.ts';

/**
 * Which part of the shared version check fingerprints each data root; null for data that never
 * changes while the process runs (the public config comes from the environment). Every root must
 * be here: a new one does not compile until it says what versions it.
 */
const VERSION_OF: Readonly<Record<DataRoot, keyof DataVersions | null>> = {
  products: 'products',
  reviews: 'reviews',
  'public-config': null,
  categories: 'categories',
};

/**
 * The cache key part for the data a server-rendered page shows, from the instance's shared data
 * version check (db/data-version-check.ts: as fresh as the catalogue cache, within the same
 * bound); '' when it shows only static data.
 */
export function createPageDataVersions(check: DataVersionCheck) {
  const keyOf = (parts: readonly (keyof DataVersions)[], versions: DataVersions) => {
    let key = '';
    for (const part of parts) key += `${part}=${versions[part]};`;
    return key;
  };

  /** The key of each list of roots (a page's plan keeps its list) for the versions seen last. */
  let keysFor: DataVersions | undefined;
  const keys = new Map<readonly DataRoot[], string>();
  const keyFor = (
    roots: readonly DataRoot[],
    parts: readonly (keyof DataVersions)[],
    versions: DataVersions,
  ) => {
    if (versions !== keysFor) {
      keysFor = versions;
      keys.clear();
    }
    let key = keys.get(roots);
    if (key === undefined) {
      key = keyOf(parts, versions);
      keys.set(roots, key);
    }
    return key;
  };

  return {
    /** The versions' part of the cache key of a page showing `roots`. */
    of(roots: readonly DataRoot[]): Eventually<string> {
      const parts: (keyof DataVersions)[] = [];
      for (const root of roots) {
        const part = VERSION_OF[root];
        if (part !== null) parts.push(part);
      }
      if (parts.length === 0) return '';
      const versions = check.current();
      return versions instanceof Promise
        ? versions.then((current) => keyFor(roots, parts, current))
        : keyFor(roots, parts, versions);
    },
  };
}
