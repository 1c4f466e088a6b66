import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../../lib/auth/session.ts';

/**
 * Signed-in routes. While the session is checked the layout's loading bar runs and nothing of the
 * page shows; a signed-out visitor goes to /login, which sends them back here afterwards.
 */
export function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <div className="min-h-[50vh]" />;
  if (status === 'signedOut') return <Navigate to="/login" state={{ from: location }} replace />;
  return <Outlet />;
}
