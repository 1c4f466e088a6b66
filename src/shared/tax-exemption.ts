import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { singleLineText } from './text.ts';

/*
 * Exempt buyers (issue 35; docs/decisions/052). A customer sends a resale or exemption certificate
 * (PDF or image) or a VAT number for reverse charge; staff approve or reject it:
 *
 *   (request) ► pending ──approve──► approved ──(a newer one approved)──► replaced
 *                  └──────reject───► rejected
 *
 * At most one pending request per account; at most one approved (in force) exemption per account.
 * A VAT number is checked for its format only (no VIES call is possible from here): staff verify it.
 */

export const TAX_EXEMPTION_KINDS = ['certificate', 'vat_number'] as const;
export type TaxExemptionKind = (typeof TAX_EXEMPTION_KINDS)[number];

export const TAX_EXEMPTION_STATUSES = ['pending', 'approved', 'rejected', 'replaced'] as const;
export type TaxExemptionStatus = (typeof TAX_EXEMPTION_STATUSES)[number];

/** The multipart field of the certificate's file (POST /api/tax-exemptions). */
export const CERTIFICATE_FIELD = 'certificate';
export const CERTIFICATE_MAX_BYTES = 5 * 1024 * 1024;
/** The media types a certificate may be (told from its bytes, never from what the client says). */
export const CERTIFICATE_MEDIA_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
] as const;
export type CertificateMediaType = (typeof CERTIFICATE_MEDIA_TYPES)[number];
export const REJECT_REASON_MAX = 500;

export const TAX_EXEMPTION_LABELS = {
  certificate: 'Exemption certificate',
  vatNumber: 'VAT number',
  reason: 'Reason',
} as const;

export const CERTIFICATE_REQUIRED_MESSAGE = `Choose a file for the ${TAX_EXEMPTION_LABELS.certificate.toLowerCase()}.`;
export const CERTIFICATE_TYPE_MESSAGE =
  'The certificate must be a PDF or an image (JPEG, PNG, WebP or GIF).';
export const CERTIFICATE_TOO_LARGE_MESSAGE = `The certificate is too large: at most ${CERTIFICATE_MAX_BYTES / 1024 / 1024} MB can be uploaded.`;
export const VAT_NUMBER_REQUIRED_MESSAGE = 'VAT number is required';
export const VAT_NUMBER_PREFIX_MESSAGE =
  'A VAT number starts with the country code of an EU member state or GB (e.g. DE123456789).';
export const EXEMPTION_PENDING_MESSAGE =
  'You already have a tax exemption request waiting for review.';
export const EXEMPTION_NOT_FOUND_MESSAGE = 'Tax exemption request not found';
export const EXEMPTION_NO_DOCUMENT_MESSAGE = 'This request has no document';
export const EXEMPTION_SENT_MESSAGE = 'Sent for review: we will tell you by mail';
export const REJECT_REASON_REQUIRED_MESSAGE = 'Reason is required';
export const exemptionReviewedMessage = (status: TaxExemptionStatus) =>
  `This request is already ${status}`;
/** What the profile and the docs say about VAT numbers (no network check is possible). */
export const VAT_NUMBER_CHECK_NOTE =
  'We check the format only; our staff verify the number (e.g. in the EU’s VIES) before approving it.';

interface VatFormat {
  /** ISO 3166-1 alpha-2 country of the prefix (EL is Greece, XI Northern Ireland). */
  country: string;
  name: string;
  /** The part after the prefix, anchored (the VIES formats). */
  pattern: RegExp;
  example: string;
}

const vat = (country: string, name: string, pattern: string, example: string): VatFormat => ({
  country,
  name,
  pattern: new RegExp(`^(?:${pattern})$`),
  example,
});

