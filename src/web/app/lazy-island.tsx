import { lazy, memo, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { afterLoadWhenIdle } from '../lib/after-load-when-idle.ts';

const preloads = new Set<() => Promise<void>>();

/** How far ahead of the screen an island starts loading while the visitor scrolls. */
const AHEAD = '400px 0px';

/**
 * A section of a server-rendered page in its own chunk, behind its own Suspense boundary: a
 * server-rendered "island" that hydrates on its own. The server renders it in full (it preloads
 * every island first: `preloadIslands`). In the browser, React keeps the island's server HTML as
 * it is while the rest of the page hydrates; the island's chunk loads once the section comes near
 * the screen or the loaded page is idle (at once after a client-side navigation, where there is
 * no server HTML to show),
 * and React then hydrates it in a task of its own (selective hydration). So what only a section
 * below the first screen needs (a form library, the API client's response schemas) is neither in
 * the page's first script nor in its first seconds of work; until then the section is readable,
 * its links work as plain links, and its form controls are disabled (as before any hydration).
 */
export function lazyIsland<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  let Loaded: ComponentType<P> | undefined;
  const loadOnce = async () => {
    Loaded ??= await load();
    return { default: Loaded };
  };
  let reveal: () => void = () => undefined;
  const revealed = new Promise<void>((resolve) => (reveal = resolve));
  const Lazy = lazy(async () => {
    await revealed;
    return loadOnce();
  });
  preloads.add(async () => {
    await loadOnce();
  });

  function Island(props: P) {
    const frame = useRef<HTMLDivElement>(null);
    // No state and no subscription here: an update reaching a boundary that is still waiting to
    // hydrate would make React drop its server HTML and render the fallback.
    useEffect(() => {
      const element = frame.current;
      if (Loaded) return;
      // An empty frame: mounted by a client-side navigation (nothing from the server to show).
      if (!element?.hasChildNodes() || typeof IntersectionObserver === 'undefined') {
        reveal();
        return;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) reveal();
        },
        { rootMargin: AHEAD },
      );
      observer.observe(element);
      const cancelIdle = afterLoadWhenIdle(reveal);
      void revealed.then(() => {
        observer.disconnect();
        cancelIdle();
      });
      return () => {
        observer.disconnect();
        cancelIdle();
      };
    }, []);

    return (
      // A plain block around the section: what the observer watches.
      <div ref={frame}>
        {/* No fallback: on the server and in hydration the section is there; after a client-side
            navigation it appears when its chunk has loaded. */}
        <Suspense fallback={null}>{Loaded ? <Loaded {...props} /> : <Lazy {...props} />}</Suspense>
      </div>
    );
  }
  // Equal props from a re-rendering parent must not reach a boundary still waiting to hydrate.
  return memo(Island) as unknown as ComponentType<P>;
}

/** Loads every island declared so far (the server, before rendering a page that has some). */
export async function preloadIslands(): Promise<void> {
  await Promise.all([...preloads].map((preload) => preload()));
}
