import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorCode } from '../../../shared/errors.ts';
import {
  HealthSchema,
  HealthUnavailableSchema,
  PublicConfigSchema,
} from '../../../shared/public-config.ts';
import type { Database } from '../../db/client.ts';
import { findDatabaseUnavailable, UNAVAILABLE_MESSAGE } from '../../errors.ts';
import { OPENID_PROVIDER_ID } from '../auth/index.ts';
import type { SystemConfig } from './system.config.ts';

export const systemRoutes: FastifyPluginAsyncZod<{
  database: Database;
  config: SystemConfig;
}> = async (app, { database, config }) => {
  /** Up when a SELECT 1 answers in time; down at once while the breaker knows it is down. */
  const databaseAnswers = async (): Promise<boolean> => {
    if (database.breaker.state === 'down') return false;
    try {
      await database.db.execute(sql`select 1`);
      return true;
    } catch (error) {
      if (findDatabaseUnavailable(error)) return false;
      throw error;
    }
  };

  // Healthy means the database answers too: a load balancer should not send traffic otherwise.
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { response: { 200: HealthSchema, 503: HealthUnavailableSchema } },
    },
    async (request, reply) => {
      if (await databaseAnswers()) return { status: 'ok' as const, database: 'up' as const };
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({
          status: 'unavailable' as const,
          database: 'down' as const,
          code: ErrorCode.Unavailable,
          message: UNAVAILABLE_MESSAGE,
          requestId: request.id,
        });
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
      testModeNotice: config.testModeNotice,
    }),
  );
};
