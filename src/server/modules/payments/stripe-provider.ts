import Stripe from 'stripe';
import type { StripeSettings } from './payments.config.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { guardProvider, type ProviderGuard } from './provider-guard.ts';
import { classifyStripeError, partialRefundError, UnusableStripeAnswer } from './stripe-errors.ts';

/** One attempt at Stripe's API; a customer should not wait much longer for the payment page. */
export const STRIPE_TIMEOUT_MS = 6_000;
/** Retried once on a network failure or a 5xx (safe: every write carries an idempotency key). */
export const STRIPE_MAX_RETRIES = 1;
/** The guard's backstop over both attempts and the SDK's back-off between them. */
export const STRIPE_DEADLINE_MS = 15_000;

export interface StripeClientOptions {
  /** Where Stripe's API is (STRIPE_API_URL): a Stripe-compatible mock or an egress proxy. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  timeoutMs?: number;
  maxNetworkRetries?: number;
  /** The fetch the SDK uses (the global one when it is built, unless a test hands it another). */
  fetchFn?: typeof fetch;
}

/** The Stripe SDK over fetch, with a timeout per attempt. */
export function createStripeClient(
  settings: Pick<StripeSettings, 'secretKey'>,
  options: StripeClientOptions = {},
): Stripe {
  return new Stripe(settings.secretKey, {
    httpClient: Stripe.createFetchHttpClient(options.fetchFn),
    maxNetworkRetries: options.maxNetworkRetries ?? STRIPE_MAX_RETRIES,
    timeout: options.timeoutMs ?? STRIPE_TIMEOUT_MS,
    telemetry: false,
    ...(options.host !== undefined && { host: options.host }),
    ...(options.port !== undefined && { port: options.port }),
    ...(options.protocol !== undefined && { protocol: options.protocol }),
  });
}

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeError &&
  (error.statusCode === 404 || error.code === 'resource_missing');

/**
 * The idempotency key of a checkout's intent for an amount: a retry after a timeout gets the same
 * intent, and after an order of the checkout was cancelled the new total gets a new one (a
 * checkout's total only ever falls, so a key is never reused for another intent).
 */
export const intentKeyOf = (checkoutId: string, amountCents: number) =>
  `checkout-${checkoutId}-${amountCents}`;
/** The idempotency key of an intent's one (whole) refund. */
export const refundKeyOf = (intentId: string) => `refund-${intentId}`;

/**
 * Payments through Stripe: the card is confirmed in the browser with Stripe.js. Every call goes
 * through the provider guard (a deadline, and Stripe's failures as 503/502/402 in the one error
 * shape); pass `guard: null` for the bare adapter.
 */
export function createStripeProvider(
  stripe: Stripe,
  guard: Partial<ProviderGuard> | null = {},
): PaymentProvider {
  const adapter: PaymentProvider = {
    name: 'stripe',
    async createIntent({ checkoutId, amountCents, currency }) {
      // The key makes parallel or repeated calls for one checkout and total get one intent from
      // Stripe too, including the retry after a create that timed out here but was made at Stripe.
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency,
          metadata: { checkoutId },
        },
        { idempotencyKey: intentKeyOf(checkoutId, amountCents) },
      );
      if (!intent.client_secret)
        throw new UnusableStripeAnswer(`Stripe returned no client secret for ${intent.id}`);
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
          // Intents made before checkouts carry their order's id, which its checkout took over
          // (drizzle/0011_checkout_backfill.sql).
          checkoutId: intent.metadata.checkoutId ?? intent.metadata.purchaseId ?? null,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async refund(intentId, part) {
      if (!part) {
        await stripe.refunds.create(
          { payment_intent: intentId },
          { idempotencyKey: refundKeyOf(intentId) },
        );
        return;
      }
      try {
        // The key in the metadata too, so findRefund finds the refund after Stripe forgot the key.
        await stripe.refunds.create(
          { payment_intent: intentId, amount: part.amountCents, metadata: { refundKey: part.key } },
          { idempotencyKey: part.key },
        );
      } catch (error) {
        throw partialRefundError(error);
      }
    },
    async findRefund(intentId, key) {
      for await (const found of stripe.refunds.list({ payment_intent: intentId, limit: 100 })) {
        if (found.metadata?.refundKey !== key) continue;
        return found.status === 'failed' || found.status === 'canceled' ? 'failed' : 'succeeded';
      }
      return null;
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
  if (guard === null) return adapter;
  return guardProvider(adapter, {
    deadlineMs: STRIPE_DEADLINE_MS,
    classify: classifyStripeError,
    ...guard,
  });
}
