import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ALREADY_IN_COMPANY_MESSAGE,
  ALREADY_MEMBER_MESSAGE,
  INVITATION_NOT_FOUND_MESSAGE,
  LAST_ADMIN_MESSAGE,
  MEMBER_NOT_FOUND_MESSAGE,
  NOT_COMPANY_ADMIN_MESSAGE,
  type Company,
  type CompanyRole,
  type Invitation,
  type InvitationBodySchema,
  type Member,
  type MemberUpdateSchema,
} from '../../../shared/companies.ts';
import { centsToDollars, dollarsToCents } from '../../../shared/money.ts';
import { lockAccount } from '../../db/account-lock.ts';
import type { Db, Queryable, Tx } from '../../db/client.ts';
import { Conflict, Forbidden, NotFound } from '../../errors.ts';
import type { Auth } from '../auth/index.ts';
import { getCompany } from './companies.service.ts';
import {
  companyAdmin,
  companyMember,
  companyReader,
  ownMemberRow,
  viaPlugin,
  type Caller,
} from './company-access.ts';

// A company's members and invitations (issue 37, ADR 059). better-auth's organization plugin keeps
// them (its server API, with the caller's session); the shop's rules come first: one company per
// account, its admins manage, a company always keeps an admin, limits in the member's own columns.

export const INVITATION_CLOSED_MESSAGE = 'This invitation is no longer open';

interface MemberRow extends Record<string, unknown> {
  id: string;
  userId: string;
  name: string;
  email: string;
  role: CompanyRole;
  orderLimitCents: string | number | null;
  monthLimitCents: string | number | null;
  monthSpentCents: string | number;
  createdAt: Date | string;
}

const dollarsOrNull = (cents: string | number | null) =>
  cents === null ? null : centsToDollars(Number(cents));

