import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { useAuth, useSignedInUser } from '../../../lib/auth/session.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const EnrolmentSchema = z.object({ totpURI: z.string().min(1), backupCodes: z.array(z.string()) });
export type Enrolment = z.infer<typeof EnrolmentSchema>;

/** Step 1 (password): a new TOTP secret as an otpauth:// URI, and the backup codes. */
export function startEnrolment(password: string) {
  return apiClient.post(apiPaths.auth.twoFactorEnable, { password }, EnrolmentSchema);
}

export function useStartEnrolment() {
  return useMutation({ mutationFn: startEnrolment });
}

/**
 * Turning two-factor on or off replaces the identity session (the old token stops working): the
 * new one comes in `set-auth-token`, and is traded for our access token as after any sign-in.
 */
function useRenewedSession() {
  const { signIn } = useAuth();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  return async (call: (onHeaders: (headers: Headers) => void) => Promise<unknown>) => {
    let renewed: string | null = null;
    await call((headers) => {
      renewed = headers.get('set-auth-token');
    });
    if (renewed) await signIn({ token: renewed, user });
    await queryClient.invalidateQueries({ queryKey: queryKeys.permissions(user.email) });
  };
}

/** Step 2: the first code from the app proves it is set up; two-factor sign-in is then on. */
export function useConfirmEnrolment() {
  const renew = useRenewedSession();
  return useMutation({
    mutationFn: (code: string) =>
      renew((onHeaders) =>
        apiClient.post(apiPaths.auth.twoFactorVerifyTotp, { code: code.trim() }, z.unknown(), {
          onHeaders,
        }),
      ),
  });
}

/** Turn two-factor sign-in off (password again). */
export function useDisableTwoFactor() {
  const renew = useRenewedSession();
  return useMutation({
    mutationFn: (password: string) =>
      renew((onHeaders) =>
        apiClient.post(apiPaths.auth.twoFactorDisable, { password }, z.unknown(), { onHeaders }),
      ),
  });
}
