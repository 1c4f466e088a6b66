import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { ProfileSchema, type ProfileBody } from '../../../../shared/profile.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { profileQueryOptions } from './get-profile.ts';

/** The spec's payload: name and email ride along; the server takes them from the account. */
export type ProfileSave = ProfileBody & { name: string; email: string };

/** PUT /api/userProfile/{email}: the saved profile (400 with `fields` for invalid input). */
export function saveProfile(body: ProfileSave) {
  return apiClient.put(apiPaths.saveProfile(body.email), body, ProfileSchema);
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: (_saved, body) =>
      queryClient.invalidateQueries({ queryKey: profileQueryOptions(body.email).queryKey }),
  });
}
