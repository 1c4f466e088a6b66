import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins/bearer';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { organization as organizationPlugin } from 'better-auth/plugins/organization';
import { twoFactor as twoFactorPlugin } from 'better-auth/plugins/two-factor';
import type { FastifyBaseLogger } from 'fastify';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../shared/auth.ts';
import { ROLE_ADMIN, ROLE_CUSTOMER } from '../../../shared/user.ts';
import type { Db } from '../../db/client.ts';
import {
  account,
  invitation,
  member,
  organization,
  rateLimit,
  session,
  twoFactor,
  user,
  verification,
} from '../../db/schema.ts';
import { isDatabaseInputRefusal, isDatabaseUnavailable } from '../../errors.ts';
import type { Mailer } from '../mail/index.ts';
import { takeRateLimitHit } from '../rate-limit/index.ts';
import type { AuthConfig } from './auth.config.ts';
import { COMPANY_ACCESS, COMPANY_ROLE_GRANTS, invitationMail } from './company-access.ts';
import { boundedName, enforceIdentityRules } from './identity-rules.ts';
import { secondFactorSession } from './second-factor.ts';

/** Set by our mount from Fastify's request.ip; a value sent by the client is overwritten. */
export const CLIENT_IP_HEADER = 'x-toolhouse-client-ip';
export const OPENID_PROVIDER_ID = 'openid';
const RESET_TOKEN_SECONDS = 60 * 60;
const RESET_MAIL_INTERVAL = { max: 1, windowSeconds: 15 * 60 };
/** How long an invitation to a company stays open (issue 37). */
export const INVITATION_EXPIRES_SECONDS = 7 * 24 * 60 * 60;

