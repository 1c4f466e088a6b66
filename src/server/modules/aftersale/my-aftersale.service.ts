import { and, eq, inArray, sql } from 'drizzle-orm';
import { RETURN_WINDOW_DAYS, type MyAftersale } from '../../../shared/aftersale.ts';
import { centsToDollars } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import {
  orderAftersale,
  orderReturn,
  purchase,
  recall,
  recallNotice,
  warrantyRegistration,
} from '../../db/schema.ts';
import type { AuthUser } from '../auth/index.ts';
import { recallCovers } from './recalls.service.ts';
import { succeededRefunds, toRefund } from './refunds.service.ts';
import { selectReturns, shippedAt, toReturn } from './returns.service.ts';

/**
 * GET /api/aftersale/mine: for each of the caller's paid orders, what My Orders shows after the
 * sale: refunds, returns, how many units may still be returned or registered, serials with their
 * warranty end, and the recalls that cover it (with whether the caller has read each).
 */
export async function myAftersale(db: Db, caller: AuthUser): Promise<MyAftersale> {
  const orders = await db
    .select({
      id: purchase.id,
      status: purchase.status,
      quantity: purchase.quantity,
      inWindow: sql<boolean>`coalesce(${shippedAt} > now() - make_interval(days => ${RETURN_WINDOW_DAYS}), false)`,
      returning: sql<number>`coalesce(${orderAftersale.returningQuantity}, 0)`,
      serials: sql<number>`coalesce(${orderAftersale.serials}, 0)`,
    })
    .from(purchase)
    .leftJoin(orderAftersale, eq(orderAftersale.purchaseId, purchase.id))
    .where(
      and(
        eq(purchase.userId, caller.id),
        eq(purchase.paid, true),
        inArray(purchase.status, ['pending', 'shipped']),
      ),
    );
  if (orders.length === 0) return {};
  const ids = orders.map((order) => order.id);
  const [refunds, returns, serials, recalls] = await Promise.all([
    succeededRefunds(db, ids),
    selectReturns(db, eq(orderReturn.userId, caller.id)),
    db
      .select({
        purchaseId: warrantyRegistration.purchaseId,
        serial: warrantyRegistration.serial,
        endsAt: warrantyRegistration.endsAt,
      })
      .from(warrantyRegistration)
      .where(eq(warrantyRegistration.userId, caller.id))
      .orderBy(warrantyRegistration.createdAt),
    db
      .select({
        purchaseId: purchase.id,
        id: recall.id,
        title: recall.title,
        hazard: recall.hazard,
        remedy: recall.remedy,
        acknowledgedAt: recallNotice.acknowledgedAt,
      })
      .from(recallNotice)
      .innerJoin(recall, eq(recall.id, recallNotice.recallId))
      .innerJoin(purchase, and(eq(purchase.userId, recallNotice.userId), recallCovers))
      .where(eq(recallNotice.userId, caller.id))
      .orderBy(recall.createdAt),
  ]);
  const result: MyAftersale = {};
  for (const order of orders) {
    const own = refunds.filter((r) => r.purchaseId === order.id);
    const shipped = order.status === 'shipped';
    result[order.id] = {
      refunded: centsToDollars(own.reduce((sum, r) => sum + r.amountCents, 0)),
      refunds: own.map(toRefund),
      returns: returns.filter((r) => r.purchaseId === order.id).map(toReturn),
      returnable: shipped && order.inWindow ? order.quantity - Number(order.returning) : 0,
      serials: serials
        .filter((s) => s.purchaseId === order.id)
        .map((s) => ({ serial: s.serial, endsAt: s.endsAt.toISOString() })),
      unregistered: shipped ? order.quantity - Number(order.serials) : 0,
      recalls: recalls
        .filter((r) => r.purchaseId === order.id)
        .map((r) => ({
          _id: r.id,
          title: r.title,
          hazard: r.hazard,
          remedy: r.remedy,
          acknowledged: r.acknowledgedAt !== null,
        })),
    };
  }
  return result;
}
