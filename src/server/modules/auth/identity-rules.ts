import { APIError, createAuthMiddleware } from 'better-auth/api';
import { z } from 'zod';
import { NAME_MAX_LENGTH, NewPasswordSchema, RegisterFormSchema } from '../../../shared/auth.ts';

// The spec's registration and password rules (src/shared/auth.ts) hold on the server for every way
// a password is set, not only in the register form: better-auth itself checks only the length.

/** Where better-auth takes a new password, and the body field that carries it. */
const NEW_PASSWORD_FIELD: Record<string, string> = {
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
  '/set-password': 'newPassword',
};

function refuse(error: z.ZodError): never {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || 'body';
    fields[field] ??= issue.message;
  }
  throw new APIError('BAD_REQUEST', {
    code: 'VALIDATION_ERROR',
    message: error.issues[0]?.message ?? 'The request is not valid.',
    fields,
  });
}

/** A display name as the shop keeps it: trimmed and bounded, whatever the way in (social too). */
export function boundedName(name: unknown): string {
  return String(name ?? '')
    .trim()
    .slice(0, NAME_MAX_LENGTH);
}

/** better-auth `hooks.before`: refuses what the spec refuses, and trims the name it keeps. */
export const enforceIdentityRules = createAuthMiddleware(async (ctx) => {
  const body: unknown = ctx.body;
  // Not an object: better-auth's own body check answers it (400).
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  if (ctx.path === '/sign-up/email') {
    const checked = RegisterFormSchema.safeParse(body);
    if (!checked.success) refuse(checked.error);
    return { context: { body: { ...body, name: checked.data.name } } };
  }
  const passwordField = NEW_PASSWORD_FIELD[ctx.path];
  if (passwordField) {
    const checked = z.object({ [passwordField]: NewPasswordSchema }).safeParse(body);
    if (!checked.success) refuse(checked.error);
  }
  return undefined;
});
