import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { ADDRESS_MAX, PurchaseBodySchema } from './purchase.ts';
import { singleLineText } from './text.ts';

// Saved addresses (issue 22): an account keeps up to ADDRESSES_MAX delivery addresses with their
// phone, offered by the purchase form and the checkout. The owner's only.

export const ADDRESSES_MAX = 10;
export const TOO_MANY_ADDRESSES_MESSAGE = `You can save at most ${ADDRESSES_MAX} addresses. Please delete one first.`;
export const ADDRESS_REQUIRED_MESSAGE = 'Address is required';
export const ADDRESS_SAVED_MESSAGE = 'Address saved';

/** POST /api/addresses. */
export const AddressBodySchema = z.object({
  address: singleLineText('Address', { required: ADDRESS_REQUIRED_MESSAGE }).max(
    ADDRESS_MAX,
    `Address must be at most ${ADDRESS_MAX} characters`,
  ),
  phone: PurchaseBodySchema.shape.phone,
});
export type AddressBody = z.input<typeof AddressBodySchema>;

export const SavedAddressSchema = z.object({
  _id: IdSchema,
  address: z.string(),
  phone: z.string(),
  createdAt: z.string(),
});
export type SavedAddress = z.infer<typeof SavedAddressSchema>;
export const SavedAddressListSchema = z.array(SavedAddressSchema);

export const AddressParamsSchema = z.object({
  id: singleLineText('Id', { keepSpaces: true }),
});
