import { isValidElement } from 'react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageNames, pageRoutes, permissionOf } from '../../shared/page-routes.ts';
import { PERMISSIONS, type MyPermissions, type Permission } from '../../shared/permissions.ts';
import { mayOpen } from '../lib/auth/permissions.ts';
import { RequireAuth } from './guards/require-auth.tsx';
import { RequireAdmin, routeTree } from './router.tsx';

/** The guards on the way to `path` in the route tree, and whether it reached a page. */
function guardsOf(path: string) {
  const matches = matchRoutes(routeTree, path) ?? [];
  const types = matches.map(({ route }) =>
    isValidElement(route.element) ? route.element.type : undefined,
  );
  return {
    found: matches.at(-1)?.route.path !== '*',
    auth: types.includes(RequireAuth),
    admin: types.includes(RequireAdmin),
  };
}

const withPermissions = (permissions: Permission[]): MyPermissions => ({
  role: 'staff',
  permissions,
  twoFactorEnabled: true,
  twoFactorRequired: false,
  sessionCodeRequired: false,
});

describe('the route tree, from the route table', () => {
  it("puts every page behind exactly the guards of its record's access", () => {
    for (const name of pageNames) {
      const record = pageRoutes[name];
      const path = record.href({
        id: 'o1',
        productId: 'p1',
        slug: 'drills',
        companyId: 'c1',
        invitationId: 'i1',
      });
      const staff = typeof record.access === 'object';
      expect({ name, ...guardsOf(path) }).toEqual({
        name,
        found: true,
        auth: staff || record.access === 'signedIn',
        admin: staff,
      });
      if (record.alias) expect(guardsOf(record.alias)).toEqual(guardsOf(path));
    }
  });

  it("lets the staff guard open each staff page with exactly its record's permission", () => {
    for (const name of pageNames) {
      const permission = permissionOf(name);
      if (!permission) {
        expect({ name, open: mayOpen(withPermissions([]), name) }).toEqual({ name, open: true });
        continue;
      }
      const others = PERMISSIONS.filter((other) => other !== permission);
      expect({
        name,
        own: mayOpen(withPermissions([permission]), name),
        others: mayOpen(withPermissions(others), name),
      }).toEqual({ name, own: true, others: false });
    }
  });
});
