import { randomBytes, randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { OrderEvent } from '../../../shared/order-status.ts';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_NOT_FOUND_MESSAGE,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointBodySchema,
  type WebhookEvent,
} from '../../../shared/webhooks.ts';
import { IdSchema } from '../../../shared/ids.ts';
import { orderShipment } from '../../../shared/shipment.ts';
import { invoiceNumber } from '../../../shared/invoices.ts';
import { z } from 'zod';
import type { Db, Queryable } from '../../db/client.ts';
import {
  checkout,
  purchase,
  shipment,
  shipmentOrder,
  webhookDelivery,
  webhookEndpoint,
} from '../../db/schema.ts';
import { NotFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';
import { enqueueSql, enqueueText, defineJob } from '../outbox/index.ts';
import { RefusedAddressError } from './webhook-address.ts';
import { postWebhook, type WebhookRequestOptions } from './webhook-request.ts';
import { signatureHeader } from './webhook-signature.ts';

type Actor = Pick<AuthUser, 'id' | 'email'>;

/** The outbox job of one delivery (kind `webhook`): one per endpoint and event. */
const WebhookJobSchema = z.object({
  endpointId: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  eventId: z.string(),
  occurredAt: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookJob = z.infer<typeof WebhookJobSchema>;

declare module '../outbox/jobs.ts' {
  interface JobContext {
    /** How webhook deliveries connect (WEBHOOK_ALLOW_PRIVATE; tests add their own DNS). */
    webhooks?: WebhookRequestOptions;
  }
}

// ---- Retry: with backoff for 24 hours ----

/**
 * 45 s, 90 s, 3 min … 96 min, then 3 h between attempts: the 16th and last attempt comes 24 h
 * 11 min after the first (the 15th at 21 h 11 min), so a receiver down for a whole day still gets
 * the event.
 */
export const webhookBackoffMs = (attempt: number) =>
  Math.min(45_000 * 2 ** (attempt - 1), 3 * 3_600_000);
/** Attempts over 24 hours with the backoff above. */
export const WEBHOOK_MAX_ATTEMPTS = 16;
export const WEBHOOK_RETRY_HOURS = 24;

// ---- Endpoints (admins) ----

const toEndpoint = (row: typeof webhookEndpoint.$inferSelect): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEvent[],
  createdAt: row.createdAt.toISOString(),
});

export async function listWebhookEndpoints(db: Db): Promise<WebhookEndpoint[]> {
  const rows = await db.select().from(webhookEndpoint).orderBy(webhookEndpoint.createdAt);
  return rows.map(toEndpoint);
}

/** Registers an endpoint; its signing secret is in this answer only. */
export async function createWebhookEndpoint(
  db: Db,
  actor: Actor,
  body: z.output<typeof WebhookEndpointBodySchema>,
): Promise<WebhookEndpoint & { secret: string }> {
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoint)
      .values({ url: body.url, events: [...new Set(body.events)], secret, createdBy: actor.id })
      .returning();
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    const endpoint = toEndpoint(row);
    await recordAudit(tx, actor, {
      action: 'webhook.create',
      targetType: 'webhook',
      targetId: row.id,
      after: endpoint,
    });
    return { ...endpoint, secret };
  });
}

function assertWebhookId(id: string) {
  if (!IdSchema.safeParse(id).success) throw new NotFound(WEBHOOK_NOT_FOUND_MESSAGE);
}

export async function deleteWebhookEndpoint(db: Db, actor: Actor, id: string): Promise<void> {
  assertWebhookId(id);
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(webhookEndpoint).where(eq(webhookEndpoint.id, id)).returning();
    if (!row) throw new NotFound(WEBHOOK_NOT_FOUND_MESSAGE);
    await recordAudit(tx, actor, {
      action: 'webhook.delete',
      targetType: 'webhook',
      targetId: id,
      before: toEndpoint(row),
    });
  });
}

/** The endpoint's latest delivery attempts, newest first. */
export async function listWebhookDeliveries(
  db: Db,
  id: string,
  limit = 100,
): Promise<WebhookDelivery[]> {
  assertWebhookId(id);
  const [endpoint] = await db
    .select({ id: webhookEndpoint.id })
    .from(webhookEndpoint)
    .where(eq(webhookEndpoint.id, id));
  if (!endpoint) throw new NotFound(WEBHOOK_NOT_FOUND_MESSAGE);
  const rows = await db
    .select()
    .from(webhookDelivery)
    .where(eq(webhookDelivery.endpointId, id))
    .orderBy(desc(webhookDelivery.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    event: row.event,
    eventId: row.eventId,
    attempt: row.attempt,
    statusCode: row.statusCode,
    error: row.error,
    durationMs: row.durationMs,
    createdAt: row.createdAt.toISOString(),
  }));
}

