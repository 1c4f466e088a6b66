import type { BetterAuthOptions } from 'better-auth';
import type pg from 'pg';
import { RoleSchema } from '../../shared/user.ts';
import { keptPlan } from '../db/kept-plan.ts';
import type { Auth, AuthUser } from '../modules/auth/index.ts';
import { sessionTokenOf } from './bearer-token.ts';

interface SessionRow {
  expires_at: Date;
  id: string;
  email: string;
  name: string;
  role: string;
  email_verified: boolean;
  two_factor_enabled: boolean;
  two_factor_verified: boolean;
}

// One indexed query (session.token is unique, user.id the primary key) with its plan kept
// (src/server/db/kept-plan.ts: PgBouncer in transaction pooling mode keeps no named prepared
// statements); sent as text it was planned on every request, five times its own run.
const sessionQuery = keptPlan({
  name: 'session_of_token',
  sql: `SELECT s.expires_at, u.id, u.email, u.name, u.role, u.email_verified,
      u.two_factor_enabled, s.two_factor_verified_at IS NOT NULL AS two_factor_verified
    FROM session s JOIN "user" u ON u.id = s.user_id
    WHERE s.token = $1`,
  params: ['text'],
  columns: [
    ['expires_at', 'timestamp with time zone'],
    ['id', 'text'],
    ['email', 'text'],
    ['name', 'text'],
    ['role', 'text'],
    ['email_verified', 'boolean'],
    ['two_factor_enabled', 'boolean'],
    ['two_factor_verified', 'boolean'],
  ],
  volatility: 'STABLE',
});

export type SessionLookup = (authorization: string | undefined) => Promise<AuthUser | null>;

/**
 * What `auth.api.getSession` answers for a Bearer header, in one query instead of better-auth's
 * request pipeline: the same token rules (bearer-token.ts), the same expiry (an expired session is
 * deleted and refused), the same sliding refresh (through better-auth's own adapter, once per
 * `updateAge`), and the user and role as the database has them now, on every request. A signed-out
 * (deleted) session is refused at once: nothing is cached. Database errors are thrown to the caller.
 */
export function createSessionLookup(auth: Auth, pool: Pick<pg.Pool, 'query'>): SessionLookup {
  const context = auth.$context;
  return async (authorization) => {
    const ctx = await context;
    const token = sessionTokenOf(authorization, ctx.secret);
    if (token === null) return null;
    const { rows } = await sessionQuery.query<SessionRow>(pool, [token]);
    const row = rows[0];
    if (!row) return null;

    // Our options as better-auth typed them (the hardening of auth.ts may add session settings).
    const options = (ctx.options as BetterAuthOptions).session;
    // As getSession (a GET): with deferred refresh it writes nothing.
    const mayWrite = !options?.deferSessionRefresh;
    const now = Date.now();
    if (row.expires_at.getTime() < now) {
      if (mayWrite) await ctx.internalAdapter.deleteSession(token);
      return null;
    }
    const { expiresIn, updateAge } = ctx.sessionConfig;
    const due = row.expires_at.getTime() - expiresIn * 1000 + updateAge * 1000 <= now;
    if (due && mayWrite && !options?.disableSessionRefresh) {
      const refreshed = await ctx.internalAdapter.updateSession(token, {
        expiresAt: new Date(now + expiresIn * 1000),
        updatedAt: new Date(now),
      });
      // Deleted in between (signed out): better-auth refuses it too.
      if (!refreshed) return null;
    }
    return {
      id: row.id,
      email: row.email.toLowerCase(),
      name: row.name,
      // An unknown role (none today: the column is checked) counts as a customer.
      role: RoleSchema.safeParse(row.role).data ?? 'user',
      emailVerified: row.email_verified,
      twoFactorEnabled: row.two_factor_enabled,
      sessionTwoFactorVerified: row.two_factor_verified,
      sessionToken: token,
    };
  };
}
