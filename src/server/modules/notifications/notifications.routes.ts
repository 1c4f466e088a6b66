import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FailedMailListSchema } from '../../../shared/notifications.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createPaymentProvider } from '../payments/provider-of-config.ts';
import { scheduleOutboxWorker } from './outbox-worker.ts';
import { listFailedMails } from './outbox.service.ts';

/** The outbox worker of this instance, and the admins' view of mails that could not be sent. */
export const notificationsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: AppConfig;
  mailer: Mailer;
}> = async (app, { db, config, mailer }) => {
  scheduleOutboxWorker(app, {
    db,
    mailer,
    provider: createPaymentProvider(db, config),
    publicUrl: config.publicUrl,
    notifyEmails: config.orderNotifyEmails,
  });

  app.get(
    '/admin/failed-mails',
    { config: { access: 'admin' }, schema: { response: { 200: FailedMailListSchema } } },
    () => listFailedMails(db),
  );
};
