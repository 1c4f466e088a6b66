/** An OAuth client's id and secret (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, ...). */
export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

/** Any OpenID Connect provider (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_NAME). */
export type OpenIdClient = OAuthClient & { issuer: string; name: string };

/** The configuration sign-in reads (config.ts parses it; ADR 046). */
export interface AuthConfig {
  /** Where users reach the shop: the base of e-mail links and OAuth callbacks. */
  publicUrl: string;
  authRateLimitPerMinute: number;
  /** Promoted to admin when they sign in with a proven (verified) e-mail. */
  adminEmails: string[];
  google: OAuthClient | undefined;
  facebook: OAuthClient | undefined;
  openId: OpenIdClient | undefined;
}

export const authConfigOf = (config: AuthConfig): AuthConfig => ({
  publicUrl: config.publicUrl,
  authRateLimitPerMinute: config.authRateLimitPerMinute,
  adminEmails: config.adminEmails,
  google: config.google,
  facebook: config.facebook,
  openId: config.openId,
});
