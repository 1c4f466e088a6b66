import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '../../../shared/errors.ts';
import {
  CERTIFICATE_FIELD,
  CERTIFICATE_MAX_BYTES,
  CERTIFICATE_REQUIRED_MESSAGE,
  CERTIFICATE_TOO_LARGE_MESSAGE,
  RejectExemptionBodySchema,
  TaxExemptionListSchema,
  TaxExemptionParamsSchema,
  TaxExemptionQuerySchema,
  TaxExemptionSchema,
  VAT_NUMBER_REQUIRED_MESSAGE,
  VatNumberBodySchema,
} from '../../../shared/tax-exemption.ts';
import type { Db } from '../../db/client.ts';
import { AppError, Invalid } from '../../errors.ts';
import { callerOf } from '../../http/authentication.ts';
import { attachmentOf } from './certificate-file.ts';
import {
  approveExemption,
  exemptionDocument,
  listExemptions,
  myExemptions,
  rejectExemption,
  requestCertificate,
  requestVatNumber,
} from './tax-exemptions.service.ts';

/**
 * The JSON form of POST /api/tax-exemptions, as documented; a multipart request has no JSON body
 * (Fastify gives null), which passes here as undefined for the handler to read the file.
 */
const VatNumberOrFileBodySchema = z.preprocess(
  (body) => body ?? undefined,
  VatNumberBodySchema.optional(),
);

const STAFF = { access: { permission: 'admin.other' as const } };
const ONE_FILE_MESSAGE = `Send one file in the field "${CERTIFICATE_FIELD}" and nothing else.`;
const NOT_MULTIPART_MESSAGE = `Send the certificate as multipart/form-data in the field "${CERTIFICATE_FIELD}".`;

/** The multipart parser's refusals (codes of @fastify/multipart) in the one error shape. */
function uploadError(error: unknown): AppError {
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, ErrorCode.PayloadTooLarge, CERTIFICATE_TOO_LARGE_MESSAGE);
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new Invalid(ONE_FILE_MESSAGE);
    default:
      return new Invalid(NOT_MULTIPART_MESSAGE);
  }
}

/** The `certificate` file's bytes and name; every part is read to its end (within limits) first. */
async function readCertificate(request: FastifyRequest) {
  let file: { bytes: Buffer; fileName: string | undefined } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname === CERTIFICATE_FIELD && !file)
        file = { bytes: await part.toBuffer(), fileName: part.filename };
      else part.file.resume();
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (!file || file.bytes.length === 0)
    throw new Invalid(CERTIFICATE_REQUIRED_MESSAGE, {
      [CERTIFICATE_FIELD]: CERTIFICATE_REQUIRED_MESSAGE,
    });
  return file;
}

/**
 * Exempt buyers (issue 35): a customer sends a certificate or a VAT number and sees their own
 * requests; staff (admin.other) list them, read a certificate, approve or reject. The multipart
 * parser lives in this scope only.
 */
export const taxExemptionsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: CERTIFICATE_MAX_BYTES,
      files: 1,
      fields: 4,
      parts: 5,
      fieldSize: 1024,
      fieldNameSize: 100,
      headerPairs: 20,
    },
  });

  app.post(
    '/tax-exemptions',
    {
      schema: {
        summary:
          'Ask for a tax exemption: a resale or exemption certificate as multipart/form-data ' +
          `(a PDF or an image of at most 5 MB in the field "${CERTIFICATE_FIELD}"), or JSON ` +
          '{ vatNumber } for reverse charge (the format is checked per country prefix; staff ' +
          'verify the number). At most one request waits for review per account (409).',
        body: VatNumberOrFileBodySchema,
        response: { 201: TaxExemptionSchema },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      if (request.isMultipart())
        return reply
          .code(201)
          .send(await requestCertificate(db, caller, await readCertificate(request)));
      if (request.body === undefined)
        throw new Invalid(VAT_NUMBER_REQUIRED_MESSAGE, {
          vatNumber: VAT_NUMBER_REQUIRED_MESSAGE,
        });
      return reply.code(201).send(await requestVatNumber(db, caller, request.body));
    },
  );

  app.get(
    '/tax-exemptions/mine',
    { schema: { response: { 200: TaxExemptionListSchema } } },
    (request) => myExemptions(db, callerOf(request)),
  );

  app.get(
    '/admin/tax-exemptions',
    {
      config: STAFF,
      schema: { querystring: TaxExemptionQuerySchema, response: { 200: TaxExemptionListSchema } },
    },
    (request) => listExemptions(db, request.query.status),
  );

  app.get(
    '/admin/tax-exemptions/:id/document',
    { config: STAFF, schema: { params: TaxExemptionParamsSchema } },
    async (request, reply) => {
      const document = await exemptionDocument(db, request.params.id);
      return reply
        .type(document.type)
        .header('content-disposition', attachmentOf(document.name))
        .header('content-security-policy', "sandbox; default-src 'none'")
        .header('cache-control', 'private, no-store')
        .send(document.bytes);
    },
  );

  app.post(
    '/admin/tax-exemptions/:id/approve',
    {
      config: STAFF,
      schema: { params: TaxExemptionParamsSchema, response: { 200: TaxExemptionSchema } },
    },
    (request) => approveExemption(db, callerOf(request), request.params.id),
  );

  app.post(
    '/admin/tax-exemptions/:id/reject',
    {
      config: STAFF,
      schema: {
        params: TaxExemptionParamsSchema,
        body: RejectExemptionBodySchema,
        response: { 200: TaxExemptionSchema },
      },
    },
    (request) => rejectExemption(db, callerOf(request), request.params.id, request.body),
  );
};
