import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CompanyAddressBodySchema,
  CompanyAddressListSchema,
  CompanyAddressParamsSchema,
  CompanyAddressSchema,
  CompanyBodySchema,
  CompanyListQuerySchema,
  CompanyListSchema,
  CompanyParamsSchema,
  CompanyPriceListBodySchema,
  CompanySchema,
  CompanyUpdateSchema,
  CreditBodySchema,
  InvitationBodySchema,
  InvitationListSchema,
  InvitationParamsSchema,
  InvitationSchema,
  MemberListSchema,
  MemberParamsSchema,
  MemberSchema,
  MemberUpdateSchema,
} from '../../../shared/companies.ts';
import { DeletedCountSchema } from '../../../shared/purchase.ts';
import type { Db } from '../../db/client.ts';
import { callerOf } from '../../http/authentication.ts';
import type { Auth } from '../auth/index.ts';
import {
  createCompany,
  getCompany,
  listCompanies,
  setPriceList,
  updateCompany,
  updateCredit,
} from './companies.service.ts';
import {
  createCompanyAddress,
  deleteCompanyAddress,
  listCompanyAddresses,
  updateCompanyAddress,
} from './company-addresses.service.ts';
import { sessionHeaders } from './company-access.ts';
import {
  acceptInvitation,
  closeInvitation,
  createInvitation,
  getInvitation,
  listInvitations,
  listMembers,
  removeMember,
  updateMember,
} from './members.service.ts';

