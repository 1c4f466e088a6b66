import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { IdentityUserSchema } from '../../../lib/auth/identity-api.ts';
import { useAuth } from '../../../lib/auth/session.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const VerifiedSchema = z.object({ token: z.string().min(1), user: IdentityUserSchema });

export interface TwoFactorCode {
  code: string;
  /** A one-time backup code instead of the authenticator app's code. */
  backup: boolean;
}

/**
 * Sign-in's second step: the code (or a backup code) with the short-lived two_factor cookie the
 * password step set (same origin, so the browser sends it); answers a new identity session.
 */
export function verifyTwoFactor({ code, backup }: TwoFactorCode) {
  const path = backup ? apiPaths.auth.twoFactorVerifyBackupCode : apiPaths.auth.twoFactorVerifyTotp;
  return apiClient.post(path, { code: code.trim() }, VerifiedSchema, { bearerToken: null });
}

/** Verifies the code and stores the access token: the user is signed in when it resolves. */
export function useVerifyTwoFactor() {
  const { signIn } = useAuth();
  return useMutation({
    mutationFn: async (body: TwoFactorCode) => signIn(await verifyTwoFactor(body)),
  });
}

/**
 * A code for the session the user is signed in with (a Google, Facebook or OpenID sign-in, or one
 * from before they turned two-factor on): staff screens need a session that passed the second
 * factor itself. The session stays the same; what the user may do is asked again.
 */
export function verifySession({ code, backup }: TwoFactorCode) {
  const path = backup ? apiPaths.auth.twoFactorVerifyBackupCode : apiPaths.auth.twoFactorVerifyTotp;
  return apiClient.post(path, { code: code.trim() }, z.unknown());
}

export function useVerifySession(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.permissions(email) }),
  });
}
