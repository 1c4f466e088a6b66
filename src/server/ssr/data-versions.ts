import type { DataVersionCheck, DataVersions, Eventually } from '../db/data-version-check.ts';

/**
 * Data that never changes while the process runs (the public config comes from the environment):
 * it needs no version.
 */
const STATIC_ROOTS = new Set(['public-config']);

/** The query-key roots whose data the shared version check fingerprints, and which part. */
const VERSIONED_ROOTS = new Map<string, keyof DataVersions>([
  ['products', 'products'],
  ['reviews', 'reviews'],
]);

/**
 * The cache key part for the data a server-rendered page shows, from the instance's shared data
 * version check (db/data-version-check.ts: as fresh as the catalogue cache, within the same
 * bound). A page names its data by query-key roots; '' when it shows only static data, undefined
 * when a root is unknown here (such a page is rendered for every request, never cached).
 */
export function createPageDataVersions(check: DataVersionCheck) {
  const keyOf = (parts: readonly (keyof DataVersions)[], versions: DataVersions) => {
    let key = '';
    for (const part of parts) key += `${part}=${versions[part]};`;
    return key;
  };

  /** The key of each list of roots (a page's plan keeps its list) for the versions seen last. */
  let keysFor: DataVersions | undefined;
  const keys = new Map<readonly string[], string>();
  const keyFor = (
    roots: readonly string[],
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
    of(roots: readonly string[]): Eventually<string | undefined> {
      const parts: (keyof DataVersions)[] = [];
      for (const root of roots) {
        if (STATIC_ROOTS.has(root)) continue;
        const part = VERSIONED_ROOTS.get(root);
        if (part === undefined) return undefined;
        parts.push(part);
      }
      if (parts.length === 0) return '';
      const versions = check.current();
      return versions instanceof Promise
        ? versions.then((current) => keyFor(roots, parts, current))
        : keyFor(roots, parts, versions);
    },
  };
}
