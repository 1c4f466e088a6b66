import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ALREADY_IN_COMPANY_MESSAGE,
  COMPANY_NOT_FOUND_MESSAGE,
  PRICE_LIST_NOT_FOUND_MESSAGE,
  type Company,
  type CompanyBodySchema,
  type CompanyPriceListBodySchema,
  type CompanyRole,
  type CompanyUpdateSchema,
  type CreditBodySchema,
  type CreditStatus,
} from '../../../shared/companies.ts';
import { centsToDollars, dollarsToCents } from '../../../shared/money.ts';
import type { PostalAddress } from '../../../shared/postal-address.ts';
import { lockAccount } from '../../db/account-lock.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { companyAccount, organization } from '../../db/schema.ts';
import { Conflict, NotFound } from '../../errors.ts';
import { recordAudit } from '../audit/index.ts';
import type { Auth } from '../auth/index.ts';
import {
  companyAdmin,
  companyReader,
  isCompanyStaff,
  ownMemberRow,
  viaPlugin,
  type Caller,
} from './company-access.ts';

// Companies (issue 37, ADR 059): better-auth's organizations (its plugin keeps them, their members
// and invitations) with what the shop keeps of them in `company_account`. Money in the answers is
// dollars; the database keeps cents.

interface CompanyRow extends Record<string, unknown> {
  id: string;
  name: string;
  createdAt: Date | string;
  taxNumber: string | null;
  billingAddress: PostalAddress | null;
  creditStatus: CreditStatus | null;
  creditLimitCents: string | number | null;
  termsDays: number | null;
  balanceCents: string | number | null;
  priceListId: string | null;
  priceListName: string | null;
  memberCount: string | number;
}

function selectCompanies(where: SQL): SQL {
  return sql`SELECT o.id, o.name, o.created_at AS "createdAt", ca.tax_number AS "taxNumber",
      ca.billing_address AS "billingAddress", ca.credit_status AS "creditStatus",
      ca.credit_limit_cents AS "creditLimitCents", ca.terms_days AS "termsDays",
      ca.balance_cents AS "balanceCents", ca.price_list_id AS "priceListId",
      pl.name AS "priceListName",
      (SELECT count(*) FROM member m WHERE m.organization_id = o.id) AS "memberCount"
    FROM organization o
      LEFT JOIN company_account ca ON ca.organization_id = o.id
      LEFT JOIN price_list pl ON pl.id = ca.price_list_id
    WHERE ${where}`;
}

