import type { PaymentProvider as ProviderName } from '../../../shared/payment.ts';

/** The provider's view of one payment intent. */
export interface ProviderIntent {
  id: string;
  /** The provider's status, e.g. succeeded, requires_payment_method, processing, canceled. */
  status: string;
  amountCents: number;
  currency: string;
  /** The checkout the intent was made for (from its metadata); null when it carries none. */
  checkoutId: string | null;
}

/** One partial refund: its amount and its idempotency key (one per refund record). */
export interface RefundPart {
  amountCents: number;
  key: string;
}

/**
 * What the provider did with one partial refund, looked up by its key: `succeeded` (made, the
 * money is going back), `failed` (made but failed or canceled), or null: the provider has no such
 * refund.
 */
export type ProviderRefundOutcome = 'succeeded' | 'failed' | null;

/** A card payment provider: the built-in test-mode processor or Stripe. */
export interface PaymentProvider {
  readonly name: ProviderName;
  /** One intent per checkout and amount: a repeated call for both gets the same intent. */
  createIntent(input: {
    checkoutId: string;
    amountCents: number;
    currency: 'usd';
  }): Promise<{ intentId: string; clientSecret: string }>;
  /** Null when the provider knows no such intent. */
  retrieveIntent(intentId: string): Promise<ProviderIntent | null>;
  /**
   * Gives the whole payment back, or with `part` that amount of it (an admin's refund, issue 25).
   * Safe to call again for the same intent (whole) or the same `part.key` (the idempotency key of
   * one partial refund: a retry never refunds twice).
   */
  refund(intentId: string, part?: RefundPart): Promise<void>;
  /**
   * What became of the partial refund of `intentId` sent with idempotency key `key` (the
   * reconciliation of a refund whose answer was ambiguous: docs/decisions/035).
   */
  findRefund(intentId: string, key: string): Promise<ProviderRefundOutcome>;
  /**
   * Cancels an intent that has not been paid, so a later confirm of its client secret is refused
   * (an order of its checkout was cancelled or expired). Safe to call again; an intent that succeeded meanwhile
   * stays succeeded (settlePayment then refunds it).
   */
  cancelIntent(intentId: string): Promise<void>;
}
