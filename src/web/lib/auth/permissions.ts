import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../shared/api-paths.ts';
import {
  MyPermissionsSchema,
  type MyPermissions,
  type Permission,
} from '../../../shared/permissions.ts';
import type { PageName } from '../../../shared/page-routes.ts';
import { apiClient } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';
import { useAuth } from './session.ts';

// What the signed-in user may do (GET /api/me/permissions): the staff guard and the dashboard's
// sidebar ask, so each role sees only what it can do. The server checks every call anyway.

export const permissionsQueryOptions = (email: string) =>
  queryOptions({
    queryKey: queryKeys.permissions(email),
    queryFn: ({ signal }) => apiClient.get(apiPaths.myPermissions, MyPermissionsSchema, { signal }),
  });

export function usePermissions(email: string) {
  return useQuery(permissionsQueryOptions(email));
}

/**
 * The permission each staff page needs (the server's routes need the same). A staff page missing
 * here is for admins only: a new screen is never shown to a role by accident.
 */
export const PAGE_PERMISSIONS: Partial<Record<PageName, Permission>> = {
  manageAllOrders: 'orders.view',
  addProduct: 'catalogue.manage',
  manageProducts: 'catalogue.manage',
  editProduct: 'catalogue.manage',
  makeAdmin: 'users.manage',
  manageReviews: 'reviews.moderate',
  overview: 'admin.other',
  siteSpeed: 'admin.other',
  auditLog: 'audit.view',
  importProducts: 'catalogue.manage',
  manageCategories: 'catalogue.manage',
  returns: 'orders.view',
};

/** May the user open staff page `page` (My Profile, the dashboard's index, is everyone's)? */
export function mayOpen(permissions: MyPermissions, page: PageName): boolean {
  if (page === 'dashboard') return true;
  return permissions.permissions.includes(PAGE_PERMISSIONS[page] ?? 'admin.other');
}

/** Does `permissions` (undefined: not known yet) allow `permission`? Unknown allows nothing. */
export function allows(permissions: MyPermissions | undefined, permission: Permission): boolean {
  return permissions?.permissions.includes(permission) ?? false;
}

/**
 * May the signed-in user do `permission`? For the buttons of a staff screen, so each role sees
 * only the actions it may take (the guard has already loaded the answer). False while unknown or
 * signed out; the server checks every call anyway.
 */
export function useCan(permission: Permission): boolean {
  const { user } = useAuth();
  const mine = useQuery({
    ...permissionsQueryOptions(user?.email ?? ''),
    enabled: user !== undefined,
  });
  return allows(mine.data, permission);
}
