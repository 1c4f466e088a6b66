import { isAPIError } from 'better-auth/api';
import { sql } from 'drizzle-orm';
import {
  COMPANY_NOT_FOUND_MESSAGE,
  NOT_COMPANY_ADMIN_MESSAGE,
  type CompanyRole,
} from '../../../shared/companies.ts';
import { can } from '../../../shared/permissions.ts';
import type { Queryable } from '../../db/client.ts';
import { Conflict, Forbidden, Invalid, NotFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';

// Who may act for a company (issue 37, ADR 059): its members, each for their own company only
// (another company's id is unknown: 404, never 403); its admins change it; staff with
// `admin.other` read every company and set its credit and price list.

export type Caller = Pick<AuthUser, 'id' | 'email' | 'role'>;

/** The caller's place in the company: their member row, or null for staff reading another's. */
export interface CompanyReader {
  companyId: string;
  memberId: string | null;
  role: CompanyRole | null;
}

/** The caller's own member row, if any (one company per account). */
export async function ownMemberRow(
  db: Queryable,
  userId: string,
): Promise<{ memberId: string; companyId: string; role: CompanyRole } | null> {
  const result = await db.execute<{ memberId: string; companyId: string; role: CompanyRole }>(
    sql`SELECT id AS "memberId", organization_id AS "companyId", role FROM member
      WHERE user_id = ${userId}`,
  );
  return result.rows[0] ?? null;
}

export const isCompanyStaff = (caller: Caller) => can(caller.role, 'admin.other');

async function companyExists(db: Queryable, id: string): Promise<boolean> {
  const result = await db.execute(sql`SELECT 1 FROM organization WHERE id = ${id}`);
  return result.rows.length > 0;
}

/** A member of the company, or staff (admin.other) for any company that exists; else 404. */
export async function companyReader(
  db: Queryable,
  caller: Caller,
  id: string,
): Promise<CompanyReader> {
  const own = await ownMemberRow(db, caller.id);
  if (own?.companyId === id) return { companyId: id, memberId: own.memberId, role: own.role };
  if (isCompanyStaff(caller) && (await companyExists(db, id)))
    return { companyId: id, memberId: null, role: null };
  throw new NotFound(COMPANY_NOT_FOUND_MESSAGE);
}

/** A member of the company (staff are no members: 404 for them too, as for anyone else). */
export async function companyMember(
  db: Queryable,
  caller: Caller,
  id: string,
): Promise<{ companyId: string; memberId: string; role: CompanyRole }> {
  const own = await ownMemberRow(db, caller.id);
  if (own?.companyId !== id) throw new NotFound(COMPANY_NOT_FOUND_MESSAGE);
  return own;
}

/** An admin of the company: another company is 404, a member who is no admin 403. */
export async function companyAdmin(
  db: Queryable,
  caller: Caller,
  id: string,
): Promise<{ companyId: string; memberId: string; role: CompanyRole }> {
  const own = await companyMember(db, caller, id);
  if (own.role !== 'admin') throw new Forbidden(NOT_COMPANY_ADMIN_MESSAGE);
  return own;
}

/**
 * Runs a call of better-auth's organization API; a refusal of it (our rules are checked first,
 * so it is rare) is answered in the one error shape, never as a 500.
 */
export async function viaPlugin<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isAPIError(error)) throw error;
    const message =
      (error.body as { message?: unknown } | undefined)?.message?.toString() ?? error.message;
    switch (error.statusCode) {
      case 401:
      case 403:
        throw new Forbidden(message || undefined);
      case 404:
        throw new NotFound(message || undefined);
      case 409:
        throw new Conflict(message);
      default:
        throw new Invalid(message || 'The request is not valid.');
    }
  }
}

/** The caller's own session for better-auth's API (the Bearer token the request came with). */
export const sessionHeaders = (authorization: string | undefined): Headers =>
  new Headers(authorization ? { authorization } : {});
