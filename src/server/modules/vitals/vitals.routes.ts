import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  VITALS_BODY_LIMIT_BYTES,
  VitalsBeaconSchema,
  VitalsQuerySchema,
  VitalsReportSchema,
} from '../../../shared/vitals.ts';
import type { Db } from '../../db/client.ts';
import { TooManyRequests } from '../../errors.ts';
import { createBeaconRateLimit } from './beacon-rate-limit.ts';
import { pruneVitals, recordVitals, vitalsReport } from './vitals.service.ts';

/** Beacons per client IP per minute: a person clicking through pages stays far below it. */
export const VITALS_PER_MINUTE = 30;
/** Old samples are also pruned after this many beacons, in case no admin reads the report. */
const PRUNE_EVERY_BEACONS = 500;

export const vitalsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const allow = createBeaconRateLimit(VITALS_PER_MINUTE);
  let beaconsSincePrune = 0;

  app.post(
    '/vitals',
    {
      config: { access: 'public' },
      bodyLimit: VITALS_BODY_LIMIT_BYTES,
      schema: { body: VitalsBeaconSchema },
    },
    async (request, reply) => {
      if (!allow(request.ip)) throw new TooManyRequests();
      await recordVitals(db, request.body);
      if (++beaconsSincePrune >= PRUNE_EVERY_BEACONS) {
        beaconsSincePrune = 0;
        await pruneVitals(db);
      }
      return reply.code(204).send();
    },
  );

  app.get(
    '/admin/vitals',
    {
      config: { access: 'admin' },
      schema: { querystring: VitalsQuerySchema, response: { 200: VitalsReportSchema } },
    },
    async (request) => {
      // Reading the report is the moment old samples stop mattering.
      await pruneVitals(db);
      return vitalsReport(db, request.query.days);
    },
  );
};
