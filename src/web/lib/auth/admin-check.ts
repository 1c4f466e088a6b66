import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../shared/api-paths.ts';
import { AdminCheckResponseSchema } from '../../../shared/auth.ts';
import { apiClient } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';

// Whether the signed-in user is an admin (spec section 4: checking, then true or false). Both the
// admin guard and the dashboard's sidebar ask, so it lives beside the session.

export async function getIsAdmin(email: string, options: { signal?: AbortSignal } = {}) {
  const { admin } = await apiClient.get(
    apiPaths.adminCheck(email),
    AdminCheckResponseSchema,
    options,
  );
  return admin;
}

export const adminCheckQueryOptions = (email: string) =>
  queryOptions({
    queryKey: queryKeys.adminCheck(email),
    queryFn: ({ signal }) => getIsAdmin(email, { signal }),
  });

export function useAdminCheck(email: string) {
  return useQuery(adminCheckQueryOptions(email));
}
