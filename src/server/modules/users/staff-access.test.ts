import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { can, type Permission } from '../../../shared/permissions.ts';
import { ROLES, type Role } from '../../../shared/user.ts';
import { isStaffAccess, type Access } from '../../http/authentication.ts';
import { routeTableOf } from '../../http/route-table.ts';
import { setUpTestApp } from '../../testing/test-app.ts';
import { signUpWithRole } from '../../testing/staff.ts';
import type { SignedIn } from '../../testing/accounts.ts';

// The role matrix: each role against each staff route, built from the real route table, so a staff
// route another module adds later is covered without anyone listing it here.

const t = setUpTestApp();
const accounts = {} as Record<Role, SignedIn>;

/** A URL for the route's pattern: ids are UUIDs, e-mails an unknown address, the rest a word. */
function concrete(url: string): string {
  return url
    .replace(/:(\w+)/g, (_match, name: string) =>
      /email/i.test(name) ? 'nobody@example.com' : /id$/i.test(name) ? randomUUID() : 'x',
    )
    .replace(/\*/g, 'x');
}

function staffRoutes() {
  return routeTableOf(t.app)
    .filter((route) => isStaffAccess(route.access as Access))
    .flatMap((route) =>
      route.methods
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ method, url: route.url, access: route.access as Access })),
    );
}

const mayCall = (role: Role, access: Access) =>
  access === 'admin'
    ? role === 'admin'
    : can(role, (access as { permission: Permission }).permission);

describe('staff routes by role', () => {
  it('finds the staff routes of every module', async () => {
    for (const role of ROLES) accounts[role] = await signUpWithRole(t, role);
    const urls = staffRoutes().map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/user',
        'PUT /api/user/role/:email',
        'GET /api/purchase1',
        'PUT /api/purchase/:id',
        'POST /api/products',
        'GET /api/audit',
      ]),
    );
  });

  it.each(ROLES)(
    '%s: exactly the permitted staff routes, 403 in the one shape otherwise',
    async (role) => {
      for (const route of staffRoutes()) {
        const url = concrete(route.url);
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: accounts[role].headers,
        });
        const label = `${role} ${route.method} ${route.url} -> ${res.statusCode} ${res.body.slice(0, 120)}`;
        if (mayCall(role, route.access)) {
          expect([401, 403], label).not.toContain(res.statusCode);
          expect(res.statusCode, label).toBeLessThan(500);
        } else {
          expect(res.statusCode, label).toBe(403);
          expect(res.json(), label).toMatchObject({ message: expect.any(String) });
        }
        // Nobody without a token.
        const anonymous = await t.app.inject({ method: route.method as 'GET', url });
        expect(anonymous.statusCode, `anonymous ${route.method} ${route.url}`).toBe(401);
      }
    },
  );

  it('the roles do what the issue says', () => {
    const matrix = (role: Role) =>
      (
        ['catalogue.manage', 'orders.view', 'orders.fulfil', 'users.manage', 'audit.view'] as const
      ).filter((p) => can(role, p));
    expect(matrix('admin')).toEqual([
      'catalogue.manage',
      'orders.view',
      'orders.fulfil',
      'users.manage',
      'audit.view',
    ]);
    expect(matrix('catalogue')).toEqual(['catalogue.manage']);
    expect(matrix('warehouse')).toEqual(['orders.view', 'orders.fulfil']);
    expect(matrix('user')).toEqual([]);
  });

  it('GET /api/me/permissions says what the caller may do', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/me/permissions',
      headers: accounts.warehouse.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      role: 'warehouse',
      permissions: ['orders.view', 'orders.fulfil'],
      twoFactorEnabled: false,
      twoFactorRequired: false,
      sessionCodeRequired: false,
    });
    const admin = await t.app.inject({
      method: 'GET',
      url: `/api/admin/${accounts.warehouse.email}`,
      headers: accounts.warehouse.headers,
    });
    expect(admin.json()).toEqual({ admin: false });
  });
});
