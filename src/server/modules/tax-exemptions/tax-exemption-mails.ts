import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { pageRoutes } from '../../../shared/page-routes.ts';
import { exemptionNote } from '../../../shared/tax-exemption.ts';
import type { Db } from '../../db/client.ts';
import { taxExemption, user } from '../../db/schema.ts';
import { renderShopMail } from '../notifications/index.ts';
import { defineJob } from '../outbox/index.ts';

/** The customer's mail about a decision on their request (queued with the decision). */
const TaxExemptionMailSchema = z.object({
  exemptionId: z.string(),
  decision: z.enum(['approved', 'rejected']),
});
export type TaxExemptionMail = z.infer<typeof TaxExemptionMailSchema>;

/**
 * The mail telling a customer staff approved or rejected their certificate or VAT number,
 * rendered when sent from the request as it is then. Null when the account is gone.
 */
export async function taxExemptionMail(
  db: Db,
  job: TaxExemptionMail,
  publicUrl: string,
): Promise<{ to: string; subject: string; text: string; html: string } | null> {
  const [row] = await db
    .select({
      kind: taxExemption.kind,
      vatNumber: taxExemption.vatNumber,
      documentName: taxExemption.documentName,
      reason: taxExemption.reason,
      reviewedAt: taxExemption.reviewedAt,
      email: user.email,
    })
    .from(taxExemption)
    .innerJoin(user, eq(user.id, taxExemption.userId))
    .where(eq(taxExemption.id, job.exemptionId));
  if (!row) return null;
  const what =
    row.kind === 'vat_number'
      ? `VAT number ${row.vatNumber ?? ''}`
      : `exemption certificate (${row.documentName ?? 'file'})`;
  const content =
    job.decision === 'approved'
      ? {
          subject: 'Your tax exemption was approved',
          lines: [
            `We approved your ${what}.`,
            `Orders you place from now on carry no ${row.kind === 'vat_number' ? 'VAT (reverse charge)' : 'sales tax'} where it applies, and their documents say:`,
            exemptionNote(row, row.reviewedAt ?? new Date()),
          ],
        }
      : {
          subject: 'Your tax exemption was not approved',
          lines: [
            `We could not approve your ${what}.`,
            `Reason: ${row.reason ?? ''}`,
            'You can send another one from My Profile.',
          ],
        };
  return {
    to: row.email,
    ...renderShopMail({
      ...content,
      link: `${publicUrl}${pageRoutes.dashboard.href()}`,
      linkLabel: 'My Profile',
    }),
  };
}

/** A decision's mail to the customer (kind `tax-exemption-mail`). */
export const taxExemptionMailJob = defineJob({
  kind: 'tax-exemption-mail',
  payload: TaxExemptionMailSchema,
  async handle(job, context) {
    const mail = await taxExemptionMail(context.db, job, context.publicUrl);
    if (mail) await context.mailer.send(mail);
  },
});