// Trade accounts' companies (issue 37, ADR 059): a member acts for their own company only (another
// company's id is 404); its admins manage it; staff with admin.other read all and set credit and
// the price list. The rules are in the services; better-auth's plugin keeps the memberships.
export const companiesRoutes: FastifyPluginAsyncZod<{ db: Db; auth: Auth }> = async (
  app,
  { db, auth },
) => {
  const user = { access: 'user' } as const;
  const staff = { access: { permission: 'admin.other' } } as const;
  const headersOf = (authorization: string | undefined) => sessionHeaders(authorization);

  app.get(
    '/companies',
    {
      config: user,
      schema: {
        summary: "The caller's company (none or one); staff (admin.other): every company",
        querystring: CompanyListQuerySchema,
        response: { 200: CompanyListSchema },
      },
    },
    async (request) => ({
      companies: await listCompanies(db, callerOf(request), request.query.q),
    }),
  );

  app.post(
    '/companies',
    {
      config: user,
      schema: {
        summary: 'Creates a company with the caller as its admin (one company per account)',
        body: CompanyBodySchema,
        response: { 201: CompanySchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCompany(db, auth, callerOf(request), request.body)),
  );

  app.get(
    '/companies/:id',
    {
      config: user,
      schema: {
        summary: 'A company (its members; staff)',
        params: CompanyParamsSchema,
        response: { 200: CompanySchema },
      },
    },
    (request) => getCompany(db, callerOf(request), request.params.id),
  );

  app.patch(
    '/companies/:id',
    {
      config: user,
      schema: {
        summary: "Changes a company's name, tax number or billing address (its admins)",
        params: CompanyParamsSchema,
        body: CompanyUpdateSchema,
        response: { 200: CompanySchema },
      },
    },
    (request) =>
      updateCompany(
        db,
        auth,
        callerOf(request),
        headersOf(request.headers.authorization),
        request.params.id,
        request.body,
      ),
  );

  app.get(
    '/companies/:id/members',
    {
      config: user,
      schema: {
        summary: "A company's members with their roles, limits and what they spent this month",
        params: CompanyParamsSchema,
        response: { 200: MemberListSchema },
      },
    },
    async (request) => ({
      members: await listMembers(db, callerOf(request), request.params.id),
    }),
  );

  app.patch(
    '/companies/:id/members/:memberId',
    {
      config: user,
      schema: {
        summary: "Changes a member's role or spending limits in dollars (its admins)",
        params: MemberParamsSchema,
        body: MemberUpdateSchema,
        response: { 200: MemberSchema },
      },
    },
    (request) =>
      updateMember(
        db,
        auth,
        callerOf(request),
        headersOf(request.headers.authorization),
        request.params.id,
        request.params.memberId,
        request.body,
      ),
  );

  app.delete(
    '/companies/:id/members/:memberId',
    {
      config: user,
      schema: {
        summary:
          'Removes a member (its admins) or leaves the company (the member); never the last admin',
        params: MemberParamsSchema,
        response: { 200: DeletedCountSchema },
      },
    },
    async (request) => {
      await removeMember(
        db,
        auth,
        callerOf(request),
        headersOf(request.headers.authorization),
        request.params.id,
        request.params.memberId,
      );
      return { deletedCount: 1 };
    },
  );

  app.get(
    '/companies/:id/members/invitations',
    {
      config: user,
      schema: {
        summary: "A company's open invitations (its admins)",
        params: CompanyParamsSchema,
        response: { 200: InvitationListSchema },
      },
    },
    async (request) => ({
      invitations: await listInvitations(db, callerOf(request), request.params.id),
    }),
  );

  app.post(
    '/companies/:id/members/invitations',
    {
      config: user,
      schema: {
        summary:
          'Invites someone by e-mail with a role (its admins); the mail links to the invitation',
        params: CompanyParamsSchema,
        body: InvitationBodySchema,
        response: { 201: InvitationSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createInvitation(
            db,
            auth,
            callerOf(request),
            headersOf(request.headers.authorization),
            request.params.id,
            request.body,
          ),
        ),
  );

  app.get(
    '/companies/:id/members/invitations/:invitationId',
    {
      config: user,
      schema: {
        summary: "An invitation (the person invited, or the company's admins)",
        params: InvitationParamsSchema,
        response: { 200: InvitationSchema },
      },
    },
    (request) =>
      getInvitation(db, callerOf(request), request.params.id, request.params.invitationId),
  );

  app.delete(
    '/companies/:id/members/invitations/:invitationId',
    {
      config: user,
      schema: {
        summary: 'Cancels an invitation (its admins) or declines it (the person invited)',
        params: InvitationParamsSchema,
        response: { 200: InvitationSchema },
      },
    },
    (request) =>
      closeInvitation(
        db,
        auth,
        callerOf(request),
        headersOf(request.headers.authorization),
        request.params.id,
        request.params.invitationId,
      ),
  );

  app.post(
    '/companies/:id/members/invitations/:invitationId/accept',
    {
      config: user,
      schema: {
        summary:
          "Accepts an invitation (the account of the invitation's e-mail) and joins the company",
        params: InvitationParamsSchema,
        response: { 200: CompanySchema },
      },
    },
    (request) =>
      acceptInvitation(
        db,
        auth,
        callerOf(request),
        headersOf(request.headers.authorization),
        request.params.id,
        request.params.invitationId,
      ),
  );

  app.get(
    '/companies/:id/addresses',
    {
      config: user,
      schema: {
        summary: "A company's delivery addresses (its members)",
        params: CompanyParamsSchema,
        response: { 200: CompanyAddressListSchema },
      },
    },
    async (request) => ({
      addresses: await listCompanyAddresses(db, callerOf(request), request.params.id),
    }),
  );

  app.post(
    '/companies/:id/addresses',
    {
      config: user,
      schema: {
        summary: 'Adds a delivery address to a company (its admins)',
        params: CompanyParamsSchema,
        body: CompanyAddressBodySchema,
        response: { 201: CompanyAddressSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createCompanyAddress(db, callerOf(request), request.params.id, request.body)),
  );

  app.put(
    '/companies/:id/addresses/:addressId',
    {
      config: user,
      schema: {
        summary: "Replaces a company's delivery address (its admins)",
        params: CompanyAddressParamsSchema,
        body: CompanyAddressBodySchema,
        response: { 200: CompanyAddressSchema },
      },
    },
    (request) =>
      updateCompanyAddress(
        db,
        callerOf(request),
        request.params.id,
        request.params.addressId,
        request.body,
      ),
  );

  app.delete(
    '/companies/:id/addresses/:addressId',
    {
      config: user,
      schema: {
        summary: "Deletes a company's delivery address (its admins)",
        params: CompanyAddressParamsSchema,
        response: { 200: DeletedCountSchema },
      },
    },
    async (request) => {
      await deleteCompanyAddress(
        db,
        callerOf(request),
        request.params.id,
        request.params.addressId,
      );
      return { deletedCount: 1 };
    },
  );

  app.patch(
    '/companies/:id/credit',
    {
      config: staff,
      schema: {
        summary: "Staff: a company's credit status, limit (dollars) and terms (days)",
        params: CompanyParamsSchema,
        body: CreditBodySchema,
        response: { 200: CompanySchema },
      },
    },
    (request) => updateCredit(db, callerOf(request), request.params.id, request.body),
  );

  app.put(
    '/companies/:id/price-list',
    {
      config: staff,
      schema: {
        summary: "Staff: a company's price list (null: none)",
        params: CompanyParamsSchema,
        body: CompanyPriceListBodySchema,
        response: { 200: CompanySchema },
      },
    },
    (request) => setPriceList(db, callerOf(request), request.params.id, request.body),
  );
};
