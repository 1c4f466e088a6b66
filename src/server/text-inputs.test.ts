import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ApiErrorSchema } from '../shared/errors.ts';
import { routeTableOf, type RouteInputs } from './http/route-table.ts';
import { setUpAppWithAccounts } from './testing/app-with-accounts.ts';

// Every field of every route (body, query string, path parameters) refuses the characters it
// cannot store or that make no sense in it with a 400 in the one error shape naming the field,
// never a 500 (ADR 021). The fields come from the routes' own schemas in the app's route table,
// so a new route or field is covered without anyone listing it.

/** What no field may hold. A lone surrogate cannot be written in a URL: body fields only. */
const REFUSED_EVERYWHERE: Record<string, string> = {
  'a NUL': 'ab\u0000cd',
  'an escape': 'ab\u001bcd',
  'a DEL': 'ab\u007fcd',
  'a vertical tab': 'ab\u000bcd',
};
const LONE_SURROGATE = 'ab\ud800cd';
/** What one-line fields refuse, and the multi-line ones take. */
const LINE_BREAKS: Record<string, string> = {
  'CR/LF': 'Drill\r\nBcc: thief@example.com',
  'a line feed': 'Drill\nBcc: thief@example.com',
  'a tab': 'ab\tcd',
};
/** Time zones the browser's Intl knows and PostgreSQL does not (by that name), and made-up ones. */
const UNKNOWN_TIME_ZONES = ['US/Pacific-New', 'SystemV/AST4', 'Mars/Olympus'];
/** The fields of several lines (a textarea in the web app). */
const MULTI_LINE_FIELDS = new Set(['review', 'message', 'description', 'note', 'hazard', 'remedy']);

type Part = keyof RouteInputs;
interface Field {
  part: Part;
  /** Its path in the part (`billingDetails.name`, `metrics.0.name`). */
  path: string[];
}

/** The leaf fields of a zod schema, through optional, default, pipe, unions and the like. */
function leafPaths(schema: z.ZodType, path: string[] = []): string[][] {
  const def = schema._zod.def as unknown as Record<string, z.ZodType> & { type: string };
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return leafPaths(def.innerType!, path);
    case 'pipe':
      // A preprocess (a transform piped into the schema): the fields are the schema's.
      return (def.in!._zod.def as { type: string }).type === 'transform'
        ? leafPaths(def.out!, path)
        : leafPaths(def.in!, path);
    case 'object':
      return Object.entries(def.shape as unknown as Record<string, z.ZodType>).flatMap(
        ([key, inner]) => leafPaths(inner, [...path, key]),
      );
    case 'array':
      return leafPaths(def.element!, [...path, '0']);
    case 'union':
      return (def.options as unknown as z.ZodType[]).flatMap((option) => leafPaths(option, path));
    default:
      return [path];
  }
}

/** `value` at `path`, in objects and arrays (`metrics.0.name`). */
function placed(path: string[], value: string): string | object {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  return /^\d+$/.test(head) ? [placed(rest, value)] : { [head]: placed(rest, value) };
}

interface Route {
  method: string;
  url: string;
  fields: Field[];
}

const t = setUpAppWithAccounts();

function routesWithInput(): Route[] {
  const routes: Route[] = [];
  for (const entry of routeTableOf(t.app)) {
    const fields: Field[] = [];
    for (const part of ['body', 'querystring', 'params'] as const) {
      const schema = entry.inputs[part] as z.ZodType | undefined;
      if (schema) for (const path of leafPaths(schema)) fields.push({ part, path });
    }
    if (fields.length === 0) continue;
    for (const method of entry.methods.filter((m) => m !== 'HEAD'))
      routes.push({ method, url: entry.url, fields });
  }
  return routes;
}

/** The request that puts `value` in `field` and leaves every other field unset (or a valid id). */
function requestWith(route: Route, field: Field, value: string) {
  const url = route.url.replace(/:([a-zA-Z]+)/g, (_match, name: string) =>
    field.part === 'params' && field.path[0] === name
      ? encodeURIComponent(value)
      : name === 'email'
        ? encodeURIComponent(t.admin.email)
        : randomUUID(),
  );
  const query =
    field.part === 'querystring' ? `?${new URLSearchParams({ [field.path[0]!]: value })}` : '';
  const request: InjectOptions = {
    method: route.method as 'GET',
    url: url + query,
    headers: { ...t.admin.headers, origin: t.config.publicUrl },
  };
  if (['POST', 'PUT', 'PATCH'].includes(route.method))
    request.payload = field.part === 'body' ? placed(field.path, value) : {};
  return t.app.inject(request);
}

/** The answer's problem, if it is not a 400 in the one error shape naming the field. */
async function refusalProblem(
  res: Awaited<ReturnType<typeof requestWith>>,
  field: string,
): Promise<string | undefined> {
  const body = ApiErrorSchema.safeParse(JSON.parse(res.body || 'null'));
  if (res.statusCode !== 400 || !body.success || typeof body.data.requestId !== 'string')
    return `${res.statusCode} ${res.body}`;
  if (!body.data.fields?.[field]) return `field not named: ${res.body}`;
  return undefined;
}

