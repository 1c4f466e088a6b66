import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { ROLE_ADMIN } from '../../../shared/user.ts';
import { checkout, paymentIntent, purchase, user } from '../../db/schema.ts';
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
] as const;
export type OrderMailTemplate = (typeof ORDER_MAIL_TEMPLATES)[number];

const orderMailFields = {
  template: z.enum(ORDER_MAIL_TEMPLATES),
  /** The order's customer, or the admins (ORDER_NOTIFY_EMAILS, else every admin) in one mail. */
  audience: z.enum(['customer', 'admins']),
  /** Who cancelled (for order.cancelled). */
  actor: z.enum(['customer', 'admin', 'system']).optional(),
};

/** A mail about one order (shipped, cancelled, expired) or a whole checkout (placed, paid). */
const OrderMailJobSchema = z.union([
  z.object({ ...orderMailFields, purchaseId: z.string() }),
  z.object({ ...orderMailFields, checkoutId: z.string() }),
]);
export type OrderMailJob = z.infer<typeof OrderMailJobSchema>;

/**
 * The recipients and content of an order mail, from the database: a checkout's mail lists its
 * orders (placed: all of them; paid: those it paid), an order's mail that order.
 */
async function orderMail(context: JobContext, job: OrderMailJob) {
  const { db } = context;
  const rows = await db
    .select({
      productName: purchase.productName,
      sku: purchase.sku,
      variantLabel: purchase.variantLabel,
      quantity: purchase.quantity,
      unitPriceCents: purchase.unitPriceCents,
      totalCents: purchase.totalCents,
      customerName: purchase.customerName,
      customerEmail: purchase.customerEmail,
      address: purchase.address,
      phone: purchase.phone,
      holdExpiresAt: purchase.holdExpiresAt,
      transactionId: purchase.transactionId,
      testMode: purchase.testMode,
      paid: purchase.paid,
      checkoutNumber: checkout.number,
      poReference: checkout.poReference,
      receiptNumber: checkout.receiptNumber,
      brand: paymentIntent.cardBrand,
      last4: paymentIntent.cardLast4,
    })
    .from(purchase)
    .innerJoin(checkout, eq(checkout.id, purchase.checkoutId))
    .leftJoin(paymentIntent, eq(paymentIntent.id, purchase.transactionId))
    .where(
      'checkoutId' in job
        ? and(
            eq(purchase.checkoutId, job.checkoutId),
            job.template === 'order.placed' ? undefined : eq(purchase.paid, true),
          )
        : eq(purchase.id, job.purchaseId),
    )
    .orderBy(asc(purchase.productName), asc(purchase.id));
  const [order] = rows;
  if (!order) throw new Error(`no orders for mail ${JSON.stringify(job)}`);
  let to = order.customerEmail;
  if (job.audience === 'admins') {
    const admins =
      context.notifyEmails.length > 0
        ? context.notifyEmails
        : (await db.select({ email: user.email }).from(user).where(eq(user.role, ROLE_ADMIN))).map(
            (row) => row.email,
          );
    if (admins.length === 0) return null; // no admin yet: nobody to tell
    to = admins.join(', ');
  }
  const rendered = renderOrderMail(
    job,
    {
      ...order,
      reference: checkoutReference(order.checkoutNumber),
      receiptNumber: order.paid ? order.receiptNumber : null,
      lines: rows,
      card: { brand: order.brand, last4: order.last4 },
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
