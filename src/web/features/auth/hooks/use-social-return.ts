import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { getIdentitySession } from '../../../lib/auth/identity-api.ts';
import { useAuth } from '../../../lib/auth/session.ts';
import { safeReturnPath } from '../lib/return-path.ts';

const NO_SESSION_MESSAGE = "We couldn't complete the sign-in. Please try again.";

/**
 * /login?social=done&next=…: the provider has sent the user back and the identity session is in a
 * same-origin cookie. Trade it for our access token, then go on to `next`.
 */
export function useSocialReturn(onFailure: (message: string) => void): { completing: boolean } {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const isReturn = searchParams.get('social') === 'done';
  const next = safeReturnPath(searchParams.get('next'));

  const completion = useMutation({
    mutationFn: async () => {
      // No bearer: the identity cookie names the session.
      const identity = await getIdentitySession(null);
      if (!identity) throw new Error(NO_SESSION_MESSAGE);
      return signIn(identity);
    },
  });
  const { mutate } = completion;

  // Once per visit (StrictMode runs effects twice in development).
  const started = useRef(false);
  useEffect(() => {
    if (!isReturn || started.current) return;
    started.current = true;
    mutate(undefined, {
      onSuccess: () => void navigate(next, { replace: true }),
      onError: (error) => onFailure(error.message),
    });
  }, [isReturn, mutate, navigate, next, onFailure]);

  return { completing: isReturn && !completion.isError };
}
