import type { Queryable } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import type { AuthUser } from '../auth/caller.ts';

export type AuditAction =
  | 'product.create'
  | 'product.update'
  | 'product.delete'
  | 'product.import'
  | 'webhook.create'
  | 'webhook.delete'
  | 'category.create'
  | 'category.update'
  | 'category.delete'
  | 'user.make-admin'
  | 'purchase.ship'
  | 'purchase.cancel'
  | 'review.hide'
  | 'review.show'
  | 'purchase.refund'
  | 'return.approve'
  | 'return.reject'
  | 'return.receive'
  | 'recall.create';

/**
 * Records an admin action (who, what, when, before -> after). Pass the transaction that made the
 * change, so the record and the change commit or roll back together.
 */
export async function recordAudit(
  db: Queryable,
  actor: Pick<AuthUser, 'id' | 'email'>,
  entry: {
    action: AuditAction;
    targetType: string;
    targetId: string;
    before?: unknown;
    after?: unknown;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
