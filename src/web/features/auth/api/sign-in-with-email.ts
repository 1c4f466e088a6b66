import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths } from '../../../../shared/api-paths.ts';
import type { LoginForm } from '../../../../shared/auth.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { IdentityUserSchema, type IdentitySignIn } from '../../../lib/auth/identity-api.ts';
import { useAuth } from '../../../lib/auth/session.ts';

const SignInResponseSchema = z.union([
  z.object({ token: z.string().min(1), user: IdentityUserSchema }),
  // Two-factor sign-in is on: the password was right, now the code (verify-two-factor.ts).
  z.object({ twoFactorRedirect: z.literal(true) }),
]);

/** The password step passed; the account wants its second factor before a session opens. */
export const TWO_FACTOR_NEEDED = 'two-factor' as const;

/**
 * POST /api/auth/sign-in/email: a new identity session (401 INVALID_EMAIL_OR_PASSWORD otherwise),
 * or TWO_FACTOR_NEEDED when the account has two-factor sign-in on.
 */
export async function signInWithEmail(
  body: LoginForm,
): Promise<IdentitySignIn | typeof TWO_FACTOR_NEEDED> {
  const answer = await apiClient.post(apiPaths.auth.signIn, body, SignInResponseSchema, {
    bearerToken: null,
  });
  return 'twoFactorRedirect' in answer ? TWO_FACTOR_NEEDED : answer;
}

/** Signs in and stores the access token, or resolves to TWO_FACTOR_NEEDED (not signed in yet). */
export function useSignInWithEmail() {
  const { signIn } = useAuth();
  return useMutation({
    mutationFn: async (body: LoginForm) => {
      const answer = await signInWithEmail(body);
      return answer === TWO_FACTOR_NEEDED ? answer : signIn(answer);
    },
  });
}
