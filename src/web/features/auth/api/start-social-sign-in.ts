import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { pageRoutes } from '../../../../shared/page-routes.ts';

const SocialRedirectSchema = z.object({ url: z.string().min(1), redirect: z.boolean() });

export interface SocialSignInRequest {
  /** 'google', 'facebook', or the configured OpenID provider's id. */
  provider: string;
  /** The shop page to show once the provider has sent the user back. */
  next: string;
}

/** Where the provider sends the user back: the login page finishes the sign-in, then goes on. */
function socialCallbackUrl(next: string): string {
  return `${pageRoutes.login.href()}?social=done&next=${encodeURIComponent(next)}`;
}

const SOCIAL_ERROR_CALLBACK_URL = `${pageRoutes.login.href()}?social=error`;

/** POST /api/auth/sign-in/social: the provider's authorization URL to send the browser to. */
export function startSocialSignIn({ provider, next }: SocialSignInRequest) {
  return apiClient.post(
    apiPaths.auth.signInSocial,
    { provider, callbackURL: socialCallbackUrl(next), errorCallbackURL: SOCIAL_ERROR_CALLBACK_URL },
    SocialRedirectSchema,
    { bearerToken: null },
  );
}

export function useStartSocialSignIn() {
  return useMutation({ mutationFn: startSocialSignIn });
}