export interface AuthOptions {
  db: Db;
  config: AuthConfig;
  secret: string;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** The origins our pages are served from; localhost and 127.0.0.1 are the same machine. */
export function trustedOrigins(publicUrl: string): string[] {
  const origin = new URL(publicUrl).origin;
  const aliases = [origin];
  if (origin.includes('//localhost')) aliases.push(origin.replace('//localhost', '//127.0.0.1'));
  if (origin.includes('//127.0.0.1')) aliases.push(origin.replace('//127.0.0.1', '//localhost'));
  return aliases;
}

/** ADMIN_EMAILS: a listed account becomes admin once it signs in with a proven e-mail. */
async function promoteListedAdmin(db: Db, adminEmails: string[], userId: string): Promise<void> {
  if (adminEmails.length === 0) return;
  await db
    .update(user)
    .set({ role: ROLE_ADMIN, updatedAt: new Date() })
    .where(
      and(
        eq(user.id, userId),
        eq(user.emailVerified, true),
        ne(user.role, ROLE_ADMIN),
        inArray(sql`lower(${user.email})`, adminEmails),
      ),
    );
}

export function createAuth({ db, config, secret, mailer, log }: AuthOptions) {
  const perMinute = { window: 60, max: config.authRateLimitPerMinute };
  return betterAuth({
    appName: 'Toolhouse',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOrigins(config.publicUrl),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user,
        session,
        account,
        verification,
        rateLimit,
        twoFactor,
        organization,
        member,
        invitation,
      },
    }),
    user: {
      additionalFields: {
        // Never settable through sign-up or profile updates: only our admin routes change it.
        role: { type: 'string', required: false, defaultValue: ROLE_CUSTOMER, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: recipient, url, token }) => {
        // One mail per account per RESET_MAIL_INTERVAL: the caller gets the same answer either way
        // (no enumeration), and the token of a mail not sent is dropped at once.
        if (!(await takeRateLimitHit(db, `reset-mail:${recipient.id}`, RESET_MAIL_INTERVAL))) {
          await db
            .delete(verification)
            .where(eq(verification.identifier, `reset-password:${token}`));
          log.info('auth: password-reset mail not sent (one was sent in the last 15 minutes)');
          return;
        }
        await mailer.send({
          to: recipient.email,
          subject: 'Reset your Toolhouse password',
          text: `Hello ${recipient.name},\n\nSomeone (hopefully you) asked to reset the password of your Toolhouse account.\nOpen this link within an hour to choose a new password:\n\n${url}\n\nIf you did not ask for this, ignore this message: your password stays as it is.\n`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendVerificationEmail: ({ user: recipient, url }) =>
        mailer.send({
          to: recipient.email,
          subject: 'Confirm your Toolhouse email address',
          text: `Hello ${recipient.name},\n\nWelcome to Toolhouse! Please confirm your email address by opening this link:\n\n${url}\n`,
        }),
    },
    socialProviders: {
      ...(config.google && { google: { ...config.google, prompt: 'select_account' as const } }),
      ...(config.facebook && { facebook: config.facebook }),
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        // Every page load of a signed-in visitor reads its session: a cheap read, and the default
        // 100 a minute per address would sign out an office of customers behind one address.
        '/get-session': false,
        '/sign-in/email': perMinute,
        '/sign-up/email': perMinute,
        '/sign-in/social': perMinute,
        '/request-password-reset': perMinute,
        '/reset-password': perMinute,
        '/send-verification-email': perMinute,
        '/two-factor/verify-totp': perMinute,
        '/two-factor/verify-backup-code': perMinute,
        '/two-factor/enable': perMinute,
        '/two-factor/disable': perMinute,
      },
    },
    databaseHooks: {
      session: {
        create: {
          after: async (created) => {
            await promoteListedAdmin(db, config.adminEmails, created.userId);
          },
        },
      },
      user: {
        create: {
          // Names are shown to admins and on reviews: keep them bounded on every path (social too).
          before: async (data) => ({ data: { ...data, name: boundedName(data.name) } }),
        },
        update: {
          before: async (data) =>
            data.name === undefined
              ? { data }
              : { data: { ...data, name: boundedName(data.name) } },
        },
      },
    },
    hooks: { before: enforceIdentityRules },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith('https://'),
    },
    plugins: [
      bearer(),
      // TOTP (authenticator app) with backup codes; enrolling and turning it off need the password.
      twoFactorPlugin({ issuer: 'Toolhouse' }),
      // Codes limited per account, a TOTP code once, and the session a code verified marked.
      secondFactorSession(db),
      // Trade accounts' companies (issue 37, ADR 059). Its HTTP endpoints are closed
      // (identity-endpoints.ts): modules/companies calls its server API with the shop's rules.
      organizationPlugin({
        ac: COMPANY_ACCESS,
        roles: COMPANY_ROLE_GRANTS,
        creatorRole: 'admin',
        invitationExpiresIn: INVITATION_EXPIRES_SECONDS,
        // Inviting again replaces the open invitation (its role, a new mail and expiry).
        cancelPendingInvitationsOnReInvite: true,
        sendInvitationEmail: async (data) => {
          await mailer.send(invitationMail(config.publicUrl, data));
        },
      }),
      ...(config.openId
        ? [
            genericOAuth({
              config: [
                {
                  providerId: OPENID_PROVIDER_ID,
                  discoveryUrl: `${config.openId.issuer}/.well-known/openid-configuration`,
                  clientId: config.openId.clientId,
                  clientSecret: config.openId.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
    onAPIError: {
      // Thrown on to our error handler (a 503, or a 400 for a value the database refused, in the
      // one error shape); anything else is logged and answered 500 by better-auth, which our
      // mount turns into the one error shape as well.
      onError: (error) => {
        if (isDatabaseUnavailable(error) || isDatabaseInputRefusal(error)) throw error;
        const { status } = error as { status?: unknown };
        if (status === undefined || status === 'INTERNAL_SERVER_ERROR')
          log.error({ err: error }, 'auth: request failed');
      },
    },
    logger: {
      level: 'warn',
      // With the error itself, so a failure caused by a known database outage is recognised and
      // logged quietly (src/server/db/database-breaker.ts) instead of at error level each time.
      log: (level, message, ...args: unknown[]) => {
        const err = args.find((arg) => arg instanceof Error);
        if (level === 'error') log.error({ err }, `auth: ${message}`);
        else log.warn({ err }, `auth: ${message}`);
      },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