describe('text that cannot be stored', () => {
  it('finds the fields of every route in the route table', () => {
    const named = routesWithInput().flatMap((route) =>
      route.fields.map((f) => `${route.method} ${route.url} ${f.part} ${f.path.join('.')}`),
    );
    expect(named).toContain('GET /api/products/search querystring q');
    expect(named).toContain('POST /api/purchase body address');
    expect(named).toContain('POST /api/test-processor/confirm body billingDetails.name');
    expect(named).toContain('PUT /api/products/:productId params productId');
    expect(named).toContain('GET /api/purchase1.csv querystring tz');
    expect(named.length).toBeGreaterThan(40);
  });

  it('answers control characters in any field with a 400 naming it', async () => {
    const failures: string[] = [];
    for (const route of routesWithInput()) {
      for (const field of route.fields) {
        const values = { ...REFUSED_EVERYWHERE };
        if (field.part === 'body') values['a lone surrogate'] = LONE_SURROGATE;
        for (const [label, value] of Object.entries(values)) {
          const problem = await refusalProblem(
            await requestWith(route, field, value),
            field.path.join('.'),
          );
          if (problem)
            failures.push(
              `${route.method} ${route.url} ${field.path.join('.')} ${label}: ${problem}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers line breaks and tabs in a one-line field with a 400 naming it; multi-line fields take them', async () => {
    const failures: string[] = [];
    for (const route of routesWithInput()) {
      for (const field of route.fields) {
        const name = field.path.join('.');
        for (const [label, value] of Object.entries(LINE_BREAKS)) {
          const res = await requestWith(route, field, value);
          if (field.part === 'body' && MULTI_LINE_FIELDS.has(name)) {
            const fields = JSON.parse(res.body || '{}') as { fields?: Record<string, string> };
            if (res.statusCode >= 500 || fields.fields?.[name])
              failures.push(`${route.method} ${route.url} ${name} refused ${label}: ${res.body}`);
            continue;
          }
          const problem = await refusalProblem(res, name);
          if (problem) failures.push(`${route.method} ${route.url} ${name} ${label}: ${problem}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers a time zone the database does not know with a 400 naming it', async () => {
    const failures: string[] = [];
    for (const route of routesWithInput()) {
      for (const field of route.fields.filter((f) => f.path.join('.') === 'tz')) {
        for (const zone of UNKNOWN_TIME_ZONES) {
          const problem = await refusalProblem(await requestWith(route, field, zone), 'tz');
          if (problem) failures.push(`${route.method} ${route.url} ${zone}: ${problem}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('send a reset link whose token has control characters to the reset page as invalid', async () => {
    for (const value of Object.values({ ...REFUSED_EVERYWHERE, ...LINE_BREAKS })) {
      const res = await t.app.inject(
        `/api/auth/reset-password/${encodeURIComponent(value)}?callbackURL=%2Freset`,
      );
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toMatch(/\/reset\?error=INVALID_TOKEN$/);
    }
  });
});

/** The identity endpoints (better-auth, behind /api/auth/*) and the fields each one reads. */
const IDENTITY_INPUTS: {
  method: 'GET' | 'POST';
  url: string;
  fields: string[];
}[] = [
  { method: 'POST', url: '/api/auth/sign-up/email', fields: ['name', 'email', 'password'] },
  { method: 'POST', url: '/api/auth/sign-in/email', fields: ['email', 'password'] },
  { method: 'POST', url: '/api/auth/sign-in/social', fields: ['provider', 'callbackURL'] },
  { method: 'POST', url: '/api/auth/request-password-reset', fields: ['email', 'redirectTo'] },
  { method: 'POST', url: '/api/auth/reset-password', fields: ['newPassword', 'token'] },
  // Its token in the path: see the test below.
  { method: 'GET', url: '/api/auth/reset-password/some-token', fields: ['callbackURL'] },
  { method: 'GET', url: '/api/auth/verify-email', fields: ['token', 'callbackURL'] },
  { method: 'GET', url: '/api/auth/callback/google', fields: ['code', 'state'] },
];

describe('identity endpoints', () => {
  it('answer control characters and line breaks in any field with a 400 naming it', async () => {
    const failures: string[] = [];
    for (const { method, url, fields } of IDENTITY_INPUTS) {
      for (const field of fields) {
        const values = { ...REFUSED_EVERYWHERE, ...LINE_BREAKS };
        for (const [label, value] of Object.entries(values)) {
          const request: InjectOptions =
            method === 'GET'
              ? { method, url: `${url}?${new URLSearchParams({ [field]: value })}` }
              : { method, url, payload: { [field]: value } };
          request.headers = { origin: t.config.publicUrl };
          const problem = await refusalProblem(await t.app.inject(request), field);
          if (problem) failures.push(`${method} ${url} ${field} ${label}: ${problem}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
