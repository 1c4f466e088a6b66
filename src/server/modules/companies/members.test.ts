import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ALREADY_IN_COMPANY_MESSAGE,
  ALREADY_MEMBER_MESSAGE,
  COMPANY_ADDRESSES_MAX,
  INVITATION_NOT_FOUND_MESSAGE,
  InvitationSchema,
  LAST_ADMIN_MESSAGE,
  MemberListSchema,
  NOT_COMPANY_ADMIN_MESSAGE,
  TOO_MANY_COMPANY_ADDRESSES_MESSAGE,
} from '../../../shared/companies.ts';
import { linkIn, readOutbox, signUp, type SignedIn } from '../../testing/accounts.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { createTestCompany, type TestCompany } from '../../testing/companies.ts';
import { placeTestOrder } from '../../testing/orders.ts';

// A company's members and invitations (issue 37, ADR 059): invited by mail, accepted by the
// invited account through the link's ids, limits in dollars, the last admin kept.

const t = setUpAppWithAccounts();
const db = () => t.database.db;

const inject = (who: SignedIn, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: who.headers, ...(payload && { payload }) });

async function invite(company: TestCompany, admin: SignedIn, email: string, role = 'buyer') {
  const res = await inject(admin, 'POST', `/api/companies/${company.id}/members/invitations`, {
    email,
    role,
  });
  expect(res.statusCode, res.body).toBe(201);
  return InvitationSchema.parse(res.json());
}

/** The company and invitation ids of the invitation mail's link (/invitations/:companyId/:invitationId). */
function invitationLinkOf(email: string): { companyId: string; invitationId: string } {
  const mails = readOutbox(t, email).filter((mail) => mail.subject.startsWith('Join '));
  expect(mails.length).toBeGreaterThan(0);
  const url = new URL(linkIn(mails.at(-1)!.text));
  const [, page, companyId, invitationId] = url.pathname.split('/');
  expect(page).toBe('invitations');
  return {
    companyId: decodeURIComponent(companyId!),
    invitationId: decodeURIComponent(invitationId!),
  };
}

const membersOf = async (company: TestCompany, who: SignedIn) => {
  const res = await inject(who, 'GET', `/api/companies/${company.id}/members`);
  expect(res.statusCode, res.body).toBe(200);
  return MemberListSchema.parse(res.json()).members;
};

