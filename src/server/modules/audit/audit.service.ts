import type { Queryable } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import type { AuthUser } from '../auth/index.ts';

/**
 * What a staff action is called in the log: `<thing>.<verb>`. The known ones are listed; a module
 * added later may use its own name in that form (it shows up in the audit screen's filter at once).
 */
export type AuditAction = KnownAuditAction | (`${string}.${string}` & {});

type KnownAuditAction =
  | 'user.set-role'
  | 'image.upload'
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
  | 'recall.create'
  | 'recall.lift';

/**
 * THE hook for every staff action (any issue): call it inside the transaction that makes the change.
 * Records a staff action (who, what, when, before -> after). Pass the transaction that made the
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
