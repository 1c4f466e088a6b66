import { describe, expect, it } from 'vitest';
import { setUpAppWithAccounts } from '../testing/app-with-accounts.ts';
import { routeTableOf } from './route-table.ts';

const t = setUpAppWithAccounts();

const get = (url: string, signedIn = true) =>
  t.app.inject({ url, ...(signedIn && { headers: t.admin.headers }) });

describe('Cache-Control: no-store on personal and order data', () => {
  it.each([
    `/api/purchase?customerEmail=x`,
    '/api/purchase1',
    '/api/userProfile?email=x',
    '/api/user',
    '/api/admin/x',
    '/api/auth/get-session',
  ])('%s', async (url) => {
    const res = await get(
      url.replace('=x', `=${t.admin.email}`).replace('/x', `/${t.admin.email}`),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    // Refusals too (a 401 must not be cached for the next user either).
    expect((await get(url, false)).headers['cache-control']).toBe('no-store');
  });

  it('covers every route that is not public, from the route table', async () => {
    const missing: string[] = [];
    for (const route of routeTableOf(t.app)) {
      if (!route.url.startsWith('/api/') || route.url.startsWith('/api/auth')) continue;
      for (const method of route.methods) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        const res = await t.app.inject({
          method: method as 'GET',
          url: route.url.replace(/:[a-zA-Z]+/g, 'x'),
        });
        // Unauthenticated: a private route answers 401 before anything else.
        if (res.statusCode === 401 && res.headers['cache-control'] !== 'no-store')
          missing.push(`${method} ${route.url}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('leaves the public catalogue cacheable', async () => {
    const res = await get('/api/products', false);
    expect(res.headers['cache-control']).not.toBe('no-store');
  });
});
