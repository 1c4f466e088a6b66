import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CheckoutQuoteSchema, QuoteBodySchema } from '../../../shared/pricing.ts';
import { callerOf } from '../../http/authentication.ts';
import type { Pricer } from './pricing.service.ts';

/** The pricing step (issue 35): POST /api/checkout/quote, signed-in buyers. */
export const pricingRoutes: FastifyPluginAsyncZod<{ pricer: Pricer }> = async (app, { pricer }) => {
  app.post(
    '/checkout/quote',
    { schema: { body: QuoteBodySchema, response: { 200: CheckoutQuoteSchema } } },
    (request) => {
      const { line, ...delivery } = request.body;
      return pricer.quote(
        callerOf(request),
        delivery,
        line
          ? [{ productId: line.productId, sku: line.sku ?? null, quantity: line.quantity }]
          : null,
      );
    },
  );
};