function toCompany(row: CompanyRow, myRole: CompanyRole | null): Company {
  const status = row.creditStatus ?? 'none';
  const limitCents = Number(row.creditLimitCents ?? 0);
  const balanceCents = Number(row.balanceCents ?? 0);
  const availableCents = status === 'approved' ? Math.max(0, limitCents - balanceCents) : 0;
  return {
    id: row.id,
    name: row.name,
    taxNumber: row.taxNumber ?? '',
    billingAddress: row.billingAddress ?? null,
    credit: {
      status,
      limit: centsToDollars(limitCents),
      termsDays: row.termsDays ?? 30,
      balance: centsToDollars(balanceCents),
      available: centsToDollars(availableCents),
    },
    priceList:
      row.priceListId && row.priceListName
        ? { id: row.priceListId, name: row.priceListName }
        : null,
    myRole,
    memberCount: Number(row.memberCount),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

async function companyRow(db: Queryable, id: string): Promise<CompanyRow> {
  const result = await db.execute<CompanyRow>(selectCompanies(sql`o.id = ${id}`));
  const [row] = result.rows;
  if (!row) throw new NotFound(COMPANY_NOT_FOUND_MESSAGE);
  return row;
}

/** The caller's company (0 or 1); staff with admin.other: every company, optionally by name. */
export async function listCompanies(
  db: Db,
  caller: Caller,
  query: string | undefined,
): Promise<Company[]> {
  const own = await ownMemberRow(db, caller.id);
  if (!isCompanyStaff(caller)) {
    if (!own) return [];
    return [toCompany(await companyRow(db, own.companyId), own.role)];
  }
  const pattern = query ? `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const result = await db.execute<CompanyRow>(
    sql`${selectCompanies(pattern ? sql`o.name ILIKE ${pattern}` : sql`true`)}
      ORDER BY lower(o.name), o.id LIMIT 500`,
  );
  return result.rows.map((row) => toCompany(row, own?.companyId === row.id ? own.role : null));
}

export async function getCompany(db: Db, caller: Caller, id: string): Promise<Company> {
  const reader = await companyReader(db, caller, id);
  return toCompany(await companyRow(db, id), reader.role);
}

/**
 * Creates a company with the caller as its admin (better-auth's plugin makes the organization and
 * the member) and its `company_account` row. One company per account: the account's lock makes
 * the check and the creation one step, also against an invitation accepted at the same time.
 */
export async function createCompany(
  db: Db,
  auth: Auth,
  caller: Caller,
  body: z.output<typeof CompanyBodySchema>,
): Promise<Company> {
  let createdId: string | null = null;
  try {
    return await db.transaction(async (tx) => {
      await lockAccount(tx, caller.id);
      if (await ownMemberRow(tx, caller.id)) throw new Conflict(ALREADY_IN_COMPANY_MESSAGE);
      const created = await viaPlugin(() =>
        auth.api.createOrganization({
          body: { name: body.name, slug: `company-${randomUUID()}`, userId: caller.id },
        }),
      );
      createdId = created.id;
      await tx.insert(companyAccount).values({
        organizationId: created.id,
        taxNumber: body.taxNumber,
        billingAddress: body.billingAddress,
      });
      return toCompany(await companyRow(tx, created.id), 'admin');
    });
  } catch (error) {
    // The organization was made (the plugin's own writes) but its account row was not.
    if (createdId !== null)
      await db.execute(sql`DELETE FROM organization WHERE id = ${createdId}`).catch(() => {});
    throw error;
  }
}

/** Its admins change the name, tax number and billing address. */
export async function updateCompany(
  db: Db,
  auth: Auth,
  caller: Caller,
  headers: Headers,
  id: string,
  body: z.output<typeof CompanyUpdateSchema>,
): Promise<Company> {
  await companyAdmin(db, caller, id);
  if (body.name !== undefined) {
    const name = body.name;
    await viaPlugin(() =>
      auth.api.updateOrganization({ headers, body: { organizationId: id, data: { name } } }),
    );
  }
  const changes = {
    ...(body.taxNumber !== undefined && { taxNumber: body.taxNumber }),
    ...(body.billingAddress !== undefined && { billingAddress: body.billingAddress }),
  };
  if (Object.keys(changes).length > 0)
    await db
      .update(companyAccount)
      .set({ ...changes, updatedAt: new Date() })
      .where(sql`${companyAccount.organizationId} = ${id}`);
  return toCompany(await companyRow(db, id), 'admin');
}

const creditOf = (row: CompanyRow) => toCompany(row, null).credit;

/** Staff: credit status, limit (dollars) and terms, with an audit entry. */
export async function updateCredit(
  db: Db,
  actor: Caller,
  id: string,
  body: z.output<typeof CreditBodySchema>,
): Promise<Company> {
  return db.transaction(async (tx) => {
    // The order statement locks this row too (ADR 059): a change waits for its checkouts.
    const locked = await tx.execute(
      sql`SELECT 1 FROM company_account WHERE organization_id = ${id} FOR NO KEY UPDATE`,
    );
    if (locked.rows.length === 0) throw new NotFound(COMPANY_NOT_FOUND_MESSAGE);
    const before = await companyRow(tx, id);
    await tx
      .update(companyAccount)
      .set({
        creditStatus: body.status,
        creditLimitCents: dollarsToCents(body.limit),
        termsDays: body.termsDays,
        updatedAt: new Date(),
      })
      .where(sql`${companyAccount.organizationId} = ${id}`);
    const after = await companyRow(tx, id);
    const { balance: _before, available: _b, ...creditBefore } = creditOf(before);
    const { balance: _after, available: _a, ...creditAfter } = creditOf(after);
    await recordAudit(tx, actor, {
      action: 'company.credit',
      targetType: 'company',
      targetId: id,
      before: creditBefore,
      after: creditAfter,
    });
    return toCompany(after, null);
  });
}

/** Staff: the company's price list (null: none), with an audit entry. */
export async function setPriceList(
  db: Db,
  actor: Caller,
  id: string,
  body: z.output<typeof CompanyPriceListBodySchema>,
): Promise<Company> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute(
      sql`SELECT 1 FROM company_account WHERE organization_id = ${id} FOR NO KEY UPDATE`,
    );
    if (locked.rows.length === 0) throw new NotFound(COMPANY_NOT_FOUND_MESSAGE);
    if (body.priceListId !== null) {
      const list = await tx.execute(sql`SELECT 1 FROM price_list WHERE id = ${body.priceListId}`);
      if (list.rows.length === 0) throw new NotFound(PRICE_LIST_NOT_FOUND_MESSAGE);
    }
    const before = await companyRow(tx, id);
    await tx
      .update(companyAccount)
      .set({ priceListId: body.priceListId, updatedAt: new Date() })
      .where(sql`${companyAccount.organizationId} = ${id}`);
    const after = await companyRow(tx, id);
    await recordAudit(tx, actor, {
      action: 'company.price-list',
      targetType: 'company',
      targetId: id,
      before: toCompany(before, null).priceList,
      after: toCompany(after, null).priceList,
    });
    return toCompany(after, null);
  });
}

/** The organization's name as better-auth keeps it (for mails and invitations). */
export async function companyName(db: Queryable, id: string): Promise<string | null> {
  const result = await db
    .select({ name: organization.name })
    .from(organization)
    .where(sql`${organization.id} = ${id}`);
  return result[0]?.name ?? null;
}
