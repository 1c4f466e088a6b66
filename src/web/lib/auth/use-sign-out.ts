import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { takeAccessToken } from '../access-token.ts';
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
