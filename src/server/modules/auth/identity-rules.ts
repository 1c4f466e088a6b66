import { APIError, createAuthMiddleware } from 'better-auth/api';
import { z } from 'zod';
import { NAME_MAX_LENGTH, NewPasswordSchema, RegisterFormSchema } from '../../../shared/auth.ts';
import { singleLineText } from '../../../shared/text.ts';

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

/**
 * Every value the identity endpoints take (e-mails, passwords, tokens, OAuth state, callback
 * URLs) is one line of text: none may carry a control character into a lookup (ADR 021).
 */
const identityValue = singleLineText(undefined, { keepSpaces: true });

/** Identity bodies are flat (an object of strings, at most an object inside): deeper is not one. */
const MAX_IDENTITY_DEPTH = 8;

function refuseControlCharacters(parts: Record<string, unknown>): void {
  const issues: z.core.$ZodIssue[] = [];
  // A loop, not recursion: a parsed body may nest 50,000 deep under the body limit.
  const pending: { value: unknown; path: PropertyKey[] }[] = Object.values(parts).map((value) => ({
    value,
    path: [],
  }));
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      const checked = identityValue.safeParse(value);
      if (!checked.success) issues.push(...checked.error.issues.map((i) => ({ ...i, path })));
    } else if (value && typeof value === 'object') {
      if (path.length >= MAX_IDENTITY_DEPTH)
        throw new APIError('BAD_REQUEST', { message: 'The request is not valid.' });
      for (const [key, inner] of Object.entries(value))
        pending.push({ value: inner, path: [...path, key] });
    }
  }
  if (issues.length > 0) refuse(new z.ZodError(issues));
}

/** A display name as the shop keeps it: trimmed and bounded, whatever the way in (social too). */
export function boundedName(name: unknown): string {
  return String(name ?? '')
    .trim()
    .slice(0, NAME_MAX_LENGTH);
}

/** better-auth `hooks.before`: refuses what the spec refuses, and trims the name it keeps. */
export const enforceIdentityRules = createAuthMiddleware(async (ctx) => {
  refuseControlCharacters({ body: ctx.body, query: ctx.query });
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
