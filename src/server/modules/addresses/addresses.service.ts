import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ADDRESSES_MAX,
  TOO_MANY_ADDRESSES_MESSAGE,
  type AddressBodySchema,
  type SavedAddress,
} from '../../../shared/address.ts';
import { IdSchema } from '../../../shared/ids.ts';
import { addressLine, type PostalAddress } from '../../../shared/postal-address.ts';
import { lockAccount } from '../../db/account-lock.ts';
import type { Db } from '../../db/client.ts';
import { savedAddress } from '../../db/schema.ts';
import { Conflict, NotFound } from '../../errors.ts';

export const ADDRESS_NOT_FOUND_MESSAGE = 'Address not found';

const columns = {
  id: savedAddress.id,
  address: savedAddress.address,
  phone: savedAddress.phone,
  postal: savedAddress.postal,
  createdAt: savedAddress.createdAt,
};
type AddressRow = {
  id: string;
  address: string;
  phone: string;
  postal: PostalAddress | null;
  createdAt: Date;
};
const toSavedAddress = (row: AddressRow): SavedAddress => ({
  _id: row.id,
  address: row.address,
  phone: row.phone,
  postal: row.postal,
  createdAt: row.createdAt.toISOString(),
});

/** The caller's saved addresses, newest first (the one just saved is the likeliest pick). */
export async function listAddresses(db: Db, userId: string): Promise<SavedAddress[]> {
  const rows = await db
    .select(columns)
    .from(savedAddress)
    .where(eq(savedAddress.userId, userId))
    .orderBy(desc(savedAddress.createdAt), desc(savedAddress.id));
  return rows.map(toSavedAddress);
}

/**
 * Saves an address for the caller: a structured one keeps its one line (`addressLine`) beside it
 * for the readers of before issue 35. The account lock makes the count and the insert one step, so
 * parallel saves cannot pass ADDRESSES_MAX either.
 */
export function saveAddress(
  db: Db,
  userId: string,
  input: z.output<typeof AddressBodySchema>,
): Promise<SavedAddress> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const [saved] = await tx
      .select({ n: count() })
      .from(savedAddress)
      .where(eq(savedAddress.userId, userId));
    if ((saved?.n ?? 0) >= ADDRESSES_MAX) throw new Conflict(TOO_MANY_ADDRESSES_MESSAGE);
    const [row] = await tx
      .insert(savedAddress)
      .values(
        'postal' in input
          ? { userId, address: addressLine(input.postal), phone: input.phone, postal: input.postal }
          : { userId, address: input.address, phone: input.phone },
      )
      .returning(columns);
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    return toSavedAddress(row);
  });
}

/** Deletes one of the caller's addresses; anyone else's, unknown and malformed ids are all 404. */
export async function deleteAddress(db: Db, userId: string, id: string): Promise<void> {
  if (!IdSchema.safeParse(id).success) throw new NotFound(ADDRESS_NOT_FOUND_MESSAGE);
  const deleted = await db
    .delete(savedAddress)
    .where(and(eq(savedAddress.id, id), eq(savedAddress.userId, userId)))
    .returning({ id: savedAddress.id });
  if (deleted.length === 0) throw new NotFound(ADDRESS_NOT_FOUND_MESSAGE);
}
