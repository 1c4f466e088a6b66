import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../../lib/auth/session.ts';
import { pageRoutes } from '../../../shared/page-routes.ts';

/**
 * Signed-in routes. While the session is checked the layout's loading bar runs and nothing of the
 * page shows. A visitor who arrives signed out goes to /login, which sends them back here after.
 * The product page applies the same rule itself (lib/auth/signed-in-gate.ts, in its own chunk):
 * this guard is in every page's first script, so it stays as small as it is.
 */
export function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  // Remembered across renders (React's "information from previous renders" pattern).
  const [wasSignedIn, setWasSignedIn] = useState(status === 'signedIn');
  if (status === 'signedIn' && !wasSignedIn) setWasSignedIn(true);

  if (status === 'signedIn') return <Outlet />;
  // Signed out while here (Sign Out, a refused admin): whoever did it is already taking the user
  // elsewhere. Redirecting too would race that navigation and could win it.
  if (status === 'loading' || wasSignedIn) return <div className="min-h-[50vh]" />;
  return <Navigate to={pageRoutes.login.href()} state={{ from: location }} replace />;
}
