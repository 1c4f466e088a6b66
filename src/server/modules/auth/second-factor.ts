import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { symmetricDecrypt } from 'better-auth/crypto';
import type { Db } from '../../db/client.ts';
import { returnRateLimitHit, takeRateLimitHit, type RateRule } from '../rate-limit/index.ts';

// The second factor as a property of the session (ADR 036), around better-auth's two-factor
// verify endpoints (POST /api/auth/two-factor/verify-totp and /verify-backup-code). They verify a
// code either for the sign-in's second step (the short-lived two_factor cookie; the session is
// created after the code) or for the caller's own session (the Bearer token): after a Google,
// Facebook or OpenID sign-in, or for a session opened before enrolment. Around both:
// - wrong codes are counted per account (not only per address): CODE_ATTEMPTS, then 429;
// - a TOTP code works once: its 30 s step must be newer than the last step accepted;
// - a right code marks the session it verified (`session.two_factor_verified_at`), which staff
//   powers need (http/authentication.ts);
// - turning two-factor off (POST /api/auth/two-factor/disable) needs such a session too: otherwise
//   a session from before enrolment, with the password, could turn it off and sign in again.

const VERIFY_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);
const TWO_FACTOR_COOKIE = 'two_factor';
/** better-auth's TOTP settings (its defaults, which we keep): 6 digits, 30 s, one step either side. */
const TOTP_PERIOD_MS = 30_000;
const TOTP_DIGITS = 6;
const TOTP_WINDOW = 1;

/** Wrong codes (TOTP or backup) an account may send in a window, whatever its addresses. */
export const CODE_ATTEMPTS: RateRule = { max: 5, windowSeconds: 5 * 60 };
export const TOO_MANY_CODES_MESSAGE =
  'Too many wrong codes for this account. Wait 5 minutes, then try again.';
export const CODE_ALREADY_USED_MESSAGE =
  'This code has already been used. Wait for the next code from your authenticator app.';

export const DISABLE_NEEDS_CODE_MESSAGE =
  'Turning two-factor sign-in off needs a sign-in that entered a code: sign in with your password and a code, then try again.';

const attemptKey = (userId: string) => `two-factor-codes:${userId}`;

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * The session token a `Bearer` header names: the raw token, or the part before the signature
 * (better-auth checks the signature; the raw token alone is accepted too, so this names no session
 * better-auth would not).
 */
function bearerSessionToken(authorization: string | null | undefined): string | null {
  const match = /^bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '');
  if (!match?.[1]) return null;
  let value = match[1];
  try {
    value = decodeURIComponent(value);
  } catch {
    // Not URL-encoded: taken as it is.
  }
  return value.split('.')[0] || null;
}

interface CallerSession {
  userId: string;
  /** This session verified a code. */
  verified: boolean;
  /** The account is enrolled in two-factor sign-in. */
  enrolled: boolean;
}

/** The session the request names (Bearer token, else the session cookie), as better-auth finds it. */
async function callerSession(ctx: HookContext, db: Db): Promise<CallerSession | null> {
  const token =
    bearerSessionToken(ctx.headers?.get('authorization')) ||
    (await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret));
  if (!token) return null;
  const { rows } = await db.$client.query<{
    user_id: string;
    verified: boolean;
    enrolled: boolean;
  }>(
    `SELECT s.user_id, s.two_factor_verified_at IS NOT NULL AS verified,
        u.two_factor_enabled AS enrolled
      FROM session s JOIN "user" u ON u.id = s.user_id
      WHERE s.token = $1 AND s.expires_at > now()`,
    [token],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, verified: row.verified, enrolled: row.enrolled } : null;
}

/**
 * Whose code this is, as better-auth's verifyTwoFactor decides it: the caller's session, else the
 * sign-in's two_factor cookie. Null: better-auth refuses.
 */
async function accountOfAttempt(ctx: HookContext, db: Db): Promise<string | null> {
  const session = await callerSession(ctx, db);
  if (session) return session.userId;
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE).name;
  const challenge = await ctx.getSignedCookie(cookie, ctx.context.secret);
  if (!challenge) return null;
  const found = await ctx.context.internalAdapter.findVerificationValue(challenge);
  return found && found.expiresAt > new Date() ? found.value : null;
}

