import { useEffect, useRef } from 'react';
import { Outlet } from 'react-router';
import { ErrorState } from '../../components/error-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useAdminCheck } from '../../lib/auth/admin-check.ts';
import { useSignedInUser } from '../../lib/auth/session.ts';
import { useSignOut } from '../../lib/auth/use-sign-out.ts';

/**
 * Admin routes, inside RequireAuth. They wait for the server's admin check; a non-admin (or a
 * token the server refuses) is signed out and sent to /login.
 */
export default function RequireAdmin() {
  const user = useSignedInUser();
  const signOut = useSignOut();
  const adminCheck = useAdminCheck(user.email);
  const refused =
    adminCheck.data === false ||
    (isApiError(adminCheck.error) && [401, 403].includes(adminCheck.error.status));
  const leaving = useRef(false);

  useEffect(() => {
    if (!refused || leaving.current) return;
    leaving.current = true;
    // Not remembered as the page to return to: the user could not stay there.
    void signOut('/login', { replace: true });
  }, [refused, signOut]);

  if (adminCheck.isPending || refused) return <Spinner label="Checking your access" />;
  if (adminCheck.isError) {
    return (
      <ErrorState
        title="We couldn't check your access to this page."
        detail={adminCheck.error.message}
        onRetry={() => void adminCheck.refetch()}
        isRetrying={adminCheck.isFetching}
      />
    );
  }
  return <Outlet />;
}
