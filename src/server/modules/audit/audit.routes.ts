import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUDIT_EXPORT_COLUMNS, AuditPageSchema, AuditQuerySchema } from '../../../shared/audit.ts';
import type { Db } from '../../db/client.ts';
import { csvDocument } from '../csv/index.ts';
import { exportAudit, listAudit } from './audit-log.service.ts';

/** The audit log screen: a page at a time, or everything matching as CSV. */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/audit',
    {
      config: { access: { permission: 'audit.view' } },
      schema: { querystring: AuditQuerySchema, response: { 200: AuditPageSchema } },
    },
    (request) => listAudit(db, request.query),
  );

  app.get(
    '/audit.csv',
    {
      config: { access: { permission: 'audit.view' } },
      schema: { querystring: AuditQuerySchema },
    },
    async (request, reply) => {
      const document = await csvDocument(AUDIT_EXPORT_COLUMNS, exportAudit(db, request.query));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(document));
    },
  );
};
