import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, type ApiError } from '../../shared/errors.ts';
import {
  AppError,
  BUSY_MESSAGE,
  isDatabaseInputRefusal,
  isLostRace,
  isDatabaseUnavailable,
  UNAVAILABLE_MESSAGE,
} from '../errors.ts';

/** The database refused a value the request carried: which one is for the logs only. */
export const INPUT_REFUSED_MESSAGE = 'The request contains a value the shop cannot store or read.';

const codeForStatus: Record<number, ErrorCode> = {
  400: ErrorCode.BadRequest,
  401: ErrorCode.Unauthorized,
  403: ErrorCode.Forbidden,
  404: ErrorCode.NotFound,
  409: ErrorCode.Conflict,
  413: ErrorCode.PayloadTooLarge,
  415: ErrorCode.UnsupportedMediaType,
  429: ErrorCode.TooManyRequests,
};

interface ValidationIssue {
  instancePath: string;
  message?: string;
  keyword?: string;
  params?: { errors?: unknown };
}
type BranchIssue = { code?: string; path?: PropertyKey[]; message?: string };

/**
 * A union's issue, as the issues of the branch the value was meant for: the one branch that did
 * not refuse it for its mere type (an address sent as an object is checked as the object it is,
 * each wrong field named, not "Invalid input" for the whole). Else the union's issue as it is.
 */
function branchIssues(issue: ValidationIssue): ValidationIssue[] {
  const branches = issue.params?.errors;
  if (issue.keyword !== 'invalid_union' || !Array.isArray(branches)) return [issue];
  const meant = (branches as BranchIssue[][]).filter(
    (branch) =>
      !(branch.length === 1 && branch[0]?.code === 'invalid_type' && !branch[0].path?.length),
  );
  const [only] = meant;
  if (meant.length !== 1 || !only) return [issue];
  return only.flatMap((inner) =>
    branchIssues({
      ...inner,
      keyword: inner.code,
      instancePath: [issue.instancePath, ...(inner.path ?? []).map(String)].join('/'),
      params: inner as ValidationIssue['params'],
    }),
  );
}

/** Field name -> first message, from the validation issues of a request. */
function fieldMessages(issues: ValidationIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues.flatMap(branchIssues)) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (field && !(field in fields)) fields[field] = issue.message ?? 'Invalid value';
  }
  return fields;
}

/** One error shape for every failure; a 5xx says nothing but a request id. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Plain JSON, never the route's response schema: a route that declares its own 4xx shape (a
    // card error, say) would otherwise fail to serialize the one error shape and answer 500.
    const send = (status: number, body: Omit<ApiError, 'requestId'>) =>
      reply
        .code(status)
        .serializer(JSON.stringify)
        .type('application/json; charset=utf-8')
        .send({ ...body, requestId: request.id } satisfies ApiError);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldMessages(error.validation);
      const first = Object.values(fields)[0];
      return send(400, {
        code: ErrorCode.Validation,
        message: first ?? 'The request is not valid.',
        fields,
      });
    }
    // First: the pool's DatabaseUnavailable is an AppError too, and is logged (at debug once the
    // outage is known: src/server/db/known-outage-logs.ts).
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      reply.header('retry-after', '5');
      return send(503, {
        code: ErrorCode.Unavailable,
        message: UNAVAILABLE_MESSAGE,
      });
    }
    if (isLostRace(error)) {
      request.log.warn({ err: error }, 'transaction lost a race (deadlock or serialization)');
      reply.header('retry-after', '1');
      return send(503, { code: ErrorCode.Unavailable, message: BUSY_MESSAGE });
    }
    if (error instanceof AppError) {
      if (error.statusCode === 503) reply.header('retry-after', '5');
      return send(error.statusCode, {
        code: error.code,
        message: error.message,
        ...(error.fields && { fields: error.fields }),
      });
    }
    if (isDatabaseInputRefusal(error)) {
      // A 400 for the client, but a warning for us: the contract should have refused it first.
      request.log.warn({ err: error }, 'input refused by the database');
      return send(400, { code: ErrorCode.BadRequest, message: INPUT_REFUSED_MESSAGE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(status, {
        code: codeForStatus[status] ?? ErrorCode.BadRequest,
        message: error.message,
      });
    }
    request.log.error({ err: error }, 'unexpected error');
    return send(500, {
      code: ErrorCode.Internal,
      message: 'Something went wrong on our side. Please try again.',
    });
  });
}
