import { lazy, Suspense, type ComponentType } from 'react';

const preloads = new Set<() => Promise<void>>();

/**
 * A section of a server-rendered page in its own chunk, behind its own Suspense boundary. The
 * server renders it in full (it preloads every island first: `preloadIslands`). The browser
 * hydrates the page without waiting for it: React keeps the island's server HTML as it is, loads
 * its chunk, and hydrates it on its own, later and in a separate task (selective hydration). So
 * what only a section below the first screen needs (a form library, the API client's response
 * schemas) stays out of the page's first script, and hydration comes in shorter tasks.
 */
export function lazyIsland<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  let Loaded: ComponentType<P> | undefined;
  const loadOnce = async () => {
    Loaded ??= await load();
    return { default: Loaded };
  };
  const Lazy = lazy(loadOnce);
  preloads.add(async () => {
    await loadOnce();
  });

  function Island(props: P) {
    return (
      // No fallback: on the server and in hydration the section is there; after a client-side
      // navigation it appears when its chunk has loaded.
      <Suspense fallback={null}>{Loaded ? <Loaded {...props} /> : <Lazy {...props} />}</Suspense>
    );
  }
  return Island;
}

/** Loads every island declared so far (the server, before rendering a page that has some). */
export async function preloadIslands(): Promise<void> {
  await Promise.all([...preloads].map((preload) => preload()));
}
