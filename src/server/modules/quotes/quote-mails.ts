import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { formatCents } from '../../../shared/money.ts';
import { QUOTE_EVENTS, quoteReference } from '../../../shared/quote.ts';
import { ROLE_ADMIN } from '../../../shared/user.ts';
import type { Db } from '../../db/client.ts';
import { quote, user } from '../../db/schema.ts';
import { renderShopMail } from '../notifications/index.ts';
import { defineJob } from '../outbox/index.ts';

/** A mail job of the outbox about a quote (quote-lifecycle.ts queues it with the transition). */
const QuoteMailJobSchema = z.object({
  quoteId: z.string(),
  event: z.enum(QUOTE_EVENTS),
  audience: z.enum(['customer', 'admins']),
});
export type QuoteMailJob = z.infer<typeof QuoteMailJobSchema>;
import { pageRoutes } from '../../../shared/page-routes.ts';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * A quote's mail (outbox kind `quote-mail`), rendered when sent from the quote as it is then:
 * to the customer (answered, declined, expired) or the admins (requested, withdrawn, accepted;
 * ORDER_NOTIFY_EMAILS, else every admin). Null when there is nobody to send it to.
 */
export async function quoteMail(
  db: Db,
  job: QuoteMailJob,
  publicUrl: string,
  notifyEmails: string[],
): Promise<{ to: string; subject: string; text: string; html: string } | null> {
  const [row] = await db
    .select({
      number: quote.number,
      productName: quote.productName,
      quantity: quote.quantity,
      quotedPriceCents: quote.quotedPriceCents,
      expiresAt: quote.expiresAt,
      reply: quote.reply,
      email: user.email,
      name: user.name,
    })
    .from(quote)
    .innerJoin(user, eq(user.id, quote.userId))
    .where(eq(quote.id, job.quoteId));
  if (!row) return null; // deleted with its account: nobody to tell
  let to = row.email;
  if (job.audience === 'admins') {
    const admins =
      notifyEmails.length > 0
        ? notifyEmails
        : (await db.select({ email: user.email }).from(user).where(eq(user.role, ROLE_ADMIN))).map(
            (admin) => admin.email,
          );
    if (admins.length === 0) return null;
    to = admins.join(', ');
  }
  const reference = quoteReference(row.number);
  const what = `${row.quantity} × ${row.productName}`;
  const price = row.quotedPriceCents === null ? '' : formatCents(row.quotedPriceCents);
  const until = row.expiresAt ? `${day.format(row.expiresAt)} (UTC)` : '';
  const wording: Record<QuoteMailJob['event'], { subject: string; lines: string[] }> = {
    requested: {
      subject: `New request for a quote ${reference}: ${row.productName}`,
      lines: [`${row.name} (${row.email}) asks for a quote for ${what}. Answer it from Quotes.`],
    },
    quoted: {
      subject: `Your quote ${reference}: ${row.productName}`,
      lines: [
        `We can offer ${what} at ${price} each, valid until ${until}.`,
        row.reply,
        'Accept it from My Quotes to place the order.',
      ],
    },
    declined: {
      subject: `Quote ${reference} declined: ${row.productName}`,
      lines: [`The request for a quote for ${what} was declined.`, row.reply],
    },
    expired: {
      subject: `Quote ${reference} expired: ${row.productName}`,
      lines: [`The quoted price for ${what} has expired. You are welcome to ask again.`],
    },
    withdrawn: {
      subject: `Quote ${reference} withdrawn: ${row.productName}`,
      lines: [`${row.name} withdrew the request for a quote for ${what}.`],
    },
    accepted: {
      subject: `Quote ${reference} accepted: ${row.productName}`,
      lines: [`${row.name} accepted ${what} at ${price} each; the order was placed.`],
    },
  };
  const { subject, lines } = wording[job.event];
  const page = job.audience === 'admins' ? pageRoutes.quotes : pageRoutes.myQuotes;
  const link = `${publicUrl}${page.href()}`;
  const linkLabel = job.audience === 'admins' ? 'Quotes' : 'My Quotes';
  return { to, ...renderShopMail({ subject, lines: lines.filter(Boolean), link, linkLabel }) };
}

/** A quote's mail (kind `quote-mail`). */
export const quoteMailJob = defineJob({
  kind: 'quote-mail',
  payload: QuoteMailJobSchema,
  async handle(job, context) {
    const mail = await quoteMail(context.db, job, context.publicUrl, context.notifyEmails);
    if (mail) await context.mailer.send(mail);
  },
});
