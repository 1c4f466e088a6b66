import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths } from '../../../../shared/api-paths.ts';
import type { LoginForm } from '../../../../shared/auth.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { IdentityUserSchema, type IdentitySignIn } from '../../../lib/auth/identity-api.ts';
import { useAuth } from '../../../lib/auth/session.ts';

const SignInResponseSchema = z.object({ token: z.string().min(1), user: IdentityUserSchema });

/** POST /api/auth/sign-in/email: a new identity session (401 INVALID_EMAIL_OR_PASSWORD otherwise). */
export function signInWithEmail(body: LoginForm): Promise<IdentitySignIn> {
  return apiClient.post(apiPaths.auth.signIn, body, SignInResponseSchema, { bearerToken: null });
}

/** Signs in and stores the access token: the user is signed in when it resolves. */
export function useSignInWithEmail() {
  const { signIn } = useAuth();
  return useMutation({
    mutationFn: async (body: LoginForm) => signIn(await signInWithEmail(body)),
  });
}
