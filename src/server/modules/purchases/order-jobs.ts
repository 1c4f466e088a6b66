import { z } from 'zod';
import type { Carrier } from '../../../shared/carriers.ts';
import { IdSchema } from '../../../shared/ids.ts';
import type { PlacedPromotion } from '../../../shared/promotions.ts';
import { ROLE_ADMIN } from '../../../shared/user.ts';
import { defineJob, type JobContext, type JobOutcome } from '../outbox/index.ts';
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

/**
 * The orders of many order mails in one statement (issue 38: the worker sends a step's mails with
 * one read, not one each): per mail (`$1` what it is about, `$2` its id, `$3` whether a checkout's
 * mail lists all its orders: placed, approvals; or those it paid), one row per order, with the
 * mail's index (1-based, `$`-array order). Constant text, as the worker sends thousands of these
 * at the shop's busiest.
 */
const MAIL_ORDERS_SQL = `WITH job AS (
    SELECT * FROM unnest($1::text[], $2::uuid[], $3::boolean[]) WITH ORDINALITY
      AS job(about, key, every, i)
  ), mail_order AS (
    SELECT job.i, purchase.id FROM job
      JOIN purchase ON purchase.checkout_id = job.key AND (job.every OR purchase.paid)
      WHERE job.about = 'checkout'
    UNION ALL SELECT job.i, job.key FROM job WHERE job.about = 'purchase'
    UNION ALL SELECT job.i, shipment_order.purchase_id FROM job
      JOIN shipment_order ON shipment_order.shipment_id = job.key
      WHERE job.about = 'shipment'
  )
  SELECT mail_order.i::int AS "jobIndex",
    purchase.product_name AS "productName", purchase.sku,
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
  FROM mail_order JOIN purchase ON purchase.id = mail_order.id
    JOIN checkout ON checkout.id = purchase.checkout_id
    LEFT JOIN payment_intent ON payment_intent.id = purchase.transaction_id
    LEFT JOIN shipment_order ON shipment_order.purchase_id = purchase.id
    LEFT JOIN shipment ON shipment.id = shipment_order.shipment_id
  ORDER BY mail_order.i, purchase.product_name, purchase.id`;
const ADMINS_SQL = `SELECT email FROM "user" WHERE role = $1::text`;
/** Issue 37: the approvers and admins of a checkout's company, but its buyer. */
const APPROVERS_SQL = `SELECT u.email FROM checkout c
  JOIN member m ON m.organization_id = c.organization_id AND m.role IN ('admin', 'approver')
    AND m.user_id <> c.user_id
  JOIN "user" u ON u.id = m.user_id
  WHERE c.id = $1::uuid ORDER BY u.email`;

interface OrderMailRow {
  /** The mail's index in the read (1-based). */
  jobIndex: number;
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

/** What a mail is about, for MAIL_ORDERS_SQL: its kind of id, the id, and which orders. */
const aboutOf = (job: OrderMailJob): [about: string, key: string, every: boolean] =>
  'checkoutId' in job
    ? // Every order of the checkout, but for the paid mails (the orders it paid).
      [
        'checkout',
        job.checkoutId,
        job.template !== 'order.paid' && job.template !== 'order.paid.admin',
      ]
    : 'shipmentId' in job
      ? ['shipment', job.shipmentId, true]
      : ['purchase', job.purchaseId, true];

/** The orders of each of `jobs`' mails (in order; none: its orders are gone), in one read. */
async function ordersOfMails(
  context: JobContext,
  jobs: readonly OrderMailJob[],
): Promise<OrderMailRow[][]> {
  const about = jobs.map(aboutOf);
  const { rows } = await context.db.$client.query<OrderMailRow>(MAIL_ORDERS_SQL, [
    about.map(([what]) => what),
    // An id that is no UUID finds no orders (that mail fails), and fails none of the others.
    about.map(([, key]) => (IdSchema.safeParse(key).success ? key : null)),
    about.map(([, , every]) => every),
  ]);
  const orders = jobs.map((): OrderMailRow[] => []);
  for (const row of rows) orders[row.jobIndex - 1]?.push(row);
  return orders;
}

/**
 * The recipients and content of an order mail, from its orders' rows: a checkout's mail lists its
 * orders (placed: all of them; paid: those it paid), an order's mail that order. `admins`: the
 * admins' addresses (read once for many mails). Null: nobody to tell.
 */
async function orderMail(
  context: JobContext,
  job: OrderMailJob,
  rows: OrderMailRow[],
  admins: () => Promise<string[]>,
) {
  const [order] = rows;
  if (!order) throw new Error(`no orders for mail ${JSON.stringify(job)}`);
  let to = order.customerEmail;
  if (job.audience === 'admins') {
    const addresses = await admins();
    if (addresses.length === 0) return null; // no admin yet: nobody to tell
    to = addresses.join(', ');
  }
  if (job.audience === 'approvers') {
    const checkoutId = 'checkoutId' in job ? job.checkoutId : null;
    const approvers = checkoutId
      ? (await context.db.$client.query<{ email: string }>(APPROVERS_SQL, [checkoutId])).rows
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

/** Mails sent at once (an SMTP server gets up to this many connections from a worker). */
const MAIL_SEND_CONCURRENCY = 32;

/**
 * Sends the order mails `jobs`: their orders read in one statement (and the admins once), then
 * each rendered and sent, MAIL_SEND_CONCURRENCY at once, its outcome told (`settled`) as it ends.
 */
async function sendOrderMails(
  jobs: readonly OrderMailJob[],
  context: JobContext,
  settled: (index: number, outcome: JobOutcome) => void,
): Promise<void> {
  const orders = await ordersOfMails(context, jobs);
  let admins: Promise<string[]> | undefined;
  const adminsOnce = () =>
    (admins ??=
      context.notifyEmails.length > 0
        ? Promise.resolve(context.notifyEmails)
        : context.db.$client
            .query<{ email: string }>(ADMINS_SQL, [ROLE_ADMIN])
            .then(({ rows }) => rows.map((row) => row.email)));
  const mails = jobs.map((job, i) => ({ i, job, rows: orders[i] ?? [] }));
  let next = 0;
  const sender = async () => {
    for (let entry = mails[next++]; entry; entry = mails[next++]) {
      try {
        const mail = await orderMail(context, entry.job, entry.rows, adminsOnce);
        if (mail) await context.mailer.send(mail);
        settled(entry.i, { ok: true });
      } catch (error) {
        settled(entry.i, { ok: false, error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(MAIL_SEND_CONCURRENCY, jobs.length) }, sender));
}

/** An order or checkout mail (kind `mail`; the admins' failed-mail list reads these). */
export const orderMailJob = defineJob({
  kind: 'mail',
  payload: OrderMailJobSchema,
  async handle(job, context) {
    let outcome: JobOutcome | undefined;
    await sendOrderMails([job], context, (_index, told) => {
      outcome = told;
    });
    if (outcome && !outcome.ok) throw outcome.error;
  },
  handleMany: sendOrderMails,
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
