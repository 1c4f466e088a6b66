import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { apiClient } from '../../../lib/api-client.ts';

const ResetPasswordResponseSchema = z.object({ status: z.literal(true) });

/** The identity service's code for a used, expired or made-up reset token (400). */
export const INVALID_RESET_TOKEN_CODE = 'INVALID_TOKEN';

/** POST /api/auth/reset-password with the token from the e-mailed link. */
export function resetPassword(body: { newPassword: string; token: string }) {
  return apiClient.post(apiPaths.auth.resetPassword, body, ResetPasswordResponseSchema, {
    bearerToken: null,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
