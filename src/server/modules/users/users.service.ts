import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { ProfileBodySchema, Profile } from '../../../shared/profile.ts';
import { can } from '../../../shared/permissions.ts';
import { ROLE_ADMIN, RoleSchema, type User } from '../../../shared/user.ts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { user, userProfile } from '../../db/schema.ts';
import { Forbidden, NotFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
const byEmail = (email: string) => eq(sql`lower(${user.email})`, normalizeEmail(email));

/** A customer may act on their own account only; whoever manages users, on anyone's. */
function assertSelfOrAdmin(caller: AuthUser, email: string): void {
  if (caller.email !== normalizeEmail(email) && !can(caller.role, 'users.manage')) {
    throw new Forbidden('You can only access your own account.');
  }
}

/**
 * PUT /api/user/{email}: the access token for the caller's own identity session, and only for
 * that e-mail (even an admin gets no token for someone else).
 */
export function issueAccessToken(caller: AuthUser, email: string): { token: string } {
  if (caller.email !== normalizeEmail(email))
    throw new Forbidden('That is not the e-mail you signed in with.');
  return { token: caller.sessionToken };
}

export async function isAdmin(
  db: Db,
  caller: AuthUser,
  email: string,
): Promise<{ admin: boolean }> {
  assertSelfOrAdmin(caller, email);
  if (caller.email === normalizeEmail(email)) return { admin: caller.role === ROLE_ADMIN };
  const [row] = await db.select({ role: user.role }).from(user).where(byEmail(email));
  return { admin: row?.role === ROLE_ADMIN };
}

export async function listUsers(db: Db): Promise<User[]> {
  const rows = await db
    .select({ id: user.id, email: user.email, name: user.name, role: user.role })
    .from(user)
    .orderBy(asc(user.createdAt), asc(user.id));
  return rows.map((row) => ({
    _id: row.id,
    email: row.email,
    name: row.name,
    role: RoleSchema.safeParse(row.role).data ?? 'user',
  }));
}

/** The audit log's actor for `npm run make-admin`, which runs as no account. */
export const CLI_ACTOR = { id: 'cli', email: 'cli' } as const;

/**
 * Grants the admin role; 0 when the account is unknown or already an admin. The grant and its audit
 * record (who, whom, role before -> after) commit together. `actor` is the admin doing it, or the
 * CLI when there is none.
 */
export async function makeAdmin(
  db: Db,
  email: string,
  actor: Pick<AuthUser, 'id' | 'email'> = CLI_ACTOR,
): Promise<{ modifiedCount: number }> {
  return db.transaction(async (tx) => {
    // Locked, so two admins granting at once record one change, not two.
    const targets = await tx
      .select({ id: user.id, email: user.email, role: user.role })
      .from(user)
      .where(and(byEmail(email), ne(user.role, ROLE_ADMIN)))
      .for('update');
    for (const target of targets) {
      await tx
        .update(user)
        .set({ role: ROLE_ADMIN, updatedAt: new Date() })
        .where(eq(user.id, target.id));
      await recordAudit(tx, actor, {
        action: 'user.make-admin',
        targetType: 'user',
        targetId: target.id,
        before: { email: target.email, role: target.role },
        after: { email: target.email, role: ROLE_ADMIN },
      });
    }
    return { modifiedCount: targets.length };
  });
}

/** The spec's profile list: one item for a known account (blank fields until saved), else none. */
export async function getProfiles(db: Db, caller: AuthUser, email: string): Promise<Profile[]> {
  assertSelfOrAdmin(caller, email);
  const rows = await db
    .select({
      name: user.name,
      email: user.email,
      location: userProfile.location,
      phone: userProfile.phone,
      linkedin: userProfile.linkedin,
    })
    .from(user)
    .leftJoin(userProfile, eq(userProfile.userId, user.id))
    .where(byEmail(email));
  return rows.map((r) => ({
    name: r.name,
    email: r.email,
    location: r.location ?? '',
    phone: r.phone ?? '',
    linkedin: r.linkedin ?? '',
  }));
}

export async function saveProfile(
  db: Db,
  caller: AuthUser,
  email: string,
  body: z.output<typeof ProfileBodySchema>,
): Promise<Profile> {
  assertSelfOrAdmin(caller, email);
  const [owner] = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(byEmail(email));
  if (!owner) throw new NotFound('No account with that e-mail');
  const values = {
    location: body.location,
    phone: body.phone,
    linkedin: body.linkedin,
    updatedAt: new Date(),
  };
  await db
    .insert(userProfile)
    .values({ userId: owner.id, ...values })
    .onConflictDoUpdate({ target: userProfile.userId, set: values });
  return {
    name: owner.name,
    email: owner.email,
    location: body.location,
    phone: body.phone,
    linkedin: body.linkedin,
  };
}
