import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { BASKET_EMPTY_MESSAGE, GONE_PRODUCT_NAME } from '../../../shared/basket.ts';
import {
  CHECKOUT_LINES_FAILED_MESSAGE,
  checkoutGoneMessage,
  type Checkout,
  type CheckoutBodySchema,
  type CheckoutPlaced,
} from '../../../shared/checkout.ts';
import { ErrorCode } from '../../../shared/errors.ts';
import { centsToDollars } from '../../../shared/money.ts';
import { orderActions } from '../../../shared/order-actions.ts';
import type { Db } from '../../db/client.ts';
import { checkout, purchase } from '../../db/schema.ts';
import { AppError, Conflict, NotFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import type { Pricer } from '../pricing/index.ts';
import { PRICES_CHANGED_MESSAGE } from '../../../shared/pricing.ts';
import {
  checkoutReference,
  expireStaleHolds,
  seesAllOrders,
  isId,
  LINE_PROBLEM_MESSAGES,
  placeCheckoutLines,
  placedPurchase,
  type PlaceOptions,
  selectOrders,
  toPurchase,
  checkoutTerms,
  placedTerms,
} from '../purchases/index.ts';

export const CHECKOUT_NOT_FOUND_MESSAGE = 'Checkout not found';

type CheckoutInput = z.output<typeof CheckoutBodySchema>;

/**
 * POST /api/checkout: the caller's stored basket placed by the checkout statement (order-statement
 * .ts), one order per line, all or nothing. Refusals: the limits (429, 409) as for one purchase; an
 * empty basket (409); else every failing line named in `fields` by its product id (409; a deleted
 * product's line also by its name in the message, issue 39), and the basket stays. On success the
 * basket is empty.
 */
export async function placeCheckout(
  db: Db,
  pricer: Pricer,
  caller: AuthUser,
  input: CheckoutInput,
  options: PlaceOptions,
): Promise<CheckoutPlaced> {
  const quoted = await pricer.forPlacement(caller, input, null);
  const rows = await placeCheckoutLines(db, {
    ...options,
    lines: null,
    caller,
    address: quoted.addressText,
    phone: quoted.address.phone || input.phone,
    poReference: input.poReference || null,
    quoted,
  });
  const orders = rows.map(placedPurchase).filter((order) => order !== null);
  const [first] = orders;
  if (first && orders.length === rows.length)
    return {
      checkoutId: first.checkoutId,
      reference: first.checkoutReference,
      orders,
      totalPrice: centsToDollars(rows.reduce((sum, row) => sum + (row.amountCents ?? 0), 0)),
      ...placedTerms(rows[0]),
    };
  const fields: Record<string, string> = {};
  const gone: string[] = [];
  let onlyPrices = true;
  for (const row of rows) {
    if (!row.line_problem || !row.line_product_id) continue;
    fields[row.line_product_id] = LINE_PROBLEM_MESSAGES[row.line_problem];
    if (row.line_problem === 'gone') gone.push(row.line_name ?? GONE_PRODUCT_NAME);
    if (row.line_problem !== 'price_changed') onlyPrices = false;
  }
  if (Object.keys(fields).length === 0) throw new Conflict(BASKET_EMPTY_MESSAGE);
  const message =
    gone.length > 0
      ? checkoutGoneMessage(gone)
      : onlyPrices
        ? PRICES_CHANGED_MESSAGE
        : CHECKOUT_LINES_FAILED_MESSAGE;
  throw new AppError(409, ErrorCode.Conflict, message, fields);
}

/** GET /api/checkouts/{id}: a checkout with all its orders (its owner or an admin). */
export async function getCheckout(db: Db, caller: AuthUser, id: string): Promise<Checkout> {
  if (!isId(id)) throw new NotFound(CHECKOUT_NOT_FOUND_MESSAGE);
  await expireStaleHolds(db);
  const [found] = await db
    .select()
    .from(checkout)
    .where(
      and(eq(checkout.id, id), seesAllOrders(caller) ? undefined : eq(checkout.userId, caller.id)),
    );
  if (!found) throw new NotFound(CHECKOUT_NOT_FOUND_MESSAGE);
  const rows = await selectOrders(db)
    .where(eq(purchase.checkoutId, id))
    .orderBy(asc(purchase.productName), asc(purchase.id));
  const orders = rows.map(toPurchase);
  const dueCents = rows
    .filter(
      (row) => orderActions({ stat: row.status, paid: row.paid, onAccount: row.onAccount }).canPay,
    )
    .reduce((sum, row) => sum + row.amountCents, 0);
  const subtotalCents = rows.reduce((sum, row) => sum + row.totalCents, 0);
  return {
    ...(await checkoutTerms(db, found.id)),
    _id: found.id,
    reference: checkoutReference(found.number),
    poReference: found.poReference,
    orders,
    totalPrice: centsToDollars(dueCents),
    paid: found.transactionId !== null,
    createdAt: found.createdAt.toISOString(),
    deliveryAddress: found.deliveryAddress,
    shippingMethod: found.shippingMethodName,
    shippingDeliveryText: found.shippingDeliveryText,
    subtotal: centsToDollars(subtotalCents),
    shipping: centsToDollars(found.shippingCents),
    tax: centsToDollars(found.taxCents),
    total: centsToDollars(found.totalCents ?? subtotalCents + found.shippingCents + found.taxCents),
    pricesIncludeTax: found.pricesIncludeTax,
    taxNote: found.taxNote,
  };
}
