import { count, desc, eq } from 'drizzle-orm';
import { COMPANY_ORDERS_PAGE_SIZE, type CompanyOrderPage } from '../../../shared/approvals.ts';
import { canApprove, COMPANY_NOT_FOUND_MESSAGE } from '../../../shared/companies.ts';
import type { Db } from '../../db/client.ts';
import { purchase } from '../../db/schema.ts';
import { NotFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { membershipOf } from '../companies/index.ts';
import { expireStaleHolds, seesAllOrders, selectOrders, toPurchase } from '../purchases/index.ts';

/** Whether a company of this id exists (staff asking for an unknown one get 404). */
async function companyExists(db: Db, id: string): Promise<boolean> {
  const result = await db.$client.query('SELECT 1 FROM organization WHERE id = $1::text', [id]);
  return (result.rowCount ?? 0) > 0;
}

/**
 * GET /api/companies/{id}/orders: every order placed as the company (whatever its status), newest
 * first, a page at a time. For its admins and approvers, and staff who see all orders
 * (orders.view); anyone else, and a member of another company, is answered as for an unknown
 * company (404).
 */
export async function listCompanyOrders(
  db: Db,
  caller: AuthUser,
  companyId: string,
  page: number,
): Promise<CompanyOrderPage> {
  const member = await membershipOf(db, caller.id);
  const mine = member?.organizationId === companyId && canApprove(member.role);
  if (!mine && !(seesAllOrders(caller) && (await companyExists(db, companyId))))
    throw new NotFound(COMPANY_NOT_FOUND_MESSAGE);
  await expireStaleHolds(db);
  const ofCompany = eq(purchase.organizationId, companyId);
  const [rows, [counted]] = await Promise.all([
    selectOrders(db)
      .where(ofCompany)
      .orderBy(desc(purchase.createdAt), desc(purchase.id))
      .limit(COMPANY_ORDERS_PAGE_SIZE)
      .offset((page - 1) * COMPANY_ORDERS_PAGE_SIZE),
    db.select({ n: count() }).from(purchase).where(ofCompany),
  ]);
  return {
    orders: rows.map(toPurchase),
    total: counted?.n ?? 0,
    page,
    pageSize: COMPANY_ORDERS_PAGE_SIZE,
  };
}
