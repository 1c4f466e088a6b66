import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';

export const imageUploadRoutes: FastifyPluginAsync<{ db: Db }> = async () => {};
