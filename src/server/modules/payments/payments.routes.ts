import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import {
  CardErrorResponseSchema,
  CreatePaymentIntentBodySchema,
  MarkPaidBodySchema,
  PaymentIntentResponseSchema,
  TestConfirmBodySchema,
  TestConfirmResponseSchema,
} from '../../../shared/payment.ts';
import { ApiErrorSchema } from '../../../shared/errors.ts';
import { PurchaseParamsSchema, PurchaseSchema } from '../../../shared/purchase.ts';
import type { Db } from '../../db/client.ts';
import { Invalid } from '../../errors.ts';
import { callerOf } from '../../http/authentication.ts';
import { idempotencyClaim, runPaymentOnce } from '../idempotency/index.ts';
import type { PaymentProvider } from './payment-provider.ts';
import type { PaymentsConfig } from './payments.config.ts';
import type { Payments } from './provider-of-config.ts';
import {
  applyProviderEvent,
  createPaymentIntent,
  recordPayment,
  settleConfirmedTestPayment,
  type ProviderEvent,
} from './payments.service.ts';
import { confirmAndPayAtOnce, createIntentAtOnce, paidOrderAtOnce } from './payment-statements.ts';
import { PaymentsNotSetUp } from './provider-errors.ts';
import { confirmTestPayment } from './test-processor.ts';

export const INVALID_SIGNATURE_MESSAGE = 'The webhook signature is missing, invalid or too old.';

export const PAYMENTS_OFF_WARNING =
  'No payment provider is active: orders cannot be paid. Set STRIPE_SECRET_KEY and ' +
  'STRIPE_PUBLISHABLE_KEY, or PAYMENT_PROVIDER=test to take test payments only (no real money).';

/** A bad body answered by the framework (400 in the one error shape), besides a card refusal. */
const CardOrRequestErrorSchema = z.union([CardErrorResponseSchema, ApiErrorSchema]);

/**
 * Card payments (ADR 009): Stripe or the built-in test-mode processor, as configured
 * (config.paymentProvider); none at all in production without either. Also holds
 * PATCH /api/purchase/{id}, the spec's "mark paid" call, because it cannot be answered without
 * the provider (the instance's one, built by services.ts).
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: PaymentsConfig;
  payments: Payments;
}> = async (app, { db, config, payments: { provider, stripe } }) => {
  if (!provider) app.log.warn(PAYMENTS_OFF_WARNING);
  const active = (): PaymentProvider => {
    if (!provider) throw new PaymentsNotSetUp();
    return provider;
  };

  app.post(
    '/create-payment-intent',
    {
      schema: {
        body: CreatePaymentIntentBodySchema,
        response: { 200: PaymentIntentResponseSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const claim = idempotencyClaim(request, caller.id, 'create-payment-intent', request.body);
      return (
        (await createIntentAtOnce(db, active(), caller, request.body, claim)) ??
        runPaymentOnce(db, claim, (remember) =>
          createPaymentIntent(db, active(), caller, request.body, remember),
        )
      );
    },
  );

  app.patch(
    '/purchase/:id',
    {
      schema: {
        params: PurchaseParamsSchema,
        body: MarkPaidBodySchema,
        response: { 200: PurchaseSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { id } = request.params;
      const claim = idempotencyClaim(request, caller.id, `mark-paid ${id}`, request.body);
      const { transactionId } = request.body;
      const recorded = await paidOrderAtOnce(db, active(), caller, id, transactionId, claim);
      if (recorded) return recorded;
      return runPaymentOnce(db, claim, (remember) =>
        recordPayment(db, active(), caller, id, request.body.transactionId, remember),
      );
    },
  );

  if (provider?.name === 'test') {
    // Public like the provider's own endpoint: the client secret is the credential.
    app.post(
      '/test-processor/confirm',
      {
        config: { access: 'public' },
        schema: {
          body: TestConfirmBodySchema,
          response: {
            200: TestConfirmResponseSchema,
            400: CardOrRequestErrorSchema,
            402: CardErrorResponseSchema,
            404: CardOrRequestErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const paid = await confirmAndPayAtOnce(db, request.body);
        if (paid) return reply.code(paid.status).send(paid.body);
        const result = await confirmTestPayment(db, request.body);
        if (result.status === 200 && 'paymentIntent' in result.body) {
          await settleConfirmedTestPayment(db, provider, result.body.paymentIntent.id, request.log);
        }
        return reply.code(result.status).send(result.body);
      },
    );
  }

  if (stripe && provider && config.stripe?.webhookSecret) {
    await app.register(stripeWebhookRoute, {
      db,
      provider,
      stripe,
      webhookSecret: config.stripe.webhookSecret,
    });
  }
};

/**
 * POST /api/webhooks/stripe, in its own scope: the signature is over the exact bytes Stripe sent,
 * so this scope keeps JSON bodies as the raw Buffer.
 */
async function stripeWebhookRoute(
  app: FastifyInstance,
  opts: { db: Db; provider: PaymentProvider; stripe: Stripe; webhookSecret: string },
) {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/webhooks/stripe',
    {
      config: { access: 'public' },
      schema: { response: { 200: z.object({ received: z.literal(true) }) } },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      if (!Buffer.isBuffer(request.body) || typeof signature !== 'string')
        throw new Invalid(INVALID_SIGNATURE_MESSAGE);
      let event: Stripe.Event;
      try {
        event = opts.stripe.webhooks.constructEvent(request.body, signature, opts.webhookSecret);
      } catch {
        throw new Invalid(INVALID_SIGNATURE_MESSAGE);
      }
      await applyProviderEvent(opts.db, opts.provider, toProviderEvent(event), request.log);
      return { received: true as const };
    },
  );
}

function toProviderEvent(event: Stripe.Event): ProviderEvent {
  if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
    const intent = event.data.object;
    return {
      id: event.id,
      type: event.type,
      intent: { id: intent.id, lastErrorCode: intent.last_payment_error?.code ?? null },
    };
  }
  return { id: event.id, type: event.type };
}
