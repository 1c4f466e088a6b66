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
