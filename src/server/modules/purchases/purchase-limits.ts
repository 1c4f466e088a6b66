import { and, count, eq, gt } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { purchase } from '../../db/schema.ts';
import { Conflict } from '../../errors.ts';
import type { AuthUser } from '../../plugins/authentication.ts';
import { enforceRateLimit } from '../rate-limit/rate-limit.ts';

export const tooManyUnpaidOrdersMessage = (max: number) =>
  `You already have ${max} unpaid orders. Please pay for or delete one of them before placing another.`;

/**
 * Before an order is placed: the per-IP and per-account order rate, then the number of unpaid
 * orders the account holds (each holds stock, so a few accounts must not lock the whole stock for
 * the hold time). Parallel requests of one account are checked together, so a burst may pass the
 * count by a few; the rate limit bounds such bursts.
 */
export async function enforcePurchaseLimits(
  db: Db,
  caller: AuthUser,
  clientIp: string,
  config: Pick<AppConfig, 'orderRateLimitPerHour' | 'maxUnpaidOrders'>,
): Promise<void> {
  await enforceRateLimit(db, [`order:ip:${clientIp}`, `order:user:${caller.id}`], {
    max: config.orderRateLimitPerHour,
    windowSeconds: 60 * 60,
  });
  const [held] = await db
    .select({ unpaid: count() })
    .from(purchase)
    .where(
      and(
        eq(purchase.userId, caller.id),
        eq(purchase.status, 'pending'),
        eq(purchase.paid, false),
        gt(purchase.holdExpiresAt, new Date()),
      ),
    );
  if ((held?.unpaid ?? 0) >= config.maxUnpaidOrders)
    throw new Conflict(tooManyUnpaidOrdersMessage(config.maxUnpaidOrders));
}
