import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { takeAccessToken } from '../access-token.ts';
import { isApiError } from '../api-error.ts';
import { useAuth } from './session.ts';

/**
 * Signs out and takes the user to `to`. Leaving first keeps the page from flashing its
 * signed-out state; RequireAuth leaves the navigation to whoever signed the user out.
 */
export function useSignOut() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return useCallback(
    async (to: string, options: { replace?: boolean } = {}) => {
      // The token goes first, synchronously: leaving the page mid-way must not keep the user in.
      const token = takeAccessToken();
      await navigate(to, { replace: options.replace ?? false });
      await signOut(token);
    },
    [navigate, signOut],
  );
}

/** The server refused the signed-in user (401 or 403): the session is no good for this screen. */
export function isRefusal(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || error.status === 403);
}

/**
 * Once `refused` turns true, signs the user out (once) and takes them to `to`, not remembered as
 * the page to return to: the user could not stay there. Meanwhile the screen shows its spinner.
 */
export function useSignOutWhenRefused(refused: boolean, to: string): void {
  const signOut = useSignOut();
  const leaving = useRef(false);
  useEffect(() => {
    if (!refused || leaving.current) return;
    leaving.current = true;
    void signOut(to, { replace: true });
  }, [refused, signOut, to]);
}
