import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthSchema, PublicConfigSchema } from '../../../shared/public-config.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { OPENID_PROVIDER_ID } from '../auth/auth.ts';

export const systemRoutes: FastifyPluginAsyncZod<{ db: Db; config: AppConfig }> = async (
  app,
  { db, config },
) => {
  // Healthy means the database answers too: a load balancer should not send traffic otherwise.
  app.get(
    '/health',
    { config: { access: 'public' }, schema: { response: { 200: HealthSchema } } },
    async () => {
      await db.execute(sql`select 1`);
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/config',
    { config: { access: 'public' }, schema: { response: { 200: PublicConfigSchema } } },
    () => ({
      mapTileUrl: config.mapTileUrl,
      socialProviders: { google: Boolean(config.google), facebook: Boolean(config.facebook) },
      openIdProvider: config.openId ? { id: OPENID_PROVIDER_ID, name: config.openId.name } : null,
      payments: config.stripe
        ? { provider: 'stripe' as const, publishableKey: config.stripe.publishableKey }
        : { provider: config.paymentProvider === 'test' ? ('test' as const) : ('none' as const) },
    }),
  );
};
