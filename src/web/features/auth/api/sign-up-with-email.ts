import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths } from '../../../../shared/api-paths.ts';
import type { RegisterForm } from '../../../../shared/auth.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { IdentityUserSchema } from '../../../lib/auth/identity-api.ts';
import { useAuth, type AccountUser } from '../../../lib/auth/session.ts';
import { pageRoutes } from '../../../../shared/page-routes.ts';

/** Where the e-mail verification link lands. */
const VERIFIED_CALLBACK_URL = `${pageRoutes.login.href()}?verified=1`;

/** The token is null when the identity service wants the e-mail verified before any sign-in. */
const SignUpResponseSchema = z.object({
  token: z.string().min(1).nullable(),
  user: IdentityUserSchema,
});

/** POST /api/auth/sign-up/email (422 USER_ALREADY_EXISTS for a known e-mail). */
export function signUpWithEmail(body: RegisterForm) {
  return apiClient.post(
    apiPaths.auth.signUp,
    { ...body, callbackURL: VERIFIED_CALLBACK_URL },
    SignUpResponseSchema,
    { bearerToken: null },
  );
}

/** Registers and signs in; resolves to null when the e-mail must be verified first. */
export function useSignUpWithEmail() {
  const { signIn } = useAuth();
  return useMutation({
    mutationFn: async (body: RegisterForm): Promise<AccountUser | null> => {
      const { token, user } = await signUpWithEmail(body);
      return token ? signIn({ token, user }) : null;
    },
  });
}
