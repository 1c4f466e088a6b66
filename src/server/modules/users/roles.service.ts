import { eq, sql } from 'drizzle-orm';
import { LAST_ADMIN_MESSAGE, ROLE_ADMIN, type Role } from '../../../shared/user.ts';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema.ts';
import { Conflict, NotFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';
import { normalizeEmail } from './users.service.ts';

/**
 * Role changes queue on one transaction-scoped advisory lock: two admins demoting the last two
 * admins at once would each still see the other as an admin under READ COMMITTED. Role changes are
 * rare and never on the order path, so serializing them costs nothing. (Transaction-scoped: safe
 * under PgBouncer's transaction pooling.)
 */
const ROLE_CHANGE_LOCK = sql`SELECT pg_advisory_xact_lock(hashtext('toolhouse:user-role'))`;

/**
 * PUT /api/user/role/{email}: grants or revokes a staff role (admin, catalogue, warehouse, or back
 * to customer). The last admin stays an admin (409). The change and its audit record commit
 * together; setting the role an account already has changes nothing and records nothing.
 */
export async function setRole(
  db: Db,
  email: string,
  role: Role,
  actor: Pick<AuthUser, 'id' | 'email'>,
): Promise<{ email: string; role: Role }> {
  return db.transaction(async (tx) => {
    await tx.execute(ROLE_CHANGE_LOCK);
    const [target] = await tx
      .select({ id: user.id, email: user.email, role: user.role })
      .from(user)
      .where(eq(sql`lower(${user.email})`, normalizeEmail(email)));
    if (!target) throw new NotFound('No account with that e-mail');
    if (target.role === role) return { email: target.email, role };
    if (target.role === ROLE_ADMIN) {
      const [{ admins } = { admins: 0 }] = await tx
        .select({ admins: sql<number>`count(*)::int` })
        .from(user)
        .where(eq(user.role, ROLE_ADMIN));
      if (admins <= 1) throw new Conflict(LAST_ADMIN_MESSAGE);
    }
    await tx.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, target.id));
    await recordAudit(tx, actor, {
      action: 'user.set-role',
      targetType: 'user',
      targetId: target.id,
      before: { email: target.email, role: target.role },
      after: { email: target.email, role },
    });
    return { email: target.email, role };
  });
}
