import type { StripeSettings } from '../payments/index.ts';

/** Stripe Tax's access: the project's Stripe secret key and STRIPE_API_URL (as payments use them). */
export interface StripeTaxSettings {
  secretKey: string;
  api: StripeSettings['api'];
}

/** The configuration the tax providers read (config.ts parses it; ADR 046, 053). */
export interface TaxProvidersConfig {
  /** TAX_PROVIDER: the built-in tax table (default) or Stripe Tax. */
  taxProvider: 'builtin' | 'stripe';
  /** Stripe Tax's access; set exactly when taxProvider is 'stripe'. */
  stripeTax: StripeTaxSettings | undefined;
  /** TAX_TIMEOUT_SECONDS: the deadline of one tax calculation at Stripe, its retry included. */
  taxTimeoutSeconds: number;
}

export const taxProvidersConfigOf = (config: TaxProvidersConfig): TaxProvidersConfig => ({
  taxProvider: config.taxProvider,
  stripeTax: config.stripeTax,
  taxTimeoutSeconds: config.taxTimeoutSeconds,
});
