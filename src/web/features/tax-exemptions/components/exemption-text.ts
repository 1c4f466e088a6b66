import type { TaxExemption } from '../../../../shared/tax-exemption.ts';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** An ISO time as a day: "Nov 29, 2026". */
export const formatDay = (iso: string) => day.format(new Date(iso));

/** What was sent: "VAT number DE123456789" or "Certificate resale.pdf". */
export const describeExemption = (exemption: TaxExemption) =>
  exemption.kind === 'vat_number'
    ? `VAT number ${exemption.vatNumber ?? ''}`
    : `Certificate ${exemption.documentName ?? ''}`.trim();
