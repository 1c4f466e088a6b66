import { z } from 'zod';
import type { Carrier } from '../../../shared/carriers.ts';
import type { PlacedPromotion } from '../../../shared/promotions.ts';
import { ROLE_ADMIN } from '../../../shared/user.ts';
import { defineJob, type JobContext } from '../outbox/index.ts';
import { checkoutReference } from './checkout-reference.ts';
import { renderOrderMail } from './order-mails.ts';

/*
 * The jobs of the order lifecycle (purchase-lifecycle.ts queues them in the statement of each
 * transition): the order mails and the cancel of a payment intent at the provider.
 */

/** The mails of the outbox (rendered when sent: order-mails.ts). */
export const ORDER_MAIL_TEMPLATES = [
  'order.placed',
  'order.paid',
  'order.paid.admin',
  'order.shipped',
  'order.cancelled',
  'order.expired',
  // Issue 37: a checkout waiting for the company's approvers; the buyer told either way.
  'order.approval_requested',
  'order.approved',
  'order.rejected',
] as const;
export type OrderMailTemplate = (typeof ORDER_MAIL_TEMPLATES)[number];

/**
 * The order's customer; the admins (ORDER_NOTIFY_EMAILS, else every admin) in one mail; or the
 * approvers and admins of the order's company (issue 37).
 */
export const ORDER_MAIL_AUDIENCES = ['customer', 'admins', 'approvers'] as const;
export type OrderMailAudience = (typeof ORDER_MAIL_AUDIENCES)[number];

const orderMailFields = {
  template: z.enum(ORDER_MAIL_TEMPLATES),
  audience: z.enum(ORDER_MAIL_AUDIENCES),
  /** Who cancelled (for order.cancelled). */
  actor: z.enum(['customer', 'admin', 'system']).optional(),
};

/**
 * A mail about one order (cancelled, expired; shipped before parcels), a whole checkout (placed,
 * paid) or a parcel (shipped: its orders, carrier and tracking link).
 */
const OrderMailJobSchema = z.union([
  z.object({ ...orderMailFields, purchaseId: z.string() }),
  z.object({ ...orderMailFields, checkoutId: z.string() }),
  z.object({ ...orderMailFields, shipmentId: z.string() }),
]);
export type OrderMailJob = z.infer<typeof OrderMailJobSchema>;

/** What an order mail says of each order it is about, from one row per order. */
const ORDER_MAIL_COLUMNS = `purchase.product_name AS "productName", purchase.sku,
    purchase.variant_label AS "variantLabel", purchase.quantity,
    purchase.unit_price_cents AS "unitPriceCents", purchase.total_cents AS "totalCents",
    purchase.tax_cents AS "taxCents", purchase.shipping_cents AS "shippingCents",
    purchase.shipping_tax_cents AS "shippingTaxCents", purchase.discount_cents AS "discountCents",
    checkout.promotions,
    checkout.shipping_method_name AS "shippingMethod",
    checkout.prices_include_tax AS "pricesIncludeTax", checkout.tax_note AS "taxNote",
    purchase.customer_name AS "customerName", purchase.customer_email AS "customerEmail",
    purchase.address, purchase.phone, purchase.hold_expires_at AS "holdExpiresAt",
    purchase.transaction_id AS "transactionId", purchase.test_mode AS "testMode", purchase.paid,
    checkout.number AS "checkoutNumber", checkout.po_reference AS "poReference",
    checkout.receipt_number AS "receiptNumber", checkout.approval_reason AS "approvalReason",
    checkout.payment_method AS "paymentMethod", checkout.approval = 'awaiting' AS "approvalPending",
    payment_intent.card_brand AS brand,
    payment_intent.card_last4 AS last4, shipment.carrier,
    shipment.tracking_number AS "trackingNumber"
  FROM purchase JOIN checkout ON checkout.id = purchase.checkout_id
    LEFT JOIN payment_intent ON payment_intent.id = purchase.transaction_id
    LEFT JOIN shipment_order ON shipment_order.purchase_id = purchase.id
    LEFT JOIN shipment ON shipment.id = shipment_order.shipment_id`;
/**
 * The orders of a checkout's mail (placed, approvals: all of them, `$2` true; paid: those it paid), or of
 * one order's: constant text, as the worker sends thousands of these at the shop's busiest.
 */
const CHECKOUT_MAIL_SQL = `SELECT ${ORDER_MAIL_COLUMNS}
  WHERE purchase.checkout_id = $1::uuid AND ($2::boolean OR purchase.paid)
  ORDER BY purchase.product_name, purchase.id`;
const ORDER_MAIL_SQL = `SELECT ${ORDER_MAIL_COLUMNS} WHERE purchase.id = $1::uuid`;
/** The orders of a parcel's shipped mail. */
const PARCEL_MAIL_SQL = `SELECT ${ORDER_MAIL_COLUMNS} WHERE shipment_order.shipment_id = $1::uuid
  ORDER BY purchase.product_name, purchase.id`;
