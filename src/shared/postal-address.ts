import { z } from 'zod';
import { ADDRESS_MAX, PHONE_MAX } from './purchase.ts';
import { singleLineText } from './text.ts';

// Structured delivery and billing addresses (issue 35). Every address the shop prices, ships to or
// prints is one of these; orders from before keep their one-line text. Per-country rules (postal
// code formats, region lists) are in address-rules.ts, the same for the browser and the server.

export const TAX_CLASSES = ['standard', 'reduced', 'exempt'] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];

export const POSTAL_FIELD_MAX = 100;

export const ADDRESS_LABELS = {
  name: 'Name',
  company: 'Company',
  line1: 'Address',
  line2: 'Address line 2',
  city: 'City',
  region: 'Region',
  postalCode: 'Postal code',
  country: 'Country',
  phone: 'Phone',
} as const;

const field = (label: string, required?: string) =>
  singleLineText(label, required ? { required } : {}).max(
    POSTAL_FIELD_MAX,
    `${label} must be at most ${POSTAL_FIELD_MAX} characters`,
  );

/** An address as stored and answered: every field a string ('' when not given). */
export const PostalAddressSchema = z.object({
  name: z.string(),
  company: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  /** The region's code (a US state "CA", a Canadian province "ON"), or '' where there is none. */
  region: z.string(),
  postalCode: z.string(),
  /** ISO 3166-1 alpha-2, upper case. */
  country: z.string(),
  phone: z.string(),
});
export type PostalAddress = z.infer<typeof PostalAddressSchema>;

/** An address as a client sends it; the per-country rules are applied by `withCountryRules`. */
export const PostalAddressFieldsSchema = z.object({
  name: field(ADDRESS_LABELS.name).default(''),
  company: field(ADDRESS_LABELS.company).default(''),
  line1: singleLineText(ADDRESS_LABELS.line1, { required: 'Address is required' }).max(
    ADDRESS_MAX,
    `Address must be at most ${ADDRESS_MAX} characters`,
  ),
  line2: field(ADDRESS_LABELS.line2).default(''),
  city: field(ADDRESS_LABELS.city, 'City is required'),
  region: field(ADDRESS_LABELS.region).default(''),
  postalCode: field(ADDRESS_LABELS.postalCode).default(''),
  country: singleLineText(ADDRESS_LABELS.country, { required: 'Country is required' })
    .max(2, 'Country must be a two-letter code')
    .transform((code) => code.toUpperCase()),
  phone: singleLineText(ADDRESS_LABELS.phone)
    .max(PHONE_MAX, `Phone must be at most ${PHONE_MAX} characters`)
    .default(''),
});
export type PostalAddressBody = z.input<typeof PostalAddressFieldsSchema>;

/** One line for people and for the one-line `address` of orders: "1 Main St, Austin, TX 78701, US". */
export function addressLine(address: PostalAddress): string {
  const place = [address.city, [address.region, address.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [address.company, address.line1, address.line2, place, address.country]
    .filter(Boolean)
    .join(', ');
}
