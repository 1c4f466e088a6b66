import { and, eq, sql } from 'drizzle-orm';
import {
  ALL_SERIALS_REGISTERED_MESSAGE,
  SERIAL_NOT_FOUND_MESSAGE,
  SERIAL_PATTERN,
  SERIAL_TAKEN_MESSAGE,
  WARRANTY_ONLY_SHIPPED_MESSAGE,
  type Warranty,
} from '../../../shared/aftersale.ts';
import { ErrorCode } from '../../../shared/errors.ts';
import type { Db } from '../../db/client.ts';
import { orderAftersale, purchase, warrantyRegistration } from '../../db/schema.ts';
import { AppError, Conflict, NotFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { applyEffects, ORDER_NOT_FOUND_MESSAGE, isId } from '../purchases/index.ts';
import { ensureAftersaleRow } from './order-aftersale.ts';

/*
 * Warranty registration (issue 25): one serial per unit of a shipped order, unique shop-wide (the
 * primary key). The warranty starts at the order's paid date and lasts WARRANTY_YEARS: both are
 * computed by the database from the order, never taken from the browser.
 */

const UNIQUE_VIOLATION = '23505';
const pgErrorCode = (error: unknown): string | undefined => {
  const { code, cause } = error as { code?: string; cause?: { code?: string } };
  return code ?? cause?.code;
};

const warrantyColumns = {
  serial: warrantyRegistration.serial,
  purchaseId: warrantyRegistration.purchaseId,
  product: sql<string>`${purchase.productName} || CASE WHEN ${purchase.variantLabel} = '' THEN '' ELSE ' (' || ${purchase.variantLabel} || ')' END`,
  sku: purchase.sku,
  customerName: purchase.customerName,
  customerEmail: purchase.customerEmail,
  startsAt: warrantyRegistration.startsAt,
  endsAt: warrantyRegistration.endsAt,
};

async function oneWarranty(db: Db, serial: string): Promise<Warranty | null> {
  const [row] = await db
    .select(warrantyColumns)
    .from(warrantyRegistration)
    .innerJoin(purchase, eq(purchase.id, warrantyRegistration.purchaseId))
    .where(eq(warrantyRegistration.serial, serial));
  if (!row) return null;
  return { ...row, startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString() };
}

/**
 * POST /api/purchase/{id}/serials {serial}: the order's customer registers one unit. 404 not their
 * order; 409 not shipped, every unit registered (one guarded UPDATE), or the serial taken.
 */
export async function registerSerial(
  db: Db,
  caller: AuthUser,
  purchaseId: string,
  serial: string,
  warrantyYears: number,
): Promise<Warranty> {
  if (!isId(purchaseId)) throw new NotFound(ORDER_NOT_FOUND_MESSAGE);
  try {
    await db.transaction(async (tx) => {
      const [order] = await tx
        .select({ status: purchase.status })
        .from(purchase)
        .where(and(eq(purchase.id, purchaseId), eq(purchase.userId, caller.id)));
      if (!order) throw new NotFound(ORDER_NOT_FOUND_MESSAGE);
      if (order.status !== 'shipped') throw new Conflict(WARRANTY_ONLY_SHIPPED_MESSAGE);
      await ensureAftersaleRow(tx, purchaseId);
      const [counted] = await tx
        .update(orderAftersale)
        .set({ serials: sql`${orderAftersale.serials} + 1` })
        .where(
          and(
            eq(orderAftersale.purchaseId, purchaseId),
            sql`${orderAftersale.serials} < ${orderAftersale.quantity}`,
          ),
        )
        .returning({ purchaseId: orderAftersale.purchaseId });
      if (!counted) throw new Conflict(ALL_SERIALS_REGISTERED_MESSAGE);
      await tx.execute(sql`
        INSERT INTO ${warrantyRegistration} (serial, purchase_id, user_id, starts_at, ends_at)
        SELECT ${serial}, id, user_id, paid_at, paid_at + make_interval(years => ${warrantyYears})
        FROM ${purchase} WHERE id = ${purchaseId} AND paid_at IS NOT NULL`);
      await applyEffects(tx, [purchaseId], 'warranty_registered', 'customer');
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION)
      throw new AppError(409, ErrorCode.Conflict, SERIAL_TAKEN_MESSAGE, {
        serial: SERIAL_TAKEN_MESSAGE,
      });
    throw error;
  }
  const made = await oneWarranty(db, serial);
  if (!made) throw new Error(`serial ${serial} vanished after its registration`);
  return made;
}

/** GET /api/warranty/{serial} (admins): the unit's order, customer and warranty dates. */
export async function lookUpSerial(db: Db, serial: string): Promise<Warranty> {
  const normalized = serial.trim().toUpperCase();
  const found = SERIAL_PATTERN.test(normalized) ? await oneWarranty(db, normalized) : null;
  if (!found) throw new NotFound(SERIAL_NOT_FOUND_MESSAGE);
  return found;
}
