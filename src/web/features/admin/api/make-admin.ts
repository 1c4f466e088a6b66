import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { MakeAdminResponseSchema } from '../../../../shared/user.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { usersQueryOptions } from './get-users.ts';

/** PUT /api/user/admin/{email} (no body): modifiedCount above 0 means the role changed. */
export function makeAdmin(email: string) {
  return apiClient.put(apiPaths.makeAdmin(email), undefined, MakeAdminResponseSchema);
}

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey }),
  });
}