/** The VAT number formats by prefix: the EU member states' as VIES checks them, and the UK's. */
export const VAT_FORMATS: Readonly<Record<string, VatFormat>> = {
  AT: vat('AT', 'Austria', 'U\\d{8}', 'ATU12345678'),
  BE: vat('BE', 'Belgium', '[01]\\d{9}', 'BE0123456789'),
  BG: vat('BG', 'Bulgaria', '\\d{9,10}', 'BG123456789'),
  CY: vat('CY', 'Cyprus', '\\d{8}[A-Z]', 'CY12345678X'),
  CZ: vat('CZ', 'Czechia', '\\d{8,10}', 'CZ12345678'),
  DE: vat('DE', 'Germany', '\\d{9}', 'DE123456789'),
  DK: vat('DK', 'Denmark', '\\d{8}', 'DK12345678'),
  EE: vat('EE', 'Estonia', '\\d{9}', 'EE123456789'),
  EL: vat('GR', 'Greece', '\\d{9}', 'EL123456789'),
  ES: vat('ES', 'Spain', '[A-Z0-9]\\d{7}[A-Z0-9]', 'ESX1234567X'),
  FI: vat('FI', 'Finland', '\\d{8}', 'FI12345678'),
  FR: vat('FR', 'France', '[A-HJ-NP-Z0-9]{2}\\d{9}', 'FR12345678901'),
  HR: vat('HR', 'Croatia', '\\d{11}', 'HR12345678901'),
  HU: vat('HU', 'Hungary', '\\d{8}', 'HU12345678'),
  IE: vat('IE', 'Ireland', '\\d{7}[A-W][A-I]?|\\d[A-Z+*]\\d{5}[A-W]', 'IE1234567WA'),
  IT: vat('IT', 'Italy', '\\d{11}', 'IT12345678901'),
  LT: vat('LT', 'Lithuania', '\\d{9}|\\d{12}', 'LT123456789'),
  LU: vat('LU', 'Luxembourg', '\\d{8}', 'LU12345678'),
  LV: vat('LV', 'Latvia', '\\d{11}', 'LV12345678901'),
  MT: vat('MT', 'Malta', '\\d{8}', 'MT12345678'),
  NL: vat('NL', 'the Netherlands', '\\d{9}B\\d{2}', 'NL123456789B01'),
  PL: vat('PL', 'Poland', '\\d{10}', 'PL1234567890'),
  PT: vat('PT', 'Portugal', '\\d{9}', 'PT123456789'),
  RO: vat('RO', 'Romania', '[1-9]\\d{1,9}', 'RO1234567890'),
  SE: vat('SE', 'Sweden', '\\d{10}01', 'SE123456789001'),
  SI: vat('SI', 'Slovenia', '\\d{8}', 'SI12345678'),
  SK: vat('SK', 'Slovakia', '\\d{10}', 'SK1234567890'),
  GB: vat('GB', 'the United Kingdom', '\\d{9}|\\d{12}|GD[0-4]\\d{2}|HA[5-9]\\d{2}', 'GB123456789'),
  XI: vat('GB', 'Northern Ireland', '\\d{9}|\\d{12}|GD[0-4]\\d{2}|HA[5-9]\\d{2}', 'XI123456789'),
};

/** The VAT area a country belongs to for reverse charge: 'EU', 'GB', or null (neither). */
export function vatAreaOf(country: string): 'EU' | 'GB' | null {
  if (country === 'GB') return 'GB';
  return Object.values(VAT_FORMATS).some((format) => format.country === country && country !== 'GB')
    ? 'EU'
    : null;
}

/** A VAT number as typed ("de 123.456-789", "GR…") in its one written form ("DE123456789", "EL…"). */
export function normalizeVatNumber(input: string): string {
  const compact = input.toUpperCase().replace(/[\s.\-/]/g, '');
  return compact.startsWith('GR') ? `EL${compact.slice(2)}` : compact;
}

export type VatNumberCheck =
  { ok: true; vatNumber: string; country: string } | { ok: false; message: string };