// ---- Enqueuing: in the transaction of the change ----

/**
 * Queues `type` with `payload` for every endpoint subscribed to it, in the caller's transaction
 * (one INSERT … SELECT, whatever the number of endpoints), so the event leaves the shop exactly
 * when the change commits. `eventId` makes it idempotent (the same event is queued once per
 * endpoint); by default a new one. The hook for other modules, e.g. refunds: order.refunded.
 */
export async function enqueueWebhookEvent(
  tx: Queryable,
  type: WebhookEvent,
  payload: Record<string, unknown>,
  eventId: string = randomUUID(),
): Promise<void> {
  await tx.execute(
    enqueueSql(webhookJob, {
      key: sql`'webhook:' || e.id || ':' || ${eventId}`,
      from: sql`${webhookEndpoint} e WHERE ${type}::text = ANY(e.events)`,
      payload: {
        endpointId: sql`e.id`,
        event: sql`${type}::text`,
        eventId: sql`${eventId}::text`,
        occurredAt: sql`now()`,
        data: sql`${JSON.stringify(payload)}::jsonb`,
      },
    }),
  );
}

/** Stock at or under this many units is low (stock.low, once per crossing). */
export const STOCK_LOW_THRESHOLD = 10;

/**
 * A product event's data, from the row `alias` of a product's offer (product_offer: its default
 * variant's SKU, price and stock) or of a changed variant (`productId` its product's column).
 */
const productData = (alias: string, productId = `${alias}.id`) =>
  `jsonb_build_object('productId', ${productId}, 'sku', ${alias}.sku, 'name', ${alias}.name,
          'price', ${alias}.price_cents / 100.0, 'minQuantity', ${alias}.min_quantity,
          'availableQuantity', ${alias}.available_quantity, 'version', ${alias}.version)`;

/**
 * product.updated for the products `productIds` as they are now in the transaction (one
 * statement). Event ids are the product's id and version, so a change is announced once. (stock.low
 * is a consequence of the stock changing, queued by the stock's one owner: modules/stock, ADR 043.)
 */
export async function enqueueProductEvents(
  tx: Queryable,
  productIds: readonly string[],
): Promise<void> {
  if (productIds.length === 0) return;
  const eventId = sql`'product.updated:' || p.id || ':' || p.version`;
  await tx.execute(
    enqueueSql(webhookJob, {
      key: sql`'webhook:' || e.id || ':' || ${eventId}`,
      from: sql`product_offer p
    JOIN ${webhookEndpoint} e ON 'product.updated' = ANY(e.events)
    WHERE p.id = ANY(${sql.param([...productIds])}::uuid[])`,
      payload: {
        endpointId: sql`e.id`,
        event: sql`'product.updated'`,
        eventId,
        occurredAt: sql`now()`,
        data: sql.raw(productData('p')),
      },
    }),
  );
}

/**
 * The CTE `name` that queues stock.low for each product whose stock a change took from above
 * STOCK_LOW_THRESHOLD to at or under it, one per subscribed endpoint: the stock.low consequence of
 * the stock's one owner (modules/stock/stock-change.ts, ADR 043), for every path that changes
 * stock. `crossed` is a SELECT of such variants' `id, product_id, sku, name, price_cents,
 * min_quantity, available_quantity, version` as the change leaves them (plain text: no parameters). The event id
 * is `stock.low:<id>:<version>`, so a crossing is announced once. Without a crossing, no row: in
 * the order statement its cost is the filter over the checkout's few lines.
 */
export function stockLowEffectSql(crossed: string, name = 'stock_low_webhooks'): string {
  const eventId = `'stock.low:' || c.id || ':' || c.version`;
  return `${name} AS (
      ${enqueueText(webhookJob, {
        key: `'webhook:' || e.id || ':' || ${eventId}`,
        from: `(${crossed}) AS c JOIN webhook_endpoint e ON 'stock.low' = ANY(e.events)`,
        payload: {
          endpointId: 'e.id',
          event: `'stock.low'`,
          eventId,
          occurredAt: 'now()',
          data: productData('c', 'c.product_id'),
        },
      })}
    )`;
}

const ORDER_WEBHOOKS: Partial<Record<OrderEvent, WebhookEvent>> = {
  placed: 'order.placed',
  paid: 'order.paid',
  shipped: 'order.shipped',
  refunded: 'order.refunded',
};

/**
 * The lifecycle effect (purchase-lifecycle.ts effectsSql) that queues the order's webhook, one
 * per order and subscribed endpoint, as a CTE part; null for events no webhook announces. Plain
 * text built from the closed sets only.
 */
