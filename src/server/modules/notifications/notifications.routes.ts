import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FailedMailListSchema } from '../../../shared/notifications.ts';
import type { Db } from '../../db/client.ts';
import { listFailedMails } from './failed-mails.ts';

/** The admins' view of mails that could not be sent (the outbox worker is in jobs/). */
export const notificationsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/failed-mails',
    { config: { access: 'admin' }, schema: { response: { 200: FailedMailListSchema } } },
    () => listFailedMails(db),
  );
};