describe('inviting a member', () => {
  it('mails a link; the invited account accepts by its ids and joins with the role', async () => {
    const company = await createTestCompany(t, {
      name: 'Invite Co',
      members: { boss: { role: 'admin' } },
    });
    const boss = company.members.boss!;
    const newcomer = await signUp(t.app, { name: 'Nina Newcomer' });
    const invitation = await invite(company, boss, newcomer.email.toUpperCase(), 'approver');
    expect(invitation).toMatchObject({
      companyId: company.id,
      companyName: 'Invite Co',
      email: newcomer.email,
      role: 'approver',
      status: 'pending',
    });
    const days = (Date.parse(invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);

    const pending = await inject(boss, 'GET', `/api/companies/${company.id}/members/invitations`);
    expect(pending.json()).toMatchObject({ invitations: [{ id: invitation.id }] });

    const link = invitationLinkOf(newcomer.email);
    expect(link).toEqual({ companyId: company.id, invitationId: invitation.id });
    const seen = await inject(
      newcomer,
      'GET',
      `/api/companies/${link.companyId}/members/invitations/${link.invitationId}`,
    );
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ companyName: 'Invite Co', role: 'approver' });

    const accepted = await inject(
      newcomer,
      'POST',
      `/api/companies/${link.companyId}/members/invitations/${link.invitationId}/accept`,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ id: company.id, myRole: 'approver', memberCount: 2 });
    const members = await membersOf(company, boss);
    expect(members.map((m) => [m.email, m.role])).toContainEqual([newcomer.email, 'approver']);

    const again = await inject(
      newcomer,
      'POST',
      `/api/companies/${link.companyId}/members/invitations/${link.invitationId}/accept`,
    );
    expect(again.statusCode).toBe(404);
  });

  it('replaces an open invitation when the same e-mail is invited again; refuses a member', async () => {
    const company = await createTestCompany(t, { members: { boss: { role: 'admin' } } });
    const boss = company.members.boss!;
    const invited = await signUp(t.app);
    const first = await invite(company, boss, invited.email, 'buyer');
    const second = await invite(company, boss, invited.email, 'approver');
    expect(second.id).not.toBe(first.id);
    const statuses = await db().execute<{ id: string; status: string }>(
      sql`SELECT id, status FROM invitation WHERE organization_id = ${company.id} ORDER BY created_at`,
    );
    expect(statuses.rows).toEqual([
      { id: first.id, status: 'canceled' },
      { id: second.id, status: 'pending' },
    ]);
    expect(invitationLinkOf(invited.email).invitationId).toBe(second.id);
    const already = await inject(boss, 'POST', `/api/companies/${company.id}/members/invitations`, {
      email: boss.email,
    });
    expect(already.statusCode).toBe(409);
    expect(already.json()).toMatchObject({ fields: { email: ALREADY_MEMBER_MESSAGE } });
  });

  it('refuses another account the invitation (404: it cannot see or accept it)', async () => {
    const company = await createTestCompany(t, { members: { boss: { role: 'admin' } } });
    const invited = await signUp(t.app);
    const intruder = await signUp(t.app);
    const invitation = await invite(company, company.members.boss!, invited.email);
    const base = `/api/companies/${company.id}/members/invitations/${invitation.id}`;
    const seen = await inject(intruder, 'GET', base);
    expect(seen.statusCode).toBe(404);
    const accept = await inject(intruder, 'POST', `${base}/accept`);
    expect(accept.statusCode, accept.body).toBe(404);
    expect(accept.json()).toMatchObject({ message: INVITATION_NOT_FOUND_MESSAGE });
    const declined = await inject(intruder, 'DELETE', base);
    expect(declined.statusCode).toBe(404);
    const rows = await db().execute<{ n: string }>(
      sql`SELECT count(*) AS n FROM member WHERE organization_id = ${company.id}`,
    );
    expect(Number(rows.rows[0]?.n)).toBe(1);
    const status = await db().execute<{ status: string }>(
      sql`SELECT status FROM invitation WHERE id = ${invitation.id}`,
    );
    expect(status.rows[0]?.status).toBe('pending');
  });

  it('refuses to accept for an account already in a company (409)', async () => {
    const company = await createTestCompany(t, { members: { boss: { role: 'admin' } } });
    const elsewhere = await createTestCompany(t, { members: { b: { role: 'buyer' } } });
    const taken = elsewhere.members.b!;
    const invitation = await invite(company, company.members.boss!, taken.email);
    const res = await inject(
      taken,
      'POST',
      `/api/companies/${company.id}/members/invitations/${invitation.id}/accept`,
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ message: ALREADY_IN_COMPANY_MESSAGE });
  });

  it('lets only its admins invite, and an admin cancel; the person invited may decline', async () => {
    const company = await createTestCompany(t, {
      members: { boss: { role: 'admin' }, buyer: { role: 'buyer' } },
    });
    const byBuyer = await inject(
      company.members.buyer!,
      'POST',
      `/api/companies/${company.id}/members/invitations`,
      { email: 'someone@example.com' },
    );
    expect(byBuyer.statusCode).toBe(403);
    expect(byBuyer.json()).toMatchObject({ message: NOT_COMPANY_ADMIN_MESSAGE });
    const invalid = await inject(
      company.members.boss!,
      'POST',
      `/api/companies/${company.id}/members/invitations`,
      { email: 'not-an-email', role: 'owner' },
    );
    expect(invalid.statusCode).toBe(400);
    expect((invalid.json() as { fields: object }).fields).toMatchObject({
      email: 'Email must be a valid email address',
      role: 'Role must be admin, approver or buyer',
    });

    const cancelled = await invite(company, company.members.boss!, 'cancel-me@example.com');
    const cancel = await inject(
      company.members.boss!,
      'DELETE',
      `/api/companies/${company.id}/members/invitations/${cancelled.id}`,
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'canceled' });

    const invited = await signUp(t.app);
    const declined = await invite(company, company.members.boss!, invited.email);
    const decline = await inject(
      invited,
      'DELETE',
      `/api/companies/${company.id}/members/invitations/${declined.id}`,
    );
    expect(decline.statusCode, decline.body).toBe(200);
    expect(decline.json()).toMatchObject({ status: 'rejected' });
    const accept = await inject(
      invited,
      'POST',
      `/api/companies/${company.id}/members/invitations/${declined.id}/accept`,
    );
    expect(accept.statusCode).toBe(404);
  });
});