export function webhookEffectSql(event: OrderEvent, source: string): string | null {
  const type = ORDER_WEBHOOKS[event];
  if (!type) return null;
  // An order is placed, paid and shipped once, but may be refunded in several parts: each refund
  // (one transaction) is its own event.
  const eventId =
    event === 'refunded'
      ? `'${type}:' || s.id || ':' || pg_current_xact_id()::text`
      : `'${type}:' || s.id`;
  return webhookEventCte(
    'effect_webhooks',
    type,
    source,
    eventId,
    `jsonb_build_object('orderId', s.id, 'checkoutId', s.checkout_id)`,
  );
}

/**
 * The CTE `name` queuing the event `type` for each row of `source` (a CTE or table, as `s`), one
 * per subscribed endpoint, with the event id `eventId` and the `data` (SQL expressions over `s`):
 * the key is the endpoint's and the event's, so an event is queued once. Plain text (no
 * parameters): the order lifecycle's and the invoices' effects (issue 37).
 */
export function webhookEventCte(
  name: string,
  type: WebhookEvent,
  source: string,
  eventId: string,
  data: string,
): string {
  return `${name} AS (
      ${enqueueText(webhookJob, {
        key: `'webhook:' || e.id || ':' || ${eventId}`,
        from: `${source} s JOIN webhook_endpoint e ON '${type}' = ANY(e.events)`,
        payload: {
          endpointId: 'e.id',
          event: `'${type}'`,
          eventId,
          occurredAt: 'now()',
          data,
        },
      })}
    )`;
}

// ---- Delivery: one attempt, by the outbox worker ----

/**
 * An invoice as it stands when delivered (issue 37: invoice events carry its id only): number,
 * company, checkout, amounts in dollars, status and dates.
 */
async function invoiceSnapshot(db: Db, invoiceId: string) {
  const { rows } = await db.$client.query<Record<string, unknown>>(
    `SELECT i.number, i.organization_id AS "companyId", o.name AS "companyName",
      i.checkout_id AS "checkoutId", c.number AS "checkoutNumber",
      i.po_reference AS "poReference", i.amount_cents AS "amountCents",
      i.tax_cents AS "taxCents", i.paid_cents AS "paidCents", i.status,
      i.issued_at AS "issuedAt", i.due_at AS "dueAt", i.paid_at AS "paidAt",
      i.overdue_at AS "overdueAt"
    FROM invoice i JOIN organization o ON o.id = i.organization_id
      JOIN checkout c ON c.id = i.checkout_id
    WHERE i.id = $1::uuid`,
    [invoiceId],
  );
  const [row] = rows;
  if (!row) return null;
  const cents = (name: string) => Number(row[name]) / 100;
  const iso = (name: string) =>
    row[name] instanceof Date ? (row[name] as Date).toISOString() : null;
  return {
    number: invoiceNumber(Number(row.number)),
    companyId: row.companyId,
    companyName: row.companyName,
    checkoutId: row.checkoutId,
    checkoutNumber: Number(row.checkoutNumber),
    poReference: row.poReference,
    amount: cents('amountCents'),
    tax: cents('taxCents'),
    paid: cents('paidCents'),
    due: (Number(row.amountCents) - Number(row.paidCents)) / 100,
    status: row.status,
    issuedAt: iso('issuedAt'),
    dueAt: iso('dueAt'),
    paidAt: iso('paidAt'),
    overdueAt: iso('overdueAt'),
  };
}

/**
 * The order as it stands when delivered (order events carry its ids only), with its parcel once
 * shipped: carrier, tracking number and the carrier's tracking page (issue 35).
 */
