import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApprovalDecisionSchema,
  ApprovalListSchema,
  ApprovalParamsSchema,
  CompanyOrderPageSchema,
  CompanyOrdersQuerySchema,
  RejectBodySchema,
} from '../../../shared/approvals.ts';
import { CompanyParamsSchema } from '../../../shared/companies.ts';
import type { Db } from '../../db/client.ts';
import { callerOf } from '../../http/authentication.ts';
import type { PlacementConfig } from '../purchases/index.ts';
import { approveCheckout, listApprovals, rejectCheckout } from './approvals.service.ts';
import { listCompanyOrders } from './company-orders.service.ts';

/** Approvals of checkouts above a member's limit, and a company's orders (issue 37, ADR 059). */
export const approvalsRoutes: FastifyPluginAsyncZod<{ db: Db; config: PlacementConfig }> = async (
  app,
  { db, config },
) => {
  app.get(
    '/approvals',
    {
      schema: {
        summary:
          "The checkouts of the caller's company awaiting approval (a buyer: their own), with their lines and whether the caller may decide each",
        response: { 200: ApprovalListSchema },
      },
    },
    async (request) => ({ approvals: await listApprovals(db, callerOf(request)) }),
  );

  app.post(
    '/approvals/:checkoutId/approve',
    {
      schema: {
        summary:
          'Approves a checkout awaiting approval (an admin or approver of its company, not the buyer, within their own order limit): a card checkout gets a new hold to be paid, one on account is invoiced',
        params: ApprovalParamsSchema,
        response: { 200: ApprovalDecisionSchema },
      },
    },
    (request) =>
      approveCheckout(db, callerOf(request), request.params.checkoutId, {
        holdHours: config.orderHoldHours,
      }),
  );

  app.post(
    '/approvals/:checkoutId/reject',
    {
      schema: {
        summary:
          'Rejects a checkout awaiting approval with a reason: its stock, credit and promotion uses are released and the buyer is told why',
        params: ApprovalParamsSchema,
        body: RejectBodySchema,
        response: { 200: ApprovalDecisionSchema },
      },
    },
    (request) =>
      rejectCheckout(db, callerOf(request), request.params.checkoutId, request.body.reason),
  );

  app.get(
    '/companies/:id/orders',
    {
      schema: {
        summary:
          "The company's orders, newest first, a page at a time (its admins and approvers; staff who see all orders)",
        params: CompanyParamsSchema,
        querystring: CompanyOrdersQuerySchema,
        response: { 200: CompanyOrderPageSchema },
      },
    },
    (request) => listCompanyOrders(db, callerOf(request), request.params.id, request.query.page),
  );
};
