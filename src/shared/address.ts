import { z } from 'zod';
import { addressProblems, normalizeAddress } from './address-rules.ts';
import { IdSchema } from './ids.ts';
import {
  ADDRESS_LABELS,
  PostalAddressFieldsSchema,
  PostalAddressSchema,
  type PostalAddress,
} from './postal-address.ts';
import { ADDRESS_MAX, PurchaseBodySchema } from './purchase.ts';
import { singleLineText } from './text.ts';

// Saved addresses (issue 22): an account keeps up to ADDRESSES_MAX delivery addresses with their
// phone, offered by the purchase form and the checkout. The owner's only. Issue 35: an address is
// saved structured (name, lines, city, region, postal code, country, phone: the country's rules
// apply); one saved as one line (the spec's Address) still works and is priced at the origin.

export const ADDRESSES_MAX = 10;
export const TOO_MANY_ADDRESSES_MESSAGE = `You can save at most ${ADDRESSES_MAX} addresses. Please delete one first.`;
export const ADDRESS_REQUIRED_MESSAGE = 'Address is required';
export const ADDRESS_SAVED_MESSAGE = 'Address saved';

const postal = PostalAddressFieldsSchema.shape;

/**
 * POST /api/addresses: a structured address (its fields at the top level, `line1` and `country`
 * among them), or the one line `address` as before issue 35 (with `phone` either way). The answer
 * of a structured one is `{ postal, phone }`, of a one-line one `{ address, phone }`.
 */
export const AddressBodySchema = z
  .object({
    address: singleLineText('Address', { required: ADDRESS_REQUIRED_MESSAGE })
      .max(ADDRESS_MAX, `Address must be at most ${ADDRESS_MAX} characters`)
      .optional(),
    phone: PurchaseBodySchema.shape.phone,
    name: postal.name,
    company: postal.company,
    line1: postal.line1.optional(),
    line2: postal.line2,
    city: postal.city.optional(),
    region: postal.region,
    postalCode: postal.postalCode,
    country: postal.country.optional(),
  })
  .superRefine((body, ctx) => {
    const problem = (path: keyof PostalAddress | 'address', message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (body.line1 === undefined && body.country === undefined) {
      if (body.address === undefined) problem('address', ADDRESS_REQUIRED_MESSAGE);
      return;
    }
    if (body.line1 === undefined) problem('line1', `${ADDRESS_LABELS.line1} is required`);
    if (body.city === undefined) problem('city', `${ADDRESS_LABELS.city} is required`);
    if (body.country === undefined) problem('country', `${ADDRESS_LABELS.country} is required`);
    else for (const found of addressProblems(postalOf(body))) problem(found.field, found.message);
  })
  .transform(
    (body): { address: string; phone: string } | { postal: PostalAddress; phone: string } =>
      body.line1 === undefined && body.country === undefined
        ? { address: body.address ?? '', phone: body.phone }
        : { postal: postalOf(body), phone: body.phone },
  );
export type AddressBody = z.input<typeof AddressBodySchema>;

function postalOf(
  body: Omit<PostalAddress, 'line1' | 'city' | 'country'> & {
    line1?: string | undefined;
    city?: string | undefined;
    country?: string | undefined;
  },
): PostalAddress {
  const { name, company, line2, region, postalCode, phone } = body;
  return normalizeAddress({
    name,
    company,
    line1: body.line1 ?? '',
    line2,
    city: body.city ?? '',
    region,
    postalCode,
    country: body.country ?? '',
    phone,
  });
}

export const SavedAddressSchema = z.object({
  _id: IdSchema,
  /** One line: the spec's text, or the structured address's `addressLine()` (for old readers). */
  address: z.string(),
  phone: z.string(),
  /** The structured address; null for one saved as one line. */
  postal: PostalAddressSchema.nullable(),
  createdAt: z.string(),
});
export type SavedAddress = z.infer<typeof SavedAddressSchema>;
export const SavedAddressListSchema = z.array(SavedAddressSchema);

export const AddressParamsSchema = z.object({
  id: singleLineText('Id', { keepSpaces: true }),
});