/** RFC 4226 HOTP as better-auth computes it (the key is the secret's text). */
function hotp(secret: string, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', Buffer.from(secret, 'utf8')).update(message).digest();
  const offset = (mac.at(-1) ?? 0) & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** TOTP_DIGITS;
  return value.toString().padStart(TOTP_DIGITS, '0');
}

/** The time step whose code `code` is, within the window better-auth accepts, or null. */
export function totpStepOf(secret: string, code: string, now = Date.now()): number | null {
  const current = Math.floor(now / TOTP_PERIOD_MS);
  const typed = Buffer.from(code);
  let matched: number | null = null;
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step++) {
    const expected = Buffer.from(hotp(secret, step));
    if (typed.length === expected.length && timingSafeEqual(typed, expected)) matched = step;
  }
  return matched;
}

/**
 * A right TOTP code is accepted once: its step is claimed (one atomic update) before better-auth
 * checks it, so the same code sent twice, even at the same moment, passes once.
 */
async function claimTotpStep(ctx: HookContext, db: Db, userId: string, code: string) {
  const { rows } = await db.$client.query<{ secret: string }>(
    'SELECT secret FROM two_factor WHERE user_id = $1',
    [userId],
  );
  const row = rows[0];
  if (!row) return;
  const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
  const step = totpStepOf(secret, code.trim());
  // A wrong code: better-auth refuses it (and counts it toward its own lockout).
  if (step === null) return;
  const claimed = await db.$client.query(
    `UPDATE two_factor SET last_totp_step = $2
      WHERE user_id = $1 AND (last_totp_step IS NULL OR last_totp_step < $2)`,
    [userId, step],
  );
  if (claimed.rowCount === 0)
    throw new APIError('UNAUTHORIZED', {
      code: 'INVALID_CODE',
      message: CODE_ALREADY_USED_MESSAGE,
    });
}

function verifiedAnswer(returned: unknown): { token?: string; userId: string } | null {
  if (!returned || typeof returned !== 'object' || returned instanceof Error) return null;
  const { token, user } = returned as { token?: unknown; user?: { id?: unknown } };
  if (typeof user?.id !== 'string') return null;
  return { userId: user.id, ...(typeof token === 'string' && { token }) };
}

/** A better-auth plugin (after the two-factor plugin) holding the hooks described above. */
export function secondFactorSession(db: Db): BetterAuthPlugin {
  const matcher = (ctx: { path?: string }) => VERIFY_PATHS.has(ctx.path ?? '');
  return {
    id: 'toolhouse-second-factor',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/two-factor/disable',
          handler: createAuthMiddleware(async (ctx) => {
            const session = await callerSession(ctx, db);
            if (session?.enrolled && !session.verified)
              throw new APIError('FORBIDDEN', {
                code: 'FORBIDDEN',
                message: DISABLE_NEEDS_CODE_MESSAGE,
              });
          }),
        },
        {
          matcher,
          handler: createAuthMiddleware(async (ctx) => {
            const userId = await accountOfAttempt(ctx, db);
            if (!userId) return;
            // Counted first, given back on success: parallel guesses cannot pass together.
            if (!(await takeRateLimitHit(db, attemptKey(userId), CODE_ATTEMPTS)))
              throw new APIError('TOO_MANY_REQUESTS', {
                code: 'TOO_MANY_REQUESTS',
                message: TOO_MANY_CODES_MESSAGE,
              });
            const code: unknown = (ctx.body as { code?: unknown } | undefined)?.code;
            if (ctx.path === '/two-factor/verify-totp' && typeof code === 'string')
              await claimTotpStep(ctx, db, userId, code);
          }),
        },
      ],
      after: [
        {
          matcher,
          handler: createAuthMiddleware(async (ctx) => {
            const verified = verifiedAnswer(ctx.context.returned);
            if (!verified) return;
            await returnRateLimitHit(db, attemptKey(verified.userId));
            // The session this code verified: the one the sign-in's second step or enrolment just
            // created, or the caller's own (its token is in the answer).
            const tokens = [ctx.context.newSession?.session.token, verified.token].filter(
              (token): token is string => typeof token === 'string',
            );
            await db.$client.query(
              `UPDATE session SET two_factor_verified_at = now()
                WHERE token = ANY($1::text[]) AND user_id = $2`,
              [tokens, verified.userId],
            );
          }),
        },
      ],
    },
  };
}
