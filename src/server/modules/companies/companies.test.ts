import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ALREADY_IN_COMPANY_MESSAGE,
  COMPANY_NOT_FOUND_MESSAGE,
  CompanyListSchema,
  CompanySchema,
  PRICE_LIST_NOT_FOUND_MESSAGE,
  type Company,
} from '../../../shared/companies.ts';
import { auditLog, companyAccount, priceList } from '../../db/schema.ts';
import { signUp, type SignedIn } from '../../testing/accounts.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { createTestCompany } from '../../testing/companies.ts';

// Companies (issue 37, ADR 059): created through the API on better-auth's organization plugin,
// one per account, each member acting for their own company only; staff set credit and price list.

const t = setUpAppWithAccounts();
const db = () => t.database.db;

const BILLING = {
  name: 'Accounts',
  line1: '1 Trade Street',
  city: 'Austin',
  region: 'TX',
  postalCode: '78701',
  country: 'us',
};

async function createCompany(who: SignedIn, body: object = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/companies',
    headers: who.headers,
    payload: { name: 'Acme Builders', taxNumber: 'US-123', billingAddress: BILLING, ...body },
  });
}

async function newCompany(who: SignedIn, body: object = {}): Promise<Company> {
  const res = await createCompany(who, body);
  expect(res.statusCode, res.body).toBe(201);
  return CompanySchema.parse(res.json());
}

describe('creating a company', () => {
  it('makes the caller its admin and keeps its tax number and billing address', async () => {
    const founder = await signUp(t.app, { name: 'Fay Founder' });
    const company = await newCompany(founder);
    expect(company).toMatchObject({
      name: 'Acme Builders',
      taxNumber: 'US-123',
      myRole: 'admin',
      memberCount: 1,
      credit: { status: 'none', limit: 0, balance: 0, available: 0 },
      priceList: null,
    });
    // The country's rules normalized the address (upper-case country code).
    expect(company.billingAddress).toMatchObject({ line1: '1 Trade Street', country: 'US' });
    const [account] = await db()
      .select()
      .from(companyAccount)
      .where(eq(companyAccount.organizationId, company.id));
    expect(account).toMatchObject({ taxNumber: 'US-123', creditStatus: 'none' });
    const members = await db().execute<{ role: string }>(
      sql`SELECT role FROM member WHERE organization_id = ${company.id}`,
    );
    expect(members.rows).toEqual([{ role: 'admin' }]);

    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/companies',
      headers: founder.headers,
    });
    expect(CompanyListSchema.parse(mine.json()).companies.map((c) => c.id)).toEqual([company.id]);
  });

  it('refuses a second company for the same account (409)', async () => {
    const founder = await signUp(t.app);
    await newCompany(founder);
    const second = await createCompany(founder, { name: 'Second Co' });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json()).toMatchObject({ message: ALREADY_IN_COMPANY_MESSAGE });
    const count = await db().execute<{ n: string }>(
      sql`SELECT count(*) AS n FROM organization WHERE name = 'Second Co'`,
    );
    expect(Number(count.rows[0]?.n)).toBe(0);
  });

  it('refuses parallel creations past one company', async () => {
    const founder = await signUp(t.app);
    const answers = await Promise.all(
      [1, 2, 3].map((n) => createCompany(founder, { name: `Parallel ${n} ${founder.email}` })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    const orphans = await db().execute<{ n: string }>(sql`SELECT count(*) AS n FROM organization o
      WHERE o.name LIKE ${`Parallel % ${founder.email}`}`);
    expect(Number(orphans.rows[0]?.n)).toBe(1);
  });

  it('validates the name and the address with the country rules', async () => {
    const founder = await signUp(t.app);
    const res = await createCompany(founder, {
      name: '',
      billingAddress: { ...BILLING, postalCode: 'ABC' },
    });
    expect(res.statusCode, res.body).toBe(400);
    const { fields } = res.json() as { fields: Record<string, string> };
    expect(fields.name).toBe('Company name is required');
    expect(fields['billingAddress.postalCode']).toBe(
      'Postal code must look like 12345 or 12345-6789',
    );
  });

  it('lets its admin change the name and tax number; a buyer may not (403)', async () => {
    const founder = await signUp(t.app);
    const company = await newCompany(founder);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${company.id}`,
      headers: founder.headers,
      payload: { name: 'Acme Renamed', taxNumber: 'US-999' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Acme Renamed', taxNumber: 'US-999' });
    expect((res.json() as Company).billingAddress).toMatchObject({ city: 'Austin' });

    const other = await createTestCompany(t, {
      members: { boss: { role: 'admin' }, b: { role: 'buyer' } },
    });
    const asBuyer = await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${other.id}`,
      headers: other.members.b!.headers,
      payload: { name: 'Hijacked' },
    });
    expect(asBuyer.statusCode, asBuyer.body).toBe(403);
  });
});

