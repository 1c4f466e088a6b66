import { useEffect, useRef } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { ErrorState } from '../../components/error-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useAdminCheck } from '../../lib/auth/admin-check.ts';
import { useAuth, useSignedInUser } from '../../lib/auth/session.ts';

/**
 * Admin routes, inside RequireAuth. They wait for the server's admin check; a non-admin (or a
 * token the server refuses) is signed out and sent to /login.
 */
export default function RequireAdmin() {
  const user = useSignedInUser();
  const { signOut } = useAuth();
  const adminCheck = useAdminCheck(user.email);
  const navigate = useNavigate();
  const refused =
    adminCheck.data === false ||
    (isApiError(adminCheck.error) && [401, 403].includes(adminCheck.error.status));
  const leaving = useRef(false);

  useEffect(() => {
    if (!refused || leaving.current) return;
    leaving.current = true;
    // Leave first: signed out on this page, RequireAuth would remember it as the page to return to.
    void Promise.resolve(navigate('/login', { replace: true })).then(signOut);
  }, [refused, navigate, signOut]);

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
