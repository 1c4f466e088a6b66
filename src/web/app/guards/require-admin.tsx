import { Outlet } from 'react-router';
import { QueryState } from '../../components/query-state.tsx';
import { useAdminCheck } from '../../lib/auth/admin-check.ts';
import { useSignedInUser } from '../../lib/auth/session.ts';
import { isRefusal, useSignOutWhenRefused } from '../../lib/auth/use-sign-out.ts';
import { pageRoutes } from '../../../shared/page-routes.ts';

/**
 * Admin routes, inside RequireAuth. They wait for the server's admin check; a non-admin (or a
 * token the server refuses) is signed out and sent to /login.
 */
export default function RequireAdmin() {
  const user = useSignedInUser();
  const adminCheck = useAdminCheck(user.email);
  const refused = adminCheck.data === false || isRefusal(adminCheck.error);
  useSignOutWhenRefused(refused, pageRoutes.login.href());

  return (
    <QueryState
      query={adminCheck}
      loading="Checking your access"
      failed="We couldn't check your access to this page."
      waiting={refused}
    >
      {() => <Outlet />}
    </QueryState>
  );
}