describe('isolation: a member acts for their own company only', () => {
  it("answers another company's company, members, invitations and addresses as unknown (404)", async () => {
    const mine = await createTestCompany(t, { members: { boss: { role: 'admin' } } });
    const theirs = await createTestCompany(t, { members: { boss: { role: 'admin' } } });
    const boss = mine.members.boss!;
    const [theirAddress] = await db()
      .execute<{ id: string }>(
        sql`INSERT INTO company_address
        (organization_id, label, postal) VALUES (${theirs.id}, 'Depot',
        ${JSON.stringify({ ...BILLING, country: 'US', company: '', line2: '', phone: '' })}::jsonb)
      RETURNING id`,
      )
      .then((r) => r.rows);
    const theirMember = theirs.members.boss!.memberId;
    const calls: [string, string, object?][] = [
      ['GET', `/api/companies/${theirs.id}`],
      ['PATCH', `/api/companies/${theirs.id}`, { name: 'Mine now' }],
      ['GET', `/api/companies/${theirs.id}/members`],
      ['PATCH', `/api/companies/${theirs.id}/members/${theirMember}`, { orderLimit: 1 }],
      ['DELETE', `/api/companies/${theirs.id}/members/${theirMember}`],
      ['GET', `/api/companies/${theirs.id}/members/invitations`],
      ['POST', `/api/companies/${theirs.id}/members/invitations`, { email: 'x@example.com' }],
      ['GET', `/api/companies/${theirs.id}/addresses`],
      ['POST', `/api/companies/${theirs.id}/addresses`, { address: BILLING }],
      ['PUT', `/api/companies/${theirs.id}/addresses/${theirAddress!.id}`, { address: BILLING }],
      ['DELETE', `/api/companies/${theirs.id}/addresses/${theirAddress!.id}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: boss.headers,
        ...(payload && { payload }),
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      expect(res.json()).toMatchObject({ message: COMPANY_NOT_FOUND_MESSAGE });
    }
    // Nothing of theirs changed.
    const address = await db().execute(
      sql`SELECT 1 FROM company_address WHERE id = ${theirAddress!.id}`,
    );
    expect(address.rows).toHaveLength(1);
    const limit = await db().execute<{ l: number | null }>(
      sql`SELECT order_limit_cents AS l FROM member WHERE id = ${theirMember}`,
    );
    expect(limit.rows[0]?.l).toBeNull();
  });

  it('lists no company for a customer without one, and only their own for a member', async () => {
    await createTestCompany(t, { members: { boss: { role: 'admin' } } });
    const loner = await t.app.inject({
      method: 'GET',
      url: '/api/companies',
      headers: t.customer.headers,
    });
    expect(loner.json()).toEqual({ companies: [] });
    const mine = await createTestCompany(t, { members: { b: { role: 'buyer' } } });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/companies?q=Test',
      headers: mine.members.b!.headers,
    });
    expect(CompanyListSchema.parse(res.json()).companies.map((c) => [c.id, c.myRole])).toEqual([
      [mine.id, 'buyer'],
    ]);
  });

  it('lets staff with admin.other read every company, searched by name', async () => {
    const company = await createTestCompany(t, {
      name: `Searchable Works ${Date.now()}`,
      members: { boss: { role: 'admin' } },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/companies?q=${encodeURIComponent('searchable works')}`,
      headers: t.admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const found = CompanyListSchema.parse(res.json()).companies;
    expect(found.map((c) => c.id)).toContain(company.id);
    expect(found.every((c) => /searchable works/i.test(c.name))).toBe(true);
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/companies/${company.id}`,
      headers: t.admin.headers,
    });
    expect(one.json()).toMatchObject({ id: company.id, myRole: null });
  });
});

describe('staff: credit and price list', () => {
  it('sets credit status, limit and terms with an audit entry; customers are refused (403)', async () => {
    const company = await createTestCompany(t, { members: { boss: { role: 'admin' } } });
    const body = { status: 'approved', limit: 5000, termsDays: 45 };
    const asMember = await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${company.id}/credit`,
      headers: company.members.boss!.headers,
      payload: body,
    });
    expect(asMember.statusCode, asMember.body).toBe(403);

    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${company.id}/credit`,
      headers: t.admin.headers,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      credit: { status: 'approved', limit: 5000, termsDays: 45, balance: 0, available: 5000 },
    });
    const [account] = await db()
      .select()
      .from(companyAccount)
      .where(eq(companyAccount.organizationId, company.id));
    expect(account).toMatchObject({
      creditStatus: 'approved',
      creditLimitCents: 500_000,
      termsDays: 45,
    });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'company.credit'), eq(auditLog.targetId, company.id)));
    expect(entry).toMatchObject({
      actorEmail: t.admin.email,
      targetType: 'company',
      before: { status: 'none', limit: 0, termsDays: 30 },
      after: { status: 'approved', limit: 5000, termsDays: 45 },
    });
  });

  it('validates the credit body and answers an unknown company 404', async () => {
    const company = await createTestCompany(t, { members: {} });
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${company.id}/credit`,
      headers: t.admin.headers,
      payload: { status: 'gold', limit: -1, termsDays: 400 },
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { fields: Record<string, string> }).fields).toMatchObject({
      status: 'Credit status must be none, approved or suspended',
      limit: 'Credit limit must not be negative',
      termsDays: 'Terms must be at most 365 days',
    });
    const unknown = await t.app.inject({
      method: 'PATCH',
      url: '/api/companies/no-such-company/credit',
      headers: t.admin.headers,
      payload: { status: 'approved', limit: 1, termsDays: 30 },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('assigns a price list (404 for an unknown one) with an audit entry', async () => {
    const company = await createTestCompany(t, { members: { boss: { role: 'admin' } } });
    const [list] = await db()
      .insert(priceList)
      .values({ name: `Contract ${Date.now()}` })
      .returning();
    const asMember = await t.app.inject({
      method: 'PUT',
      url: `/api/companies/${company.id}/price-list`,
      headers: company.members.boss!.headers,
      payload: { priceListId: list!.id },
    });
    expect(asMember.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'PUT',
      url: `/api/companies/${company.id}/price-list`,
      headers: t.admin.headers,
      payload: { priceListId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.statusCode, unknown.body).toBe(404);
    expect(unknown.json()).toMatchObject({ message: PRICE_LIST_NOT_FOUND_MESSAGE });

    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/companies/${company.id}/price-list`,
      headers: t.admin.headers,
      payload: { priceListId: list!.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ priceList: { id: list!.id, name: list!.name } });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'company.price-list'), eq(auditLog.targetId, company.id)));
    expect(entry).toMatchObject({ before: null, after: { id: list!.id, name: list!.name } });

    const cleared = await t.app.inject({
      method: 'PUT',
      url: `/api/companies/${company.id}/price-list`,
      headers: t.admin.headers,
      payload: { priceListId: null },
    });
    expect(cleared.json()).toMatchObject({ priceList: null });
  });
});

describe("better-auth's organization endpoints", () => {
  it('are not reachable over HTTP (404), signed in or not', async () => {
    const founder = await signUp(t.app);
    const company = await newCompany(founder);
    for (const [method, path, payload] of [
      ['POST', '/api/auth/organization/create', { name: 'Sneaky', slug: 'sneaky' }],
      ['GET', '/api/auth/organization/list', undefined],
      [
        'POST',
        '/api/auth/organization/invite-member',
        { email: 'a@example.com', role: 'admin', organizationId: company.id },
      ],
      ['POST', '/api/auth/organization/update-member-role', { memberId: 'x', role: 'admin' }],
      [
        'GET',
        `/api/auth/organization/get-full-organization?organizationId=${company.id}`,
        undefined,
      ],
    ] as const) {
      const res = await t.app.inject({
        method,
        url: path,
        headers: founder.headers,
        ...(payload && { payload }),
      });
      expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(404);
    }
    const sneaky = await db().execute(sql`SELECT 1 FROM organization WHERE slug = 'sneaky'`);
    expect(sneaky.rows).toHaveLength(0);
  });
});