async function orderSnapshot(db: Db, orderId: string) {
  const [row] = await db
    .select({
      status: purchase.status,
      paid: purchase.paid,
      productId: purchase.productId,
      productName: purchase.productName,
      quantity: purchase.quantity,
      unitPriceCents: purchase.unitPriceCents,
      totalCents: purchase.totalCents,
      customerEmail: purchase.customerEmail,
      shipmentId: shipment.id,
      carrier: shipment.carrier,
      trackingNumber: shipment.trackingNumber,
      shippedAt: shipment.createdAt,
      taxCents: purchase.taxCents,
      shippingCents: purchase.shippingCents,
      shippingTaxCents: purchase.shippingTaxCents,
      amountCents: purchase.amountCents,
      shippingMethod: checkout.shippingMethodName,
      country: sql<string | null>`${checkout.deliveryAddress} ->> 'country'`,
      pricesIncludeTax: checkout.pricesIncludeTax,
      discountCents: purchase.discountCents,
      promotions: checkout.promotions,
    })
    .from(purchase)
    .innerJoin(checkout, eq(checkout.id, purchase.checkoutId))
    .leftJoin(shipmentOrder, eq(shipmentOrder.purchaseId, purchase.id))
    .leftJoin(shipment, eq(shipment.id, shipmentOrder.shipmentId))
    .where(eq(purchase.id, orderId));
  if (!row) return null;
  const {
    unitPriceCents,
    totalCents,
    taxCents,
    shippingCents,
    shippingTaxCents,
    amountCents,
    shipmentId,
    carrier,
    trackingNumber,
    shippedAt,
    discountCents,
    promotions,
    ...rest
  } = row;
  const parcel =
    shipmentId && shippedAt
      ? orderShipment({ id: shipmentId, carrier, trackingNumber, shippedAt })
      : null;
  // Issue 35: the line's tax, its share of the shipping and of its tax, and what it cost in all
  // (total + tax + shipping + shippingTax), as stored; `total` stays the goods' net.
  return {
    ...rest,
    unitPrice: unitPriceCents / 100,
    total: totalCents / 100,
    tax: taxCents / 100,
    shipping: shippingCents / 100,
    shippingTax: shippingTaxCents / 100,
    amount: amountCents / 100,
    // Issue 36: the line's share of the promotions' discounts (`amount` is after it, `total`
    // before) and the promotions its checkout was placed with, each with its whole saving.
    discount: discountCents / 100,
    promotions: promotions.map((promotion) => ({
      name: promotion.name,
      code: promotion.code,
      kind: promotion.kind,
      discount: promotion.discountCents / 100,
      shippingDiscount: promotion.shippingDiscountCents / 100,
    })),
    shipment: parcel,
  };
}

/**
 * One delivery attempt of an outbox job: signs the body, POSTs it (webhook-request.ts: SSRF
 * guard, pinned addresses, no redirects, a deadline for the whole exchange), logs the attempt,
 * and throws unless the receiver answered 2xx, so the outbox retries with the webhook backoff.
 */
async function deliverWebhook(
  db: Db,
  job: { id: number; attempts: number },
  payload: WebhookJob,
  options: WebhookRequestOptions = {},
): Promise<void> {
  const [endpoint] = await db
    .select()
    .from(webhookEndpoint)
    .where(eq(webhookEndpoint.id, payload.endpointId));
  if (!endpoint) return; // deleted since: nobody to tell
  const data = { ...payload.data };
  if (typeof data.orderId === 'string' && IdSchema.safeParse(data.orderId).success)
    data.order = await orderSnapshot(db, data.orderId);
  if (typeof data.invoiceId === 'string' && IdSchema.safeParse(data.invoiceId).success)
    data.invoice = await invoiceSnapshot(db, data.invoiceId);
  const body = JSON.stringify({
    id: payload.eventId,
    type: payload.event,
    createdAt: payload.occurredAt,
    data,
  });
  const timestamp = Math.floor(Date.now() / 1000);
  const started = performance.now();
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    const answer = await postWebhook(
      endpoint.url,
      {
        'content-type': 'application/json',
        'user-agent': 'Toolhouse-Webhooks/1',
        [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(endpoint.secret, timestamp, body),
        'Toolhouse-Event': payload.event,
        'Toolhouse-Delivery': payload.eventId,
      },
      body,
      options,
    );
    statusCode = answer.statusCode;
    if (statusCode >= 300 && statusCode < 400)
      error = `The receiver answered ${statusCode}, a redirect: not followed (update the endpoint's URL)`;
    else if (statusCode < 200 || statusCode >= 300) error = `The receiver answered ${statusCode}`;
  } catch (failure) {
    const message = failure instanceof Error ? failure.message : String(failure);
    error = failure instanceof RefusedAddressError ? `Refused: ${message}` : message;
  }
  await db.insert(webhookDelivery).values({
    endpointId: endpoint.id,
    outboxId: job.id,
    event: payload.event,
    eventId: payload.eventId,
    attempt: job.attempts,
    statusCode,
    error: error?.slice(0, 500) ?? null,
    durationMs: Math.round(performance.now() - started),
  });
  if (error) throw new Error(error);
}

/**
 * One delivery to one endpoint (kind `webhook`): in the destination lane (one at a time per
 * endpoint, ADR 039), retried with the webhook backoff for 24 hours.
 */
export const webhookJob = defineJob({
  kind: 'webhook',
  payload: WebhookJobSchema,
  destination: 'endpointId',
  retry: {
    maxAttempts: WEBHOOK_MAX_ATTEMPTS,
    maxAgeSeconds: WEBHOOK_RETRY_HOURS * 3600,
    backoffMs: webhookBackoffMs,
  },
  handle: (payload, context, job) => deliverWebhook(context.db, job, payload, context.webhooks),
});
