import { pageRoutes } from '../../../../shared/page-routes.ts';

// Where to go after signing in: the page a guard sent the user from, or a `next` parameter that
// came back from a social provider. Only paths on this site: an open redirect would let a link
// to our login page send a freshly signed-in user anywhere.

/** A path on this origin ('/dashboard?x=1'), or '/' for anything else ('//evil.example', 'https:…'). */
export function safeReturnPath(path: string | null | undefined): string {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\'))
    return pageRoutes.home.href();
  return path;
}

/** The location RequireAuth stored as `state.from`, as a path. */
export function returnPathFromState(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('from' in state))
    return pageRoutes.home.href();
  const { from } = state;
  if (typeof from !== 'object' || from === null || !('pathname' in from))
    return pageRoutes.home.href();
  const { pathname } = from;
  const search = 'search' in from && typeof from.search === 'string' ? from.search : '';
  const hash = 'hash' in from && typeof from.hash === 'string' ? from.hash : '';
  return typeof pathname === 'string'
    ? safeReturnPath(`${pathname}${search}${hash}`)
    : pageRoutes.home.href();
}