function toMember(row: MemberRow): Member {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    email: row.email,
    role: row.role,
    orderLimit: dollarsOrNull(row.orderLimitCents),
    monthLimit: dollarsOrNull(row.monthLimitCents),
    monthSpent: centsToDollars(Number(row.monthSpentCents)),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

async function memberRows(db: Queryable, companyId: string, memberId?: string) {
  const result = await db.execute<MemberRow>(sql`SELECT m.id, m.user_id AS "userId", u.name,
      u.email, m.role, m.order_limit_cents AS "orderLimitCents",
      m.month_limit_cents AS "monthLimitCents",
      member_month_spent(m.user_id, m.organization_id) AS "monthSpentCents",
      m.created_at AS "createdAt"
    FROM member m JOIN "user" u ON u.id = m.user_id
    WHERE m.organization_id = ${companyId} ${memberId === undefined ? sql`` : sql`AND m.id = ${memberId}`}
    ORDER BY m.created_at, m.id`);
  return result.rows;
}

export async function listMembers(db: Db, caller: Caller, id: string): Promise<Member[]> {
  await companyReader(db, caller, id);
  return (await memberRows(db, id)).map(toMember);
}

/** Serializes the changes of one company's members (the last-admin rule reads, then writes). */
async function lockCompany(tx: Tx, id: string): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM organization WHERE id = ${id} FOR NO KEY UPDATE`);
}

async function memberIn(tx: Tx, companyId: string, memberId: string): Promise<MemberRow> {
  const [row] = await memberRows(tx, companyId, memberId);
  if (!row) throw new NotFound(MEMBER_NOT_FOUND_MESSAGE);
  return row;
}

async function assertNotLastAdmin(tx: Tx, companyId: string): Promise<void> {
  const result = await tx.execute<{ n: string }>(
    sql`SELECT count(*) AS n FROM member WHERE organization_id = ${companyId} AND role = 'admin'`,
  );
  if (Number(result.rows[0]?.n ?? 0) <= 1) throw new Conflict(LAST_ADMIN_MESSAGE);
}

/** Its admins change a member's role and limits (dollars; null: no limit). */
export async function updateMember(
  db: Db,
  auth: Auth,
  caller: Caller,
  headers: Headers,
  id: string,
  memberId: string,
  body: z.output<typeof MemberUpdateSchema>,
): Promise<Member> {
  await companyAdmin(db, caller, id);
  await db.transaction(async (tx) => {
    await lockCompany(tx, id);
    const target = await memberIn(tx, id, memberId);
    const role = body.role;
    if (role !== undefined && role !== target.role) {
      if (target.role === 'admin') await assertNotLastAdmin(tx, id);
      await viaPlugin(() =>
        auth.api.updateMemberRole({ headers, body: { memberId, role, organizationId: id } }),
      );
    }
    const cents = (dollars: number | null) => (dollars === null ? null : dollarsToCents(dollars));
    if (body.orderLimit !== undefined)
      await tx.execute(sql`UPDATE member SET order_limit_cents = ${cents(body.orderLimit)}
        WHERE id = ${memberId}`);
    if (body.monthLimit !== undefined)
      await tx.execute(sql`UPDATE member SET month_limit_cents = ${cents(body.monthLimit)}
        WHERE id = ${memberId}`);
  });
  return toMember(await memberRowOrNotFound(db, id, memberId));
}

async function memberRowOrNotFound(db: Db, id: string, memberId: string) {
  const [row] = await memberRows(db, id, memberId);
  if (!row) throw new NotFound(MEMBER_NOT_FOUND_MESSAGE);
  return row;
}

/** Its admins remove a member; any member leaves. The last admin does neither. */
export async function removeMember(
  db: Db,
  auth: Auth,
  caller: Caller,
  headers: Headers,
  id: string,
  memberId: string,
): Promise<void> {
  const own = await companyMember(db, caller, id);
  const leaving = own.memberId === memberId;
  if (!leaving && own.role !== 'admin') throw new Forbidden(NOT_COMPANY_ADMIN_MESSAGE);
  await db.transaction(async (tx) => {
    await lockCompany(tx, id);
    const target = await memberIn(tx, id, memberId);
    if (target.role === 'admin') await assertNotLastAdmin(tx, id);
    if (leaving)
      await viaPlugin(() => auth.api.leaveOrganization({ headers, body: { organizationId: id } }));
    else
      await viaPlugin(() =>
        auth.api.removeMember({ headers, body: { memberIdOrEmail: memberId, organizationId: id } }),
      );
  });
}

interface InvitationRow extends Record<string, unknown> {
  id: string;
  companyId: string;
  companyName: string;
  email: string;
  role: string | null;
  status: Invitation['status'];
  expiresAt: Date | string;
  createdAt: Date | string;
}

const selectInvitations = sql`SELECT i.id, i.organization_id AS "companyId",
    o.name AS "companyName", i.email, i.role, i.status, i.expires_at AS "expiresAt",
    i.created_at AS "createdAt"
  FROM invitation i JOIN organization o ON o.id = i.organization_id`;

function toInvitation(row: InvitationRow): Invitation {
  return {
    id: row.id,
    companyId: row.companyId,
    companyName: row.companyName,
    email: row.email,
    role: (row.role ?? 'buyer') as CompanyRole,
    status: row.status,
    expiresAt: new Date(row.expiresAt).toISOString(),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

const isOpen = (row: InvitationRow) =>
  row.status === 'pending' && new Date(row.expiresAt).getTime() > Date.now();

async function invitationRow(db: Queryable, id: string, invitationId: string) {
  const result = await db.execute<InvitationRow>(
    sql`${selectInvitations} WHERE i.id = ${invitationId} AND i.organization_id = ${id}`,
  );
  return result.rows[0] ?? null;
}

/** The company's open invitations (its admins), newest first. */
export async function listInvitations(db: Db, caller: Caller, id: string): Promise<Invitation[]> {
  await companyAdmin(db, caller, id);
  const result = await db.execute<InvitationRow>(sql`${selectInvitations}
    WHERE i.organization_id = ${id} AND i.status = 'pending' AND i.expires_at > now()
    ORDER BY i.created_at DESC, i.id`);
  return result.rows.map(toInvitation);
}

/** Its admins invite by e-mail; the plugin keeps the invitation and mails its link. Inviting
 * again replaces the open invitation (a new role, mail and expiry). */
export async function createInvitation(
  db: Db,
  auth: Auth,
  caller: Caller,
  headers: Headers,
  id: string,
  body: z.output<typeof InvitationBodySchema>,
): Promise<Invitation> {
  await companyAdmin(db, caller, id);
  const email = body.email.toLowerCase();
  const found = await db.execute(sql`SELECT 1 FROM member m JOIN "user" u ON u.id = m.user_id
    WHERE m.organization_id = ${id} AND lower(u.email) = ${email}`);
  if (found.rows.length > 0)
    throw new Conflict(ALREADY_MEMBER_MESSAGE, { email: ALREADY_MEMBER_MESSAGE });
  // An open invitation of the same e-mail is replaced (cancelPendingInvitationsOnReInvite).
  const created = await viaPlugin(() =>
    auth.api.createInvitation({ headers, body: { email, role: body.role, organizationId: id } }),
  );
  const row = await invitationRow(db, id, created.id);
  if (!row) throw new Error('the invitation just created was not found');
  return toInvitation(row);
}

/** The invitation, for the company's admins or the person invited (their e-mail); else 404. */
async function visibleInvitation(
  db: Queryable,
  caller: Caller,
  id: string,
  invitationId: string,
): Promise<{ row: InvitationRow; asAdmin: boolean }> {
  const row = await invitationRow(db, id, invitationId);
  if (!row) throw new NotFound(INVITATION_NOT_FOUND_MESSAGE);
  if (row.email.toLowerCase() === caller.email.toLowerCase()) return { row, asAdmin: false };
  const own = await ownMemberRow(db, caller.id);
  if (own?.companyId === id && own.role === 'admin') return { row, asAdmin: true };
  throw new NotFound(INVITATION_NOT_FOUND_MESSAGE);
}

export async function getInvitation(
  db: Db,
  caller: Caller,
  id: string,
  invitationId: string,
): Promise<Invitation> {
  return toInvitation((await visibleInvitation(db, caller, id, invitationId)).row);
}

/** An admin cancels an invitation; the person invited declines it. */
export async function closeInvitation(
  db: Db,
  auth: Auth,
  caller: Caller,
  headers: Headers,
  id: string,
  invitationId: string,
): Promise<Invitation> {
  const { row, asAdmin } = await visibleInvitation(db, caller, id, invitationId);
  if (row.status !== 'pending') throw new Conflict(INVITATION_CLOSED_MESSAGE);
  if (asAdmin)
    await viaPlugin(() => auth.api.cancelInvitation({ headers, body: { invitationId } }));
  else await viaPlugin(() => auth.api.rejectInvitation({ headers, body: { invitationId } }));
  return toInvitation((await invitationRow(db, id, invitationId)) ?? row);
}

/**
 * The person invited (the account of the invitation's e-mail) joins with its role. One company
 * per account: the account's lock makes the check and the joining one step.
 */
export async function acceptInvitation(
  db: Db,
  auth: Auth,
  caller: Caller,
  headers: Headers,
  id: string,
  invitationId: string,
): Promise<Company> {
  await db.transaction(async (tx) => {
    await lockAccount(tx, caller.id);
    const row = await invitationRow(tx, id, invitationId);
    if (!row || row.email.toLowerCase() !== caller.email.toLowerCase() || !isOpen(row))
      throw new NotFound(INVITATION_NOT_FOUND_MESSAGE);
    if (await ownMemberRow(tx, caller.id)) throw new Conflict(ALREADY_IN_COMPANY_MESSAGE);
    await viaPlugin(() => auth.api.acceptInvitation({ headers, body: { invitationId } }));
  });
  return getCompany(db, caller, id);
}
