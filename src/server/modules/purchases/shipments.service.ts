import { asc, inArray, sql } from 'drizzle-orm';
import type { Purchase, ShipmentResult } from '../../../shared/purchase.ts';
import {
  orderShipment,
  SHIPMENT_ONE_CHECKOUT_MESSAGE,
  type Tracking,
} from '../../../shared/shipment.ts';
import type { Db } from '../../db/client.ts';
import { purchase, shipment, shipmentOrder } from '../../db/schema.ts';
import { Invalid, NotFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import {
  allowed,
  applyEffects,
  ORDER_NOT_FOUND_MESSAGE,
  refusal,
  TRANSITIONS,
} from './purchase-lifecycle.ts';
import { auditTransition, isId } from './purchases.service.ts';

/*
 * Shipping (issue 35, docs/decisions/051): staff ship paid, pending orders of ONE checkout in a
 * parcel, with its carrier and tracking number or without tracking (the spec's Ship with its body
 * alone). A checkout may go out in several parcels; an order goes in one (shipment_order's key).
 * One transaction: the orders' ship transition (the lifecycle's guard), the parcel, the effects
 * (timeline, ONE shipped mail per parcel with its tracking link, the order.shipped webhooks) and
 * the audit of each order. All the orders ship, or none does.
 */

/**
 * Ships the orders `orderIds` in one parcel. 404 when one is unknown; 400 when they are of
 * several checkouts; 409 (the lifecycle's refusal) when one is not paid and pending. Orders are
 * locked in id order first, so two parcels asked for at once never deadlock and exactly one of
 * them ships an order both name.
 */
export async function shipOrders(
  db: Db,
  staff: AuthUser,
  orderIds: readonly string[],
  tracking: Tracking | null,
): Promise<ShipmentResult> {
  const ids = [...new Set(orderIds)];
  if (ids.length === 0 || !ids.every(isId)) throw new NotFound(ORDER_NOT_FOUND_MESSAGE);
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: purchase.id,
        checkoutId: purchase.checkoutId,
        status: purchase.status,
        paid: purchase.paid,
      })
      .from(purchase)
      .where(inArray(purchase.id, ids))
      .orderBy(asc(purchase.id))
      .for('update');
    const [first] = rows;
    if (!first || rows.length !== ids.length) throw new NotFound(ORDER_NOT_FOUND_MESSAGE);
    const { checkoutId } = first;
    if (rows.some((row) => row.checkoutId !== checkoutId))
      throw new Invalid(SHIPMENT_ONE_CHECKOUT_MESSAGE, { orderIds: SHIPMENT_ONE_CHECKOUT_MESSAGE });
    const shipped = await tx
      .update(purchase)
      .set({ status: TRANSITIONS.ship.to, updatedAt: sql`now()` })
      .where(sql`${inArray(purchase.id, ids)} AND ${allowed('ship')}`)
      .returning({ id: purchase.id });
    const done = new Set(shipped.map((row) => row.id));
    // Locked above, so what stopped one is its state as read (the transaction rolls back).
    const stopped = rows.find((row) => !done.has(row.id));
    if (stopped) throw refusal('ship', stopped);
    const [parcel] = await tx
      .insert(shipment)
      .values({
        checkoutId,
        carrier: tracking?.carrier ?? null,
        trackingNumber: tracking?.trackingNumber ?? null,
        createdBy: staff.id,
      })
      .returning();
    if (!parcel) throw new Error('the parcel was not recorded');
    await tx
      .insert(shipmentOrder)
      .values(ids.map((id) => ({ purchaseId: id, shipmentId: parcel.id })));
    await applyEffects(tx, ids, 'shipped', 'admin');
    const orders: Purchase[] = [];
    // In the order asked for.
    for (const id of ids) orders.push(await auditTransition(tx, staff, 'ship', id));
    return {
      shipment: {
        ...orderShipment({
          id: parcel.id,
          carrier: parcel.carrier,
          trackingNumber: parcel.trackingNumber,
          shippedAt: parcel.createdAt,
        }),
        checkoutId,
      },
      orders,
    };
  });
}

/**
 * PUT /api/purchase/{id}: ships one paid, pending order (staff), in a parcel of its own, with
 * tracking when the body names the carrier and the number.
 */
export async function shipPurchase(
  db: Db,
  staff: AuthUser,
  id: string,
  tracking: Tracking | null,
): Promise<Purchase> {
  const { orders } = await shipOrders(db, staff, [id], tracking);
  const [order] = orders;
  if (!order) throw new Error(`order ${id} shipped but not read back`);
  return order;
}
