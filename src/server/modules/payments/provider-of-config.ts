import type Stripe from 'stripe';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { PaymentProvider } from './payment-provider.ts';
import type { ProviderGuard } from './provider-guard.ts';
import { createStripeClient, createStripeProvider } from './stripe-provider.ts';
import { createTestProvider } from './test-processor.ts';

/**
 * The configured payment provider (config.paymentProvider): Stripe, the built-in test processor,
 * or null when none is set up (production without either). The one place the choice is made, so
 * the payment routes and the outbox worker (which cancels intents) always use the same one.
 */
export function createPaymentProvider(
  db: Db,
  config: Pick<AppConfig, 'paymentProvider' | 'stripe'>,
  options: { stripe?: Stripe | undefined; onFailure?: ProviderGuard['onFailure'] } = {},
): PaymentProvider | null {
  if (config.stripe) {
    const stripe = options.stripe ?? createStripeClient(config.stripe);
    return createStripeProvider(stripe, { onFailure: options.onFailure });
  }
  return config.paymentProvider === 'test' ? createTestProvider(db) : null;
}
