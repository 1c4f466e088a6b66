// The face of modules/auth: what the rest of the server may use of it (issue 33; ADR 044).
// Other parts import from here, never from a file behind it (eslint.config.js).
export {
  type AuthConfig,
  authConfigOf,
  type OAuthClient,
  type OpenIdClient,
} from './auth.config.ts';
export { resolveAuthSecret } from './auth-secret.ts';
export { authRoutes } from './auth.routes.ts';
export { type Auth, createAuth, OPENID_PROVIDER_ID } from './auth.ts';
export { type AuthUser } from './caller.ts';
