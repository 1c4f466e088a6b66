import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { CompanyRole, CreditStatus } from '../../shared/companies.ts';
import type { Db } from '../db/client.ts';
import { signUp, type SignedIn } from './accounts.ts';
import { userIdOf } from './factories.ts';
import type { TestApp } from './test-app.ts';

/**
 * A company written straight into its tables (issue 37), for tests of what uses one (checkout on
 * account, approvals, invoices, price lists, lists) without going through the companies API.
 */
export interface TestCompany {
  id: string;
  name: string;
  members: Record<string, TestMember>;
}
export interface TestMember extends SignedIn {
  userId: string;
  memberId: string;
  role: CompanyRole;
}

export interface TestMemberSpec {
  role: CompanyRole;
  /** Cents, or null/undefined: no limit. */
  orderLimitCents?: number | null;
  monthLimitCents?: number | null;
}

export async function addMember(
  db: Db,
  companyId: string,
  who: SignedIn,
  spec: TestMemberSpec,
): Promise<TestMember> {
  const userId = await userIdOf(db, who.email);
  const memberId = randomUUID();
  await db.execute(sql`INSERT INTO member (id, organization_id, user_id, role, order_limit_cents,
      month_limit_cents, created_at)
    VALUES (${memberId}, ${companyId}, ${userId}, ${spec.role}, ${spec.orderLimitCents ?? null},
      ${spec.monthLimitCents ?? null}, now())`);
  return { ...who, userId, memberId, role: spec.role };
}

/**
 * A company with its `company_account` row and new signed-up members (keyed by the names given),
 * with credit as given (cents; default none).
 */
export async function createTestCompany(
  t: TestApp,
  spec: {
    name?: string;
    members: Record<string, TestMemberSpec>;
    credit?: { status: CreditStatus; limitCents: number; termsDays?: number };
    priceListId?: string | null;
  },
): Promise<TestCompany> {
  const db = t.database.db;
  const id = randomUUID();
  const name = spec.name ?? `Test Company ${id.slice(0, 8)}`;
  await db.execute(sql`INSERT INTO organization (id, name, slug, created_at)
    VALUES (${id}, ${name}, ${`test-${id}`}, now())`);
  await db.execute(sql`INSERT INTO company_account (organization_id, credit_status,
      credit_limit_cents, terms_days, price_list_id)
    VALUES (${id}, ${spec.credit?.status ?? 'none'}, ${spec.credit?.limitCents ?? 0},
      ${spec.credit?.termsDays ?? 30}, ${spec.priceListId ?? null})`);
  const members: Record<string, TestMember> = {};
  for (const [key, memberSpec] of Object.entries(spec.members)) {
    const who = await signUp(t.app, { name: `${key} of ${name}` });
    members[key] = await addMember(db, id, who, memberSpec);
  }
  return { id, name, members };
}

/** The company's balance (cents) as stored. */
export async function balanceOf(db: Db, companyId: string): Promise<number> {
  const result = await db.execute<{ balance: string }>(
    sql`SELECT balance_cents AS balance FROM company_account WHERE organization_id = ${companyId}`,
  );
  return Number(result.rows[0]?.balance ?? 0);
}
