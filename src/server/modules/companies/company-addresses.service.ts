import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  COMPANY_ADDRESSES_MAX,
  COMPANY_ADDRESS_NOT_FOUND_MESSAGE,
  TOO_MANY_COMPANY_ADDRESSES_MESSAGE,
  type CompanyAddress,
  type CompanyAddressBodySchema,
} from '../../../shared/companies.ts';
import { IdSchema } from '../../../shared/ids.ts';
import type { Db } from '../../db/client.ts';
import { companyAddress } from '../../db/schema.ts';
import { Conflict, NotFound } from '../../errors.ts';
import { companyAdmin, companyReader, type Caller } from './company-access.ts';

// A company's delivery addresses (issue 37): its members read them (and the checkout offers them),
// its admins keep them, up to COMPANY_ADDRESSES_MAX. Structured, with the country's rules applied
// by the body's schema (CompanyPostalAddressSchema), as the saved addresses of one account.

type Body = z.output<typeof CompanyAddressBodySchema>;

const columns = {
  id: companyAddress.id,
  label: companyAddress.label,
  postal: companyAddress.postal,
  createdAt: companyAddress.createdAt,
};

const toAddress = (row: {
  id: string;
  label: string;
  postal: CompanyAddress['address'];
  createdAt: Date;
}): CompanyAddress => ({
  id: row.id,
  label: row.label,
  address: row.postal,
  createdAt: row.createdAt.toISOString(),
});

export async function listCompanyAddresses(
  db: Db,
  caller: Caller,
  id: string,
): Promise<CompanyAddress[]> {
  await companyReader(db, caller, id);
  const rows = await db
    .select(columns)
    .from(companyAddress)
    .where(eq(companyAddress.organizationId, id))
    .orderBy(asc(companyAddress.createdAt), asc(companyAddress.id));
  return rows.map(toAddress);
}

export async function createCompanyAddress(
  db: Db,
  caller: Caller,
  id: string,
  body: Body,
): Promise<CompanyAddress> {
  await companyAdmin(db, caller, id);
  return db.transaction(async (tx) => {
    // The company's row serializes its admins' saves, so parallel ones cannot pass the cap.
    await tx.execute(sql`SELECT 1 FROM organization WHERE id = ${id} FOR NO KEY UPDATE`);
    const [saved] = await tx
      .select({ n: count() })
      .from(companyAddress)
      .where(eq(companyAddress.organizationId, id));
    if ((saved?.n ?? 0) >= COMPANY_ADDRESSES_MAX)
      throw new Conflict(TOO_MANY_COMPANY_ADDRESSES_MESSAGE);
    const [row] = await tx
      .insert(companyAddress)
      .values({
        organizationId: id,
        label: body.label,
        postal: body.address,
        phone: body.address.phone,
      })
      .returning(columns);
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    return toAddress(row);
  });
}

const ownAddress = (id: string, addressId: string) =>
  and(eq(companyAddress.id, addressId), eq(companyAddress.organizationId, id));

function assertAddressId(addressId: string): void {
  if (!IdSchema.safeParse(addressId).success) throw new NotFound(COMPANY_ADDRESS_NOT_FOUND_MESSAGE);
}

export async function updateCompanyAddress(
  db: Db,
  caller: Caller,
  id: string,
  addressId: string,
  body: Body,
): Promise<CompanyAddress> {
  await companyAdmin(db, caller, id);
  assertAddressId(addressId);
  const [row] = await db
    .update(companyAddress)
    .set({ label: body.label, postal: body.address, phone: body.address.phone })
    .where(ownAddress(id, addressId))
    .returning(columns);
  if (!row) throw new NotFound(COMPANY_ADDRESS_NOT_FOUND_MESSAGE);
  return toAddress(row);
}

export async function deleteCompanyAddress(
  db: Db,
  caller: Caller,
  id: string,
  addressId: string,
): Promise<void> {
  await companyAdmin(db, caller, id);
  assertAddressId(addressId);
  const deleted = await db
    .delete(companyAddress)
    .where(ownAddress(id, addressId))
    .returning({ id: companyAddress.id });
  if (deleted.length === 0) throw new NotFound(COMPANY_ADDRESS_NOT_FOUND_MESSAGE);
}
