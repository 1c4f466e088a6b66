import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Db } from '../../db/client.ts';
import type { PaymentProvider } from './payment-provider.ts';
import type { PaymentsConfig } from './payments.config.ts';
import { createStripeClient, createStripeProvider } from './stripe-provider.ts';
import { createTestProvider } from './test-processor.ts';

/** The instance's card payments: its provider and, with Stripe, the client (for webhooks). */
export interface Payments {
  /** Stripe, the built-in test processor, or null when none is set up (production without either). */
  provider: PaymentProvider | null;
  stripe: Stripe | undefined;
}

/**
 * The configured payment provider (config.paymentProvider), built once per instance (services.ts)
 * so the payment routes and the outbox worker (which cancels intents) use the same one. A failed
 * Stripe call is logged as a warning.
 */
export function createPayments(db: Db, config: PaymentsConfig, log: FastifyBaseLogger): Payments {
  if (config.stripe) {
    const stripe = createStripeClient(config.stripe, config.stripe.api);
    const provider = createStripeProvider(stripe, {
      onFailure: ({ method, error, mapped }) =>
        log.warn({ err: error, method, status: mapped.statusCode }, 'Stripe call failed'),
    });
    return { provider, stripe };
  }
  return {
    provider: config.paymentProvider === 'test' ? createTestProvider(db) : null,
    stripe: undefined,
  };
}
