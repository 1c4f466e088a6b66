import Stripe from 'stripe';
import type { StripeSettings } from '../../config.ts';
import type { PaymentProvider } from './payment-provider.ts';

/** The Stripe SDK over fetch (the global one, unless a test hands it another). */
export function createStripeClient(
  settings: Pick<StripeSettings, 'secretKey'>,
  fetchFn?: typeof fetch,
): Stripe {
  return new Stripe(settings.secretKey, {
    httpClient: Stripe.createFetchHttpClient(fetchFn),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
}

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeError &&
  (error.statusCode === 404 || error.code === 'resource_missing');

/** Payments through Stripe: the card is confirmed in the browser with Stripe.js. */
export function createStripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: 'stripe',
    async createIntent({ purchaseId, amountCents, currency }) {
      // The key makes parallel or repeated calls for one order get one intent from Stripe too.
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency,
          metadata: { purchaseId },
        },
        { idempotencyKey: `purchase-${purchaseId}` },
      );
      if (!intent.client_secret)
        throw new Error(`Stripe returned no client secret for ${intent.id}`);
      return { intentId: intent.id, clientSecret: intent.client_secret };
    },
    async retrieveIntent(intentId) {
      try {
        const intent = await stripe.paymentIntents.retrieve(intentId);
        return {
          id: intent.id,
          status: intent.status,
          amountCents: intent.amount,
          currency: intent.currency,
          purchaseId: intent.metadata.purchaseId ?? null,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async refund(intentId) {
      await stripe.refunds.create(
        { payment_intent: intentId },
        { idempotencyKey: `refund-${intentId}` },
      );
    },
    async cancelIntent(intentId) {
      try {
        await stripe.paymentIntents.cancel(intentId);
      } catch (error) {
        // Already canceled, or succeeded meanwhile (settlePayment refunds that): nothing to undo.
        if (
          error instanceof Stripe.errors.StripeError &&
          error.code === 'payment_intent_unexpected_state'
        )
          return;
        throw error;
      }
    },
  };
}
