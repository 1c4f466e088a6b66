import { Outlet } from 'react-router';
import { SignInRedirect } from '../../components/sign-in-redirect.tsx';
import { useSignedInGate } from '../../lib/auth/signed-in-gate.ts';

/**
 * Signed-in routes. While the session is checked the layout's loading bar runs and nothing of the
 * page shows. A visitor who arrives signed out goes to /login, which sends them back here after.
 */
export function RequireAuth() {
  const { user, signInFirst } = useSignedInGate();
  if (user) return <Outlet />;
  if (signInFirst) return <SignInRedirect />;
  return <div className="min-h-[50vh]" />;
}
