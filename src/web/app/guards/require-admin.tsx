import { Link, Outlet, useLocation } from 'react-router';
import { QueryState } from '../../components/query-state.tsx';
import { SessionCodePrompt } from '../../features/auth/components/session-code-prompt.tsx';
import { mayOpen, usePermissions } from '../../lib/auth/permissions.ts';
import { useSignedInUser } from '../../lib/auth/session.ts';
import { isRefusal, useSignOutWhenRefused } from '../../lib/auth/use-sign-out.ts';
import { pageOf, pageRoutes } from '../../../shared/page-routes.ts';

/**
 * Staff routes, inside RequireAuth. They wait for the server's answer of what the user may do. A
 * customer (no staff permission at all, or a token the server refuses) is signed out and sent to
 * /login, as the spec has it for admin pages; a staff member on another role's page is told so, one
 * who must first turn on two-factor sign-in is sent to My Profile to do it, and one whose session
 * has not passed the second factor (ADR 036) is asked for a code here.
 */
export default function RequireAdmin() {
  const user = useSignedInUser();
  const { pathname } = useLocation();
  const permissions = usePermissions(user.email);
  const refused =
    (permissions.data !== undefined && permissions.data.permissions.length === 0) ||
    isRefusal(permissions.error);
  useSignOutWhenRefused(refused, pageRoutes.login.href());

  return (
    <QueryState
      query={permissions}
      loading="Checking your access"
      failed="We couldn't check your access to this page."
      waiting={refused}
    >
      {(mine) => {
        if (mine.twoFactorRequired)
          return (
            <div role="alert" className="alert alert-warning flex flex-col items-start">
              <p>Turn on two-factor sign-in before using staff screens.</p>
              <Link to={pageRoutes.dashboard.href()} className="btn btn-sm btn-neutral">
                Go to My Profile
              </Link>
            </div>
          );
        if (mine.sessionCodeRequired) return <SessionCodePrompt />;
        const page = pageOf(pathname)?.name;
        if (page && !mayOpen(mine, page))
          return (
            <div role="alert" className="alert alert-error">
              <p>Your role does not give you access to this page.</p>
            </div>
          );
        return <Outlet />;
      }}
    </QueryState>
  );
}