/** Checks a VAT number's format for its country prefix (no network: staff verify the rest). */
export function checkVatNumber(input: string): VatNumberCheck {
  const vatNumber = normalizeVatNumber(input);
  if (vatNumber === '') return { ok: false, message: VAT_NUMBER_REQUIRED_MESSAGE };
  const prefix = vatNumber.slice(0, 2);
  const format = Object.hasOwn(VAT_FORMATS, prefix) ? VAT_FORMATS[prefix] : undefined;
  if (!format) return { ok: false, message: VAT_NUMBER_PREFIX_MESSAGE };
  if (!format.pattern.test(vatNumber.slice(2)))
    return {
      ok: false,
      message: `That is not a VAT number of ${format.name}: it looks like ${format.example}.`,
    };
  return { ok: true, vatNumber, country: format.country };
}

/** POST /api/tax-exemptions as JSON: a VAT number for reverse charge. */
export const VatNumberBodySchema = z.object({
  vatNumber: singleLineText(TAX_EXEMPTION_LABELS.vatNumber, {
    required: VAT_NUMBER_REQUIRED_MESSAGE,
  })
    .max(40, 'VAT number must be at most 40 characters')
    .superRefine((value, context) => {
      const checked = checkVatNumber(value);
      if (!checked.ok) context.addIssue({ code: 'custom', message: checked.message });
    })
    .transform(normalizeVatNumber),
});
export type VatNumberBody = z.input<typeof VatNumberBodySchema>;

/** POST /api/admin/tax-exemptions/{id}/reject: why (told to the customer). */
export const RejectExemptionBodySchema = z.object({
  reason: singleLineText(TAX_EXEMPTION_LABELS.reason, {
    required: REJECT_REASON_REQUIRED_MESSAGE,
  }).max(REJECT_REASON_MAX, `Reason must be at most ${REJECT_REASON_MAX} characters`),
});
export type RejectExemptionBody = z.input<typeof RejectExemptionBodySchema>;

export const TaxExemptionParamsSchema = z.object({
  id: singleLineText('Request', { keepSpaces: true }),
});

/** GET /api/admin/tax-exemptions: all, or those of one status (`pending`: the review queue). */
export const TaxExemptionQuerySchema = z.object({
  status: z.enum(TAX_EXEMPTION_STATUSES).optional(),
});

export const TaxExemptionSchema = z.object({
  _id: IdSchema,
  kind: z.enum(TAX_EXEMPTION_KINDS),
  customerEmail: z.string(),
  customerName: z.string(),
  /** The VAT number as written ("DE123456789"), for `vat_number`. */
  vatNumber: z.string().nullable(),
  /** The VAT number's country (ISO code; EL is GR), for `vat_number`. */
  country: z.string().nullable(),
  /** The certificate's file name, media type (as its bytes say) and size, for `certificate`. */
  documentName: z.string().nullable(),
  documentType: z.enum(CERTIFICATE_MEDIA_TYPES).nullable(),
  documentBytes: z.number().int().nullable(),
  status: z.enum(TAX_EXEMPTION_STATUSES),
  /** Why staff rejected it. */
  reason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
  /** What documents print while it is in force (approved), else null. */
  note: z.string().nullable(),
});
export type TaxExemption = z.infer<typeof TaxExemptionSchema>;
export const TaxExemptionListSchema = z.array(TaxExemptionSchema);

/** The day of an approval as documents print it (UTC): 2026-11-29. */
export const exemptionDay = (at: Date) => at.toISOString().slice(0, 10);

/** What a receipt, invoice or credit note prints for an approved exemption. */
export function exemptionNote(
  exemption: { kind: TaxExemptionKind; vatNumber: string | null },
  approvedAt: Date,
): string {
  return exemption.kind === 'vat_number'
    ? `Reverse charge: VAT number ${exemption.vatNumber ?? ''}`
    : `Tax exempt: resale certificate on file (approved ${exemptionDay(approvedAt)})`;
}

export const taxExemptionPaths = {
  exemptions: '/api/tax-exemptions',
  mine: '/api/tax-exemptions/mine',
  admin: '/api/admin/tax-exemptions',
  document: (id: string) => `/api/admin/tax-exemptions/${encodeURIComponent(id)}/document`,
  action: (id: string, action: 'approve' | 'reject') =>
    `/api/admin/tax-exemptions/${encodeURIComponent(id)}/${action}`,
};
