import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { SetRoleResponseSchema, type Role } from '../../../../shared/user.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { usersQueryOptions } from './get-users.ts';

/** PUT /api/user/role/{email}: grant or revoke a staff role (409 for the last admin). */
export function setRole({ email, role }: { email: string; role: Role }) {
  return apiClient.put(apiPaths.setRole(email), { role }, SetRoleResponseSchema);
}

export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey }),
  });
}
