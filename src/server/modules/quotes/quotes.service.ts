import { and, desc, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { z } from 'zod';
import { ErrorCode } from '../../../shared/errors.ts';
import { centsToDollars, dollarsToCents } from '../../../shared/money.ts';
import {
  QUOTE_BELOW_MINIMUM_MESSAGE,
  QUOTE_EXPIRED_MESSAGE,
  QUOTE_NOT_FOUND_MESSAGE,
  quoteReference,
  quoteStateMessage,
  type Quote,
  type QuoteAcceptBodySchema,
  type QuoteAnswerBodySchema,
  type QuoteDeclineBodySchema,
  type QuoteRequestBodySchema,
} from '../../../shared/quote.ts';
import type { Db } from '../../db/client.ts';
import { product, quote, user, variantOffer } from '../../db/schema.ts';
import { WRONG_PRODUCT_SKU_MESSAGE } from '../../../shared/purchase.ts';
import { VARIANT_NOT_FOUND_MESSAGE, variantDisplayName } from '../../../shared/variant.ts';
import { AppError, Conflict, Invalid, NotFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import type { Pricer } from '../pricing/index.ts';
import {
  limitRefusal,
  placeOrderInTransaction,
  expireStaleHolds,
  isId,
  LINE_PROBLEM_MESSAGES,
  type PlaceCheckoutRow,
  type PlaceOptions,
} from '../purchases/index.ts';
import { can } from '../../../shared/permissions.ts';
import { quoteMailSql, transitionSql, type QuoteTransitionName } from './quote-lifecycle.ts';

type RequestInput = z.output<typeof QuoteRequestBodySchema>;
type AnswerInput = z.output<typeof QuoteAnswerBodySchema>;
type DeclineInput = z.output<typeof QuoteDeclineBodySchema>;
type AcceptInput = z.output<typeof QuoteAcceptBodySchema>;

const columns = {
  id: quote.id,
  number: quote.number,
  productId: quote.productId,
  productName: quote.productName,
  sku: quote.sku,
  customerEmail: user.email,
  quantity: quote.quantity,
  targetPriceCents: quote.targetPriceCents,
  message: quote.message,
  status: quote.status,
  quotedPriceCents: quote.quotedPriceCents,
  expiresAt: quote.expiresAt,
  reply: quote.reply,
  checkoutId: quote.checkoutId,
  createdAt: quote.createdAt,
};

const selectQuotes = (db: Db) =>
  db.select(columns).from(quote).innerJoin(user, eq(user.id, quote.userId));
type QuoteRow = Awaited<ReturnType<typeof selectQuotes>>[number];

function toQuote(row: QuoteRow): Quote {
  return {
    _id: row.id,
    reference: quoteReference(row.number),
    productId: row.productId,
    product: row.productName,
    sku: row.sku,
    customerEmail: row.customerEmail,
    quantity: row.quantity,
    targetPrice: row.targetPriceCents === null ? null : centsToDollars(row.targetPriceCents),
    message: row.message,
    status: row.status,
    price: row.quotedPriceCents === null ? null : centsToDollars(row.quotedPriceCents),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    reply: row.reply,
    checkoutId: row.checkoutId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A customer sees their own quotes only (another's is 404); an admin every quote. */
/** Quotes are priced by admins only (a warehouse or catalogue role sees its own, like a customer). */
const isAdmin = (caller: AuthUser) => can(caller.role, 'admin.other');

const visibleTo = (caller: AuthUser) => (isAdmin(caller) ? undefined : eq(quote.userId, caller.id));

/**
 * Quotes whose quoted price passed its expiry become `expired` (timeline, mail to the customer):
 * swept when quotes are read, and by the jobs plugin. Accepting checks the expiry in its own guard,
 * so a quote not swept yet still cannot be accepted late.
 */
export async function expireQuotes(db: Db): Promise<number> {
  const result = await db.$client.query(transitionSql('expire', 'system', 'true'));
  return result.rowCount ?? 0;
}

/**
 * POST /api/quotes: a signed-in customer asks for a price for a quantity (may exceed the stock) of
 * a variant (issue 34): its SKU's, which must be the product's (409), or the product's default.
 * The minimum is the variant's.
 */
export async function requestQuote(db: Db, caller: AuthUser, input: RequestInput): Promise<Quote> {
  if (!isId(input.productId)) throw new NotFound('Product not found');
  const [item] = await db
    .select({
      name: product.name,
      variantId: variantOffer.id,
      productId: variantOffer.productId,
      sku: variantOffer.sku,
      label: variantOffer.label,
      minQuantity: variantOffer.minQuantity,
    })
    .from(variantOffer)
    .innerJoin(product, eq(product.id, variantOffer.productId))
    .where(
      input.sku === undefined
        ? eq(
            variantOffer.id,
            sql`(SELECT default_variant_id FROM product_offer
            WHERE id = ${input.productId})`,
          )
        : eq(sql`lower(${variantOffer.sku})`, input.sku.toLowerCase()),
    );
  if (!item) {
    const [exists] = await db
      .select({ id: product.id })
      .from(product)
      .where(eq(product.id, input.productId));
    if (!exists) throw new NotFound('Product not found');
    throw new NotFound(VARIANT_NOT_FOUND_MESSAGE);
  }
  if (item.productId !== input.productId)
    throw new Conflict(WRONG_PRODUCT_SKU_MESSAGE, { sku: WRONG_PRODUCT_SKU_MESSAGE });
  if (input.quantity < item.minQuantity)
    throw new Invalid(QUOTE_BELOW_MINIMUM_MESSAGE, { quantity: QUOTE_BELOW_MINIMUM_MESSAGE });
  const result = await db.execute<{ id: string }>(sql`
    WITH created AS (
      INSERT INTO ${quote} (user_id, product_id, variant_id, sku, product_name, quantity,
        target_price_cents, message)
      VALUES (${caller.id}, ${input.productId}, ${item.variantId}, ${item.sku},
        ${variantDisplayName(item.name, item.label)}, ${input.quantity},
        ${input.targetPrice === undefined ? null : dollarsToCents(input.targetPrice)}, ${input.message})
      RETURNING id
    ), timeline AS (
      INSERT INTO quote_event (quote_id, event, actor) SELECT id, 'requested', 'customer' FROM created
    ), mailed AS (
      ${sql.raw(quoteMailSql('created', 'requested', 'admins'))}
    )
    SELECT id FROM created`);
  const id = result.rows[0]?.id;
  if (!id) throw new Error('INSERT … RETURNING gave no row');
  return getQuote(db, caller, id);
}

/** GET /api/quotes: the caller's quotes (every quote for an admin), newest first. */
export async function listQuotes(db: Db, caller: AuthUser): Promise<Quote[]> {
  await expireQuotes(db);
  const rows = await selectQuotes(db)
    .where(visibleTo(caller))
    .orderBy(desc(quote.createdAt), desc(quote.id))
    .limit(500);
  return rows.map(toQuote);
}

/** GET /api/quotes/{id}. */
export async function getQuote(db: Db, caller: AuthUser, id: string): Promise<Quote> {
  if (!isId(id)) throw new NotFound(QUOTE_NOT_FOUND_MESSAGE);
  const [row] = await selectQuotes(db).where(and(eq(quote.id, id), visibleTo(caller)));
  if (!row) throw new NotFound(QUOTE_NOT_FOUND_MESSAGE);
  return toQuote(row);
}

/** Why a transition found nothing to change: 404 when the caller can't see it, else 409. */
async function refusal(db: Db, caller: AuthUser, id: string): Promise<AppError> {
  const found = await getQuote(db, caller, id);
  if (found.status === 'quoted' && found.expiresAt && Date.parse(found.expiresAt) <= Date.now())
    return new Conflict(QUOTE_EXPIRED_MESSAGE);
  return new Conflict(quoteStateMessage(found.status));
}

/**
 * Applies a transition that places nothing (answer, decline, withdraw) in one statement. By the
 * customer: on their own quote only (`$2`). By an admin: any quote, `set` taking `values` from `$2`.
 */
async function transition(
  db: Db,
  caller: AuthUser,
  id: string,
  name: QuoteTransitionName,
  change: { by: 'customer' } | { by: 'admin'; set: string; values: unknown[] },
): Promise<Quote> {
  if (!isId(id)) throw new NotFound(QUOTE_NOT_FOUND_MESSAGE);
  const text =
    change.by === 'customer'
      ? transitionSql(name, 'customer', 'quote.id = $1::uuid AND quote.user_id = $2')
      : transitionSql(name, 'admin', 'quote.id = $1::uuid', change.set);
  const params = change.by === 'customer' ? [id, caller.id] : [id, ...change.values];
  const changed = await db.$client.query(text, params);
  if ((changed.rowCount ?? 0) === 0) throw await refusal(db, caller, id);
  return getQuote(db, caller, id);
}

/** POST /api/quotes/{id}/answer (admin): a unit price valid for `validDays` days. */
export function answerQuote(db: Db, admin: AuthUser, id: string, input: AnswerInput) {
  return transition(db, admin, id, 'answer', {
    by: 'admin',
    set: `quoted_price_cents = $2::int, expires_at = now() + $3::int * interval '1 day', reply = $4::text`,
    values: [dollarsToCents(input.price), input.validDays, input.note],
  });
}

/** POST /api/quotes/{id}/decline: an admin (with a reason) or the customer, while open. */
export function declineQuote(db: Db, caller: AuthUser, id: string, input: DeclineInput) {
  if (isAdmin(caller))
    return transition(db, caller, id, 'decline', {
      by: 'admin',
      set: 'reply = $2::text',
      values: [input.reason],
    });
  return transition(db, caller, id, 'decline', { by: 'customer' });
}

/** POST /api/quotes/{id}/withdraw: the customer, while it is still requested. */
export function withdrawQuote(db: Db, caller: AuthUser, id: string) {
  return transition(db, caller, id, 'withdraw', { by: 'customer' });
}

export interface AcceptOutcome {
  quote: Quote;
  checkoutId: string;
  orderId: string;
}

/**
 * POST /api/quotes/{id}/accept: in ONE transaction, the quote's conditional UPDATE (quoted, not
 * expired, the caller's: so parallel accepts queue on its row and only the first finds it quoted)
 * and then the order statement for the quoted quantity at the quoted unit price, with every order
 * rule (limits, minimum, stock taken now). When the order is refused, everything rolls back and the
 * quote stays quoted (409). Placed as every order is (place-order.ts: a lost race is retried once as
 * a whole, then answered 503).
 */
export async function acceptQuote(
  db: Db,
  pool: Pick<pg.Pool, 'connect'>,
  pricer: Pricer,
  caller: AuthUser,
  id: string,
  input: AcceptInput,
  options: PlaceOptions,
): Promise<AcceptOutcome> {
  if (!isId(id)) throw new NotFound(QUOTE_NOT_FOUND_MESSAGE);
  await expireStaleHolds(db);
  // Shipping and tax for the delivery (issue 35), priced before the transaction (the pricing step
  // takes connections of its own): the statement then checks the price on its locked rows.
  const [asked] = await db
    .select({
      productId: quote.productId,
      sku: quote.sku,
      quantity: quote.quantity,
      unitPriceCents: quote.quotedPriceCents,
    })
    .from(quote)
    .where(and(eq(quote.id, id), eq(quote.userId, caller.id)));
  const line = (row: {
    productId: string | null;
    sku: string;
    quantity: number;
    unitPriceCents: number | null;
  }) => ({
    productId: row.productId,
    // The variant quoted (a quote from before variants: '' is the product's default).
    sku: row.sku || null,
    quantity: row.quantity,
    unitPriceCents: row.unitPriceCents ?? undefined,
  });
  const quoted =
    asked?.unitPriceCents != null ? await pricer.forPlacement(caller, input, [line(asked)]) : null;
  const placed = await placeOrderInTransaction<{ checkoutId: string; orderId: string }>(pool, {
    before: async (client) => {
      const accepted = await client.query<{
        product_id: string | null;
        sku: string;
        quantity: number;
        quoted_price_cents: number;
      }>(transitionSql('accept', 'customer', 'quote.id = $1::uuid AND quote.user_id = $2'), [
        id,
        caller.id,
      ]);
      const [row] = accepted.rows;
      if (!row || !quoted) return null;
      return {
        ...options,
        lines: [
          line({
            productId: row.product_id,
            sku: row.sku,
            quantity: row.quantity,
            unitPriceCents: row.quoted_price_cents,
          }),
        ],
        caller,
        address: quoted.addressText,
        phone: quoted.address.phone || input.phone,
        poReference: input.poReference || null,
        quoted,
      };
    },
    after: async (client, [line]) => {
      const refused = orderRefusal(line, options);
      if (refused) throw refused;
      if (!line?.checkoutId || !line.id)
        throw new Error('the checkout statement placed nothing and said no why');
      await client.query('UPDATE quote SET checkout_id = $2::uuid WHERE id = $1::uuid', [
        id,
        line.checkoutId,
      ]);
      return { checkoutId: line.checkoutId, orderId: line.id };
    },
  });
  if (placed === null) throw await refusal(db, caller, id);
  return { quote: await getQuote(db, caller, id), ...placed };
}

/** The order statement's refusal of the quote's order (the quote then stays quoted). */
function orderRefusal(row: PlaceCheckoutRow | undefined, options: PlaceOptions): AppError | null {
  if (!row) return null;
  const limits = limitRefusal(row, options.limits.maxUnpaidOrders);
  if (limits) return limits;
  if (row.line_problem) {
    const message = LINE_PROBLEM_MESSAGES[row.line_problem];
    return new AppError(409, ErrorCode.Conflict, message, { quantity: message });
  }
  return null;
}
