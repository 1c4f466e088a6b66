import { sql } from 'drizzle-orm';
import type { CompanyRole, CreditStatus } from '../../../shared/companies.ts';
import type { Queryable } from '../../db/client.ts';

/**
 * An account's company (issue 37, ADR 059; at most one per account) with what a checkout needs of
 * it: the member's role and limits, the company's price list and credit. Null for a buyer on their
 * own.
 */
export interface Membership {
  memberId: string;
  organizationId: string;
  companyName: string;
  role: CompanyRole;
  orderLimitCents: number | null;
  monthLimitCents: number | null;
  priceListId: string | null;
  priceListName: string | null;
  creditStatus: CreditStatus;
  creditLimitCents: number;
  balanceCents: number;
  termsDays: number;
}

export async function membershipOf(db: Queryable, userId: string): Promise<Membership | null> {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT m.id AS "memberId", m.organization_id AS "organizationId", o.name AS "companyName",
      m.role, m.order_limit_cents AS "orderLimitCents", m.month_limit_cents AS "monthLimitCents",
      ca.price_list_id AS "priceListId", pl.name AS "priceListName",
      coalesce(ca.credit_status, 'none') AS "creditStatus",
      coalesce(ca.credit_limit_cents, 0) AS "creditLimitCents",
      coalesce(ca.balance_cents, 0) AS "balanceCents", coalesce(ca.terms_days, 30) AS "termsDays"
    FROM member m JOIN organization o ON o.id = m.organization_id
      LEFT JOIN company_account ca ON ca.organization_id = m.organization_id
      LEFT JOIN price_list pl ON pl.id = ca.price_list_id
    WHERE m.user_id = ${userId}`);
  const [row] = result.rows;
  if (!row) return null;
  const asNumber = (value: unknown) => (value === null ? null : Number(value));
  return {
    memberId: String(row.memberId),
    organizationId: String(row.organizationId),
    companyName: String(row.companyName),
    role: row.role as CompanyRole,
    orderLimitCents: asNumber(row.orderLimitCents),
    monthLimitCents: asNumber(row.monthLimitCents),
    priceListId: (row.priceListId as string | null) ?? null,
    priceListName: (row.priceListName as string | null) ?? null,
    creditStatus: row.creditStatus as CreditStatus,
    creditLimitCents: Number(row.creditLimitCents),
    balanceCents: Number(row.balanceCents),
    termsDays: Number(row.termsDays),
  };
}
