import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { IdentityUserSchema } from '../../../lib/auth/identity-api.ts';
import { useAuth } from '../../../lib/auth/session.ts';

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
