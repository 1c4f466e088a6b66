import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../shared/api-paths.ts';
import {
  MyPermissionsSchema,
  type MyPermissions,
  type Permission,
} from '../../../shared/permissions.ts';
import { permissionOf, type PageName } from '../../../shared/page-routes.ts';
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
 * May the user open page `page`? A staff page (its route table record's `access`) needs its
 * permission, the one the server's routes need too; any other page (My Profile, the dashboard's
 * index) is every signed-in user's.
 */
export function mayOpen(permissions: MyPermissions, page: PageName): boolean {
  const permission = permissionOf(page);
  return permission === undefined || permissions.permissions.includes(permission);
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
