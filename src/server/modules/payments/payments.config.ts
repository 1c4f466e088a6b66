/** Card payments through Stripe (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, ...). */
export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  /** Unset: no webhook endpoint (orders are then marked paid only by the client's PATCH). */
  webhookSecret: string | undefined;
  /** STRIPE_API_URL: where the server calls Stripe's API (a Stripe-compatible mock or an egress proxy). */
  api: { protocol: 'http' | 'https'; host: string; port: number };
}

/** The configuration the payments module reads (config.ts parses it; ADR 046). */
export interface PaymentsConfig {
  /**
   * Who takes card payments (PAYMENT_PROVIDER; see createPayments); null: nobody, orders
   * cannot be paid (production without Stripe and without the explicit test opt-in).
   */
  paymentProvider: 'stripe' | 'test' | null;
  /** Card payments through Stripe; set exactly when paymentProvider is 'stripe'. */
  stripe: StripeSettings | undefined;
}

export const paymentsConfigOf = (config: PaymentsConfig): PaymentsConfig => ({
  paymentProvider: config.paymentProvider,
  stripe: config.stripe,
});
