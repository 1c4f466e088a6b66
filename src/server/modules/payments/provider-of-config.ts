import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createStripeClient, createStripeProvider } from './stripe-provider.ts';
import { createTestProvider } from './test-processor.ts';

/** The configured payment provider (the same choice as payments.routes.ts makes). */
export function paymentProviderOf(db: Db, config: AppConfig): PaymentProvider {
  return config.stripe
    ? createStripeProvider(createStripeClient(config.stripe))
    : createTestProvider(db);
}
