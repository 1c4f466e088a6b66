import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { apiClient } from '../../../lib/api-client.ts';

/** The same answer whether or not the address has an account. */
const ResetRequestResponseSchema = z.object({ status: z.boolean() });

/** POST /api/auth/request-password-reset: the e-mailed link comes back to /reset?token=… */
export function requestPasswordReset({ email }: { email: string }) {
  return apiClient.post(
    apiPaths.auth.requestPasswordReset,
    { email, redirectTo: `${window.location.origin}/reset` },
    ResetRequestResponseSchema,
    { bearerToken: null },
  );
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
