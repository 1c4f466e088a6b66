import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React renders on the server and while it hydrates that HTML, true afterwards (and
 * at once in a page rendered only in the browser). What depends on the browser alone (the stored
 * session, the map) waits for it, so hydration sees exactly what the server rendered.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
