import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { formatCents } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { variantDisplayName } from '../../../shared/variant.ts';
import { orderReturn, purchase, recall, refund, user } from '../../db/schema.ts';
import { SHOP, renderShopMail } from '../notifications/index.ts';
import { defineJob } from '../outbox/index.ts';
import { pageRoutes } from '../../../shared/page-routes.ts';

/*
 * The after-sale mails (outbox kind `aftersale-mail`), rendered when sent from the records they
 * name, in the shop's look: the refund, the return's approval (with the return instructions) or
 * rejection, and a recall notice.
 */

/** An after-sale mail job: which mail, about which record. */
const AftersaleMailJobSchema = z.union([
  z.object({ template: z.literal('refund'), refundId: z.string() }),
  z.object({ template: z.enum(['return.approved', 'return.rejected']), returnId: z.string() }),
  z.object({ template: z.literal('recall'), recallId: z.string(), userId: z.string() }),
]);
/** What an order sold, for people (issue 34): "Drill (18V · Kit)". */
const soldName = (order: { productName: string; variantLabel: string }) =>
  variantDisplayName(order.productName, order.variantLabel);

export type AftersaleMailJob = z.infer<typeof AftersaleMailJobSchema>;

export interface AftersaleMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The return instructions of an approved return. */
export const RETURN_INSTRUCTIONS = [
  'Pack the tool with its accessories, securely, in its original box if you still have it.',
  `Write the return number on the parcel and send it to ${SHOP.name} Returns, ${SHOP.addressLines.join(', ')}.`,
  'We refund the returned units once the parcel has arrived and been checked.',
];

function render(
  to: string,
  subject: string,
  paragraphs: string[],
  publicUrl: string,
): AftersaleMail {
  const link = `${publicUrl}${pageRoutes.myOrders.href()}`;
  return { to, ...renderShopMail({ subject, lines: paragraphs, link, linkLabel: 'My Orders' }) };
}

/** The mail of an after-sale job, from the database; null when its record is gone. */
export async function aftersaleMail(
  db: Db,
  publicUrl: string,
  job: AftersaleMailJob,
): Promise<AftersaleMail | null> {
  switch (job.template) {
    case 'refund': {
      const [row] = await db
        .select({ refund, order: purchase })
        .from(refund)
        .innerJoin(purchase, eq(purchase.id, refund.purchaseId))
        .where(eq(refund.id, job.refundId));
      if (!row) return null;
      const sold = soldName(row.order);
      return render(
        row.order.customerEmail,
        `Refund of ${formatCents(row.refund.amountCents)}: ${sold}`,
        [
          `We refunded ${formatCents(row.refund.amountCents)} of your order of ${row.order.quantity} × ${sold} to the card you paid with. It may take a few days to show on your statement.`,
          `Reason: ${row.refund.reason}`,
          // Issue 35: its parts as stored, when it returned tax or shipping (ADR 054).
          row.refund.amountCents !== row.refund.netCents
            ? `Of which goods ${formatCents(row.refund.netCents)}, tax ${formatCents(row.refund.taxCents + row.refund.shippingTaxCents)}, shipping ${formatCents(row.refund.shippingCents)}.`
            : '',
          `Credit note number: ${row.refund.number} (download it from My Orders).`,
          row.order.testMode ? 'Test mode: no real money moved.' : '',
        ].filter(Boolean),
        publicUrl,
      );
    }
    case 'return.approved':
    case 'return.rejected': {
      const [row] = await db
        .select({ ret: orderReturn, order: purchase })
        .from(orderReturn)
        .innerJoin(purchase, eq(purchase.id, orderReturn.purchaseId))
        .where(eq(orderReturn.id, job.returnId));
      if (!row) return null;
      const what = `${row.ret.quantity} × ${soldName(row.order)}`;
      return job.template === 'return.approved'
        ? render(
            row.order.customerEmail,
            `Return approved: ${soldName(row.order)}`,
            [
              `Your return of ${what} is approved. Return number: ${row.ret.id}.`,
              ...RETURN_INSTRUCTIONS,
            ],
            publicUrl,
          )
        : render(
            row.order.customerEmail,
            `Return not accepted: ${soldName(row.order)}`,
            [`We cannot accept your return of ${what}.`, `Reason: ${row.ret.rejectReason ?? '-'}`],
            publicUrl,
          );
    }
    case 'recall': {
      const [row] = await db.select().from(recall).where(eq(recall.id, job.recallId));
      const [customer] = await db
        .select({ email: user.email, name: user.name })
        .from(user)
        .where(eq(user.id, job.userId));
      if (!row || !customer) return null;
      return render(
        customer.email,
        `Safety recall: ${row.title}`,
        [
          `Dear ${customer.name}, you bought ${row.productName}${row.sku ? ` (SKU ${row.sku})` : ''} from us, and units of it are recalled for your safety.`,
          `Hazard: ${row.hazard}`,
          `What to do: ${row.remedy}`,
          'Please confirm in My Orders that you have read this notice.',
        ],
        publicUrl,
      );
    }
  }
}

/** The after-sale mails (kind `aftersale-mail`). */
export const aftersaleMailJob = defineJob({
  kind: 'aftersale-mail',
  payload: AftersaleMailJobSchema,
  async handle(job, context) {
    const mail = await aftersaleMail(context.db, context.publicUrl, job);
    if (mail) await context.mailer.send(mail);
  },
});
