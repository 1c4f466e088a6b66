import { Navigate, useLocation } from 'react-router';
import { pageRoutes } from '../../shared/page-routes.ts';

/** Sends the visitor to /login, which brings them back here once they are signed in. */
export function SignInRedirect() {
  const location = useLocation();
  return <Navigate to={pageRoutes.login.href()} state={{ from: location }} replace />;
}