describe("a member's role and limits", () => {
  it('are set by an admin in dollars (cents stored), with what they spent this month', async () => {
    const company = await createTestCompany(t, {
      members: { boss: { role: 'admin' }, buyer: { role: 'buyer' } },
    });
    const buyer = company.members.buyer!;
    // An order of the buyer as the company this month (placed as its member).
    const { order } = await placeTestOrder(t, buyer, {
      product: { priceCents: 12_345 },
      orderQuantity: 1,
      address: '1 Trade Street',
    });
    const res = await inject(
      company.members.boss!,
      'PATCH',
      `/api/companies/${company.id}/members/${buyer.memberId}`,
      { role: 'approver', orderLimit: 250.5, monthLimit: 1000 },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ role: 'approver', orderLimit: 250.5, monthLimit: 1000 });
    const stored = await db().execute<{ o: number; m: string; role: string }>(sql`SELECT
        order_limit_cents AS o, month_limit_cents AS m, role FROM member WHERE id = ${buyer.memberId}`);
    expect(stored.rows[0]).toMatchObject({ o: 25_050, role: 'approver' });
    expect(Number(stored.rows[0]?.m)).toBe(100_000);

    const listed = (await membersOf(company, buyer)).find((m) => m.id === buyer.memberId);
    expect(order.amount).toBeGreaterThanOrEqual(123.45);
    expect(listed?.monthSpent).toBe(order.amount);

    const cleared = await inject(
      company.members.boss!,
      'PATCH',
      `/api/companies/${company.id}/members/${buyer.memberId}`,
      { orderLimit: null },
    );
    expect(cleared.json()).toMatchObject({ orderLimit: null, monthLimit: 1000 });
  });

  it('refuses invalid limits with their messages, and a non-admin (403)', async () => {
    const company = await createTestCompany(t, {
      members: { boss: { role: 'admin' }, buyer: { role: 'buyer' } },
    });
    const url = `/api/companies/${company.id}/members/${company.members.buyer!.memberId}`;
    const bad = await inject(company.members.boss!, 'PATCH', url, {
      orderLimit: -5,
      monthLimit: 'lots',
      role: 'king',
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { fields: object }).fields).toMatchObject({
      orderLimit: 'Limit must not be negative',
      monthLimit: 'Limit must be a number',
      role: 'Role must be admin, approver or buyer',
    });
    const self = await inject(company.members.buyer!, 'PATCH', url, { orderLimit: null });
    expect(self.statusCode).toBe(403);
    const unknown = await inject(
      company.members.boss!,
      'PATCH',
      `/api/companies/${company.id}/members/no-such-member`,
      { orderLimit: 1 },
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the last admin', () => {
  it('can be neither demoted nor removed, nor leave (409); another admin first', async () => {
    const company = await createTestCompany(t, {
      members: { boss: { role: 'admin' }, buyer: { role: 'buyer' } },
    });
    const boss = company.members.boss!;
    const url = `/api/companies/${company.id}/members/${boss.memberId}`;
    const demote = await inject(boss, 'PATCH', url, { role: 'buyer' });
    expect(demote.statusCode, demote.body).toBe(409);
    expect(demote.json()).toMatchObject({ message: LAST_ADMIN_MESSAGE });
    const leave = await inject(boss, 'DELETE', url);
    expect(leave.statusCode, leave.body).toBe(409);
    expect(leave.json()).toMatchObject({ message: LAST_ADMIN_MESSAGE });
    const role = await db().execute<{ role: string }>(
      sql`SELECT role FROM member WHERE id = ${boss.memberId}`,
    );
    expect(role.rows[0]?.role).toBe('admin');

    // With a second admin, the first may step down and then leave.
    const promote = await inject(
      boss,
      'PATCH',
      `/api/companies/${company.id}/members/${company.members.buyer!.memberId}`,
      { role: 'admin' },
    );
    expect(promote.statusCode, promote.body).toBe(200);
    const stepDown = await inject(boss, 'PATCH', url, { role: 'buyer' });
    expect(stepDown.statusCode, stepDown.body).toBe(200);
    const left = await inject(boss, 'DELETE', url);
    expect(left.statusCode, left.body).toBe(200);
    const gone = await db().execute(sql`SELECT 1 FROM member WHERE id = ${boss.memberId}`);
    expect(gone.rows).toHaveLength(0);
  });

  it('an admin removes a buyer; a buyer cannot remove others but can leave', async () => {
    const company = await createTestCompany(t, {
      members: { boss: { role: 'admin' }, b1: { role: 'buyer' }, b2: { role: 'buyer' } },
    });
    const { boss, b1, b2 } = company.members as Required<typeof company.members>;
    const byBuyer = await inject(
      b1!,
      'DELETE',
      `/api/companies/${company.id}/members/${b2!.memberId}`,
    );
    expect(byBuyer.statusCode).toBe(403);
    const removed = await inject(
      boss!,
      'DELETE',
      `/api/companies/${company.id}/members/${b2!.memberId}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const leaves = await inject(
      b1!,
      'DELETE',
      `/api/companies/${company.id}/members/${b1!.memberId}`,
    );
    expect(leaves.statusCode, leaves.body).toBe(200);
    expect((await membersOf(company, boss!)).map((m) => m.id)).toEqual([boss!.memberId]);
  });
});

describe("a company's delivery addresses", () => {
  const ADDRESS = {
    line1: '5 Depot Road',
    city: 'Toronto',
    region: 'on',
    postalCode: 'm5v2t6',
    country: 'CA',
  };

  it('are kept by its admins (country rules applied), read by its members, at most the cap', async () => {
    const company = await createTestCompany(t, {
      members: { boss: { role: 'admin' }, buyer: { role: 'buyer' } },
    });
    const { boss, buyer } = company.members;
    const url = `/api/companies/${company.id}/addresses`;
    const byBuyer = await inject(buyer!, 'POST', url, { label: 'Depot', address: ADDRESS });
    expect(byBuyer.statusCode).toBe(403);
    const bad = await inject(boss!, 'POST', url, { address: { ...ADDRESS, postalCode: '12345' } });
    expect(bad.statusCode).toBe(400);
    expect(
      (bad.json() as { fields: Record<string, string> }).fields['address.postalCode'],
    ).toBeTruthy();

    const created = await inject(boss!, 'POST', url, { label: 'Depot', address: ADDRESS });
    expect(created.statusCode, created.body).toBe(201);
    const saved = created.json() as { id: string; address: { postalCode: string; region: string } };
    expect(saved.address).toMatchObject({ postalCode: 'M5V 2T6', region: 'ON' });

    const listed = await inject(buyer!, 'GET', url);
    expect(listed.json()).toMatchObject({ addresses: [{ id: saved.id, label: 'Depot' }] });

    const renamed = await inject(boss!, 'PUT', `${url}/${saved.id}`, {
      label: 'Main depot',
      address: ADDRESS,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ label: 'Main depot' });

    for (let n = 1; n < COMPANY_ADDRESSES_MAX; n += 1)
      expect(
        (await inject(boss!, 'POST', url, { label: `Site ${n}`, address: ADDRESS })).statusCode,
      ).toBe(201);
    const tooMany = await inject(boss!, 'POST', url, { address: ADDRESS });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ message: TOO_MANY_COMPANY_ADDRESSES_MESSAGE });

    const deleted = await inject(boss!, 'DELETE', `${url}/${saved.id}`);
    expect(deleted.statusCode).toBe(200);
    const again = await inject(boss!, 'DELETE', `${url}/${saved.id}`);
    expect(again.statusCode).toBe(404);
  });
});
