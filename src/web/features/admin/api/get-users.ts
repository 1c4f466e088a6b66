import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { UserListSchema, type User } from '../../../../shared/user.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/user: every account (admins only; 403 otherwise). */
export function getUsers(options: { signal?: AbortSignal } = {}): Promise<User[]> {
  return apiClient.get(apiPaths.users, UserListSchema, options);
}

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.users,
    queryFn: ({ signal }) => getUsers({ signal }),
  });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
