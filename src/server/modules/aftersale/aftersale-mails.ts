import { eq } from 'drizzle-orm';
import { formatCents } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { orderReturn, purchase, recall, refund, user } from '../../db/schema.ts';
import { SHOP } from '../notifications/shop-identity.ts';
import type { AftersaleMailJob } from './order-aftersale.ts';

/*
 * The after-sale mails (outbox kind `aftersale-mail`), rendered when sent from the records they
 * name, in the shop's look: the refund, the return's approval (with the return instructions) or
 * rejection, and a recall notice.
 */

export interface AftersaleMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

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
  const link = `${publicUrl}/dashboard/myOrders`;
  const text = [
    SHOP.name,
    '',
    ...paragraphs,
    '',
    `My Orders: ${link}`,
    '',
    `${SHOP.name}, ${SHOP.addressLines.join(', ')}`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${SHOP.primary};color:${SHOP.primaryContent};padding:16px 24px;font-size:20px;font-weight:bold">${SHOP.name}</td></tr>
<tr><td style="padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(subject)}</h1>
${paragraphs.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:${SHOP.primary};color:${SHOP.primaryContent};padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:bold">My Orders</a></p>
</td></tr>
<tr><td style="padding:16px 24px;color:#78716c;font-size:12px">${SHOP.name}, ${SHOP.addressLines.map(escapeHtml).join(', ')}</td></tr>
</table></td></tr></table>
</body></html>`;
  return { to, subject, text, html };
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
      return render(
        row.order.customerEmail,
        `Refund of ${formatCents(row.refund.amountCents)}: ${row.order.productName}`,
        [
          `We refunded ${formatCents(row.refund.amountCents)} of your order of ${row.order.quantity} × ${row.order.productName} to the card you paid with. It may take a few days to show on your statement.`,
          `Reason: ${row.refund.reason}`,
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
      const what = `${row.ret.quantity} × ${row.order.productName}`;
      return job.template === 'return.approved'
        ? render(
            row.order.customerEmail,
            `Return approved: ${row.order.productName}`,
            [
              `Your return of ${what} is approved. Return number: ${row.ret.id}.`,
              ...RETURN_INSTRUCTIONS,
            ],
            publicUrl,
          )
        : render(
            row.order.customerEmail,
            `Return not accepted: ${row.order.productName}`,
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
          `Dear ${customer.name}, you bought ${row.productName} from us, and units of it are recalled for your safety.`,
          `Hazard: ${row.hazard}`,
          `What to do: ${row.remedy}`,
          'Please confirm in My Orders that you have read this notice.',
        ],
        publicUrl,
      );
    }
  }
}
