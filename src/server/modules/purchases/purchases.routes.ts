import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';

export const purchasesRoutes: FastifyPluginAsyncZod<{ db: Db; config: AppConfig }> = async () => {};
