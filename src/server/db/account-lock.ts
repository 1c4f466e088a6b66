import { eq } from 'drizzle-orm';
import { Unauthorized } from '../errors.ts';
import type { Tx } from './client.ts';
import { user } from './schema.ts';

/**
 * Serializes one account's read-then-write changes of its own rows (the basket's replace and
 * merge, the saved-address cap) until the transaction ends: the account's user row is their one
 * natural lock. NO KEY UPDATE leaves the foreign-key checks of rows that reference the account
 * (KEY SHARE) unblocked, and a transaction lock works through a transaction-pooling PgBouncer.
 * Take it first in the transaction, so every path locks in the same order.
 */
export async function lockAccount(tx: Tx, userId: string): Promise<void> {
  const [account] = await tx
    .select({ id: user.id })
    .from(user)
    .where(eq(user.id, userId))
    .for('no key update');
  // Deleted while this request ran: nothing of theirs may be written any more.
  if (!account) throw new Unauthorized();
}