const ADMINS_SQL = `SELECT email FROM "user" WHERE role = $1::text`;
/** Issue 37: the approvers and admins of a checkout's company, but its buyer. */
const APPROVERS_SQL = `SELECT u.email FROM checkout c
  JOIN member m ON m.organization_id = c.organization_id AND m.role IN ('admin', 'approver')
    AND m.user_id <> c.user_id
  JOIN "user" u ON u.id = m.user_id
  WHERE c.id = $1::uuid ORDER BY u.email`;

interface OrderMailRow {
  productName: string;
  sku: string;
  variantLabel: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  taxCents: number;
  shippingCents: number;
  shippingTaxCents: number;
  discountCents: number;
  /** Issue 36: the checkout's promotions as placed. */
  promotions: PlacedPromotion[];
  shippingMethod: string;
  pricesIncludeTax: boolean;
  taxNote: string | null;
  customerName: string;
  customerEmail: string;
  address: string;
  phone: string;
  holdExpiresAt: Date | null;
  transactionId: string | null;
  testMode: boolean;
  paid: boolean;
  checkoutNumber: number | string;
  poReference: string | null;
  receiptNumber: number | null;
  approvalReason: string | null;
  paymentMethod: 'card' | 'account';
  approvalPending: boolean;
  brand: string | null;
  last4: string | null;
  /** The parcel's, once shipped in one with tracking. */
  carrier: Carrier | null;
  trackingNumber: string | null;
}

/**
 * The recipients and content of an order mail, from the database: a checkout's mail lists its
 * orders (placed: all of them; paid: those it paid), an order's mail that order.
 */
async function orderMail(context: JobContext, job: OrderMailJob) {
  const { db } = context;
  const { rows } =
    'checkoutId' in job
      ? await db.$client.query<OrderMailRow>(CHECKOUT_MAIL_SQL, [
          job.checkoutId,
          // Every order of the checkout, but for the paid mails (the orders it paid).
          job.template !== 'order.paid' && job.template !== 'order.paid.admin',
        ])
      : 'shipmentId' in job
        ? await db.$client.query<OrderMailRow>(PARCEL_MAIL_SQL, [job.shipmentId])
        : await db.$client.query<OrderMailRow>(ORDER_MAIL_SQL, [job.purchaseId]);
  const [order] = rows;
  if (!order) throw new Error(`no orders for mail ${JSON.stringify(job)}`);
  let to = order.customerEmail;
  if (job.audience === 'admins') {
    const admins =
      context.notifyEmails.length > 0
        ? context.notifyEmails
        : (await db.$client.query<{ email: string }>(ADMINS_SQL, [ROLE_ADMIN])).rows.map(
            (row) => row.email,
          );
    if (admins.length === 0) return null; // no admin yet: nobody to tell
    to = admins.join(', ');
  }
  if (job.audience === 'approvers') {
    const checkoutId = 'checkoutId' in job ? job.checkoutId : null;
    const approvers = checkoutId
      ? (await db.$client.query<{ email: string }>(APPROVERS_SQL, [checkoutId])).rows
      : [];
    if (approvers.length === 0) return null; // nobody else can approve: the company admin is told in the app
    to = approvers.map((row) => row.email).join(', ');
  }
  const rendered = renderOrderMail(
    job,
    {
      ...order,
      reference: checkoutReference(order.checkoutNumber),
      receiptNumber: order.paid ? order.receiptNumber : null,
      lines: rows,
      // The promotions' savings are the checkout's: told in the mails about the checkout.
      promotions: 'checkoutId' in job ? order.promotions : [],
      card: { brand: order.brand, last4: order.last4 },
      tracking:
        order.carrier && order.trackingNumber
          ? { carrier: order.carrier, trackingNumber: order.trackingNumber }
          : null,
    },
    context.publicUrl,
    { testModeNotice: context.testModeNotice },
  );
  return { to, ...rendered };
}

/** An order or checkout mail (kind `mail`; the admins' failed-mail list reads these). */
export const orderMailJob = defineJob({
  kind: 'mail',
  payload: OrderMailJobSchema,
  async handle(job, context) {
    const mail = await orderMail(context, job);
    if (mail) await context.mailer.send(mail);
  },
});

/** Cancels a payment intent at its provider (an order ended unpaid). */
export const cancelIntentJob = defineJob({
  kind: 'cancel-intent',
  payload: z.object({ intentId: z.string(), provider: z.string() }),
  async handle({ intentId, provider }, context) {
    // An intent of a provider no longer configured cannot be reached from here.
    if (provider !== context.provider?.name) throw new Error(`no ${provider} provider configured`);
    await context.provider.cancelIntent(intentId);
  },
});
