import { useAuth } from '../../lib/auth/session.ts';

/** Across the top of the page while a stored session is being checked (spec: "A loading bar"). */
export function AuthLoadingBar() {
  const { status } = useAuth();
  if (status !== 'loading') return null;
  return (
    <progress
      aria-label="Loading your account"
      className="progress progress-primary fixed inset-x-0 top-0 z-50 h-1 rounded-none"
    />
  );
}
