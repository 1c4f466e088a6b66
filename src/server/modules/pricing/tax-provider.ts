import type { PostalAddress, TaxClass } from '../../../shared/postal-address.ts';

// Who computes tax (issue 35, docs/decisions/050): the built-in table (tax-table.ts), or Stripe Tax
// when TAX_PROVIDER=stripe (modules/tax-providers). Either is called only by the pricing step
// (POST /api/checkout/quote, and a checkout placed without a quote), never by the order statement.

export interface TaxLineInput {
  /** The caller's key for the line (answered back as given). */
  key: string;
  sku: string;
  quantity: number;
  /** The line's net amount after discounts, in cents. */
  netCents: number;
  taxClass: TaxClass;
}

export interface TaxInput {
  address: PostalAddress;
  lines: TaxLineInput[];
  /** The chosen method's net price, in cents. */
  shippingCents: number;
}

export interface TaxAnswer {
  /** One per input line, same keys: the tax in cents, rounded per line, and the rate applied. */
  lines: { key: string; taxCents: number; ratePpm: number }[];
  shippingTaxCents: number;
  shippingRatePpm: number;
  /** Prices are shown with tax included at this address (EU/UK VAT) or tax added (US). */
  pricesIncludeTax: boolean;
}

export interface TaxProvider {
  readonly name: 'builtin' | 'stripe';
  calculate(input: TaxInput): Promise<TaxAnswer>;
}

/**
 * The provider could not answer (down, timed out, refused): the checkout answers 503 with
 * TAX_UNAVAILABLE_MESSAGE and places nothing. Never a silent zero.
 */
export class TaxUnavailable extends Error {
  constructor(cause?: unknown) {
    super('the tax provider did not answer', { cause });
    this.name = 'TaxUnavailable';
  }
}
