import { z } from 'zod';
import { ApiErrorSchema } from './errors.ts';

/** What the browser may know about this deployment (GET /api/config). Never a secret. */
export const PublicConfigSchema = z.object({
  /** Map tile URL template with {z}, {x}, {y}; null when the map shows no tiles. */
  mapTileUrl: z.string().nullable(),
  /** Which social sign-in buttons work; a button whose provider is off explains so. */
  socialProviders: z.object({ google: z.boolean(), facebook: z.boolean() }),
  /** A generic OpenID Connect provider (OIDC_* settings), shown as a third sign-in button. */
  openIdProvider: z.object({ id: z.string(), name: z.string() }).nullable(),
  /**
   * Card payments: the built-in test-mode processor, Stripe (with its publishable key), or none
   * (production without Stripe and without PAYMENT_PROVIDER=test: orders cannot be paid).
   */
  payments: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('test') }),
    z.object({ provider: z.literal('none') }),
    z.object({ provider: z.literal('stripe'), publishableKey: z.string() }),
  ]),
  /**
   * The test processor takes the payments where production defaults apply (PAYMENT_PROVIDER=test):
   * every page shows "Test mode: no real payments" (TEST_MODE_NOTICE).
   */
  testModeNotice: z.boolean(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

/** GET /api/health: 200 when the database answers; 503 (with the error shape's fields too) when not. */
export const HealthSchema = z.object({ status: z.literal('ok'), database: z.literal('up') });
export const HealthUnavailableSchema = ApiErrorSchema.extend({
  status: z.literal('unavailable'),
  database: z.literal('down'),
});
