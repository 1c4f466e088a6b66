import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../shared/errors.ts';
import { routeTableOf } from './http/route-table.ts';
import { setUpAppWithAccounts } from './testing/app-with-accounts.ts';

// Every route that takes a JSON body answers a bad body with 400 in the one error shape, never a
// 500. The routes come from the app's own route table, so a new route is covered automatically.

const BAD_BODIES: Record<string, string> = {
  'malformed JSON': '{"a":',
  null: 'null',
  'an array': '[1,2]',
  'a string': '"text"',
};

/**
 * TEMPORARY: routes with a known route-specific failure that another branch fixes. The lead
 * removes entries at merge; an entry never stays on main.
 */
const KNOWN_FAILING_ROUTES_TO_REMOVE_AT_MERGE: string[] = [];

/** The better-auth endpoints the shop uses that take a JSON body (they sit behind /auth/*). */
const IDENTITY_JSON_ENDPOINTS = [
  '/api/auth/sign-up/email',
  '/api/auth/sign-in/email',
  '/api/auth/sign-in/social',
  '/api/auth/request-password-reset',
  '/api/auth/reset-password',
];

const t = setUpAppWithAccounts();

function jsonRoutes(): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  for (const route of routeTableOf(t.app)) {
    if (!route.inputs.body) continue;
    for (const method of route.methods) {
      if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
      const url = route.url
        .replace(':email', encodeURIComponent(t.admin.email))
        .replace(/:[a-zA-Z]+/g, randomUUID());
      routes.push({ method, url });
    }
  }
  for (const url of IDENTITY_JSON_ENDPOINTS) routes.push({ method: 'POST', url });
  return routes;
}

describe('bad JSON bodies', () => {
  it('finds the JSON routes in the route table', () => {
    const urls = jsonRoutes().map((r) => `${r.method} ${r.url}`);
    expect(urls).toContain('POST /api/purchase');
    expect(urls).toContain('POST /api/contact');
    expect(urls.length).toBeGreaterThan(10);
  });

  it('answers every bad body with 400 in the one error shape', async () => {
    const failures: string[] = [];
    for (const { method, url } of jsonRoutes()) {
      if (KNOWN_FAILING_ROUTES_TO_REMOVE_AT_MERGE.includes(`${method} ${url}`)) continue;
      for (const [label, payload] of Object.entries(BAD_BODIES)) {
        const res = await t.app.inject({
          method: method as 'POST',
          url,
          payload,
          headers: {
            ...t.admin.headers,
            'content-type': 'application/json',
            origin: t.config.publicUrl,
          },
        });
        const body = ApiErrorSchema.safeParse(JSON.parse(res.body || 'null'));
        const shaped = body.success && typeof body.data.requestId === 'string';
        if (res.statusCode !== 400 || !shaped)
          failures.push(`${method} ${url} with ${label}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
