import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { ProfileListSchema, type Profile } from '../../../../shared/profile.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/userProfile?email=…: a list (spec section 3); the first item is the profile, if any. */
export async function getProfile(
  email: string,
  options: { signal?: AbortSignal } = {},
): Promise<Profile | null> {
  const profiles = await apiClient.get(apiPaths.profile(email), ProfileListSchema, options);
  return profiles[0] ?? null;
}

export const profileQueryOptions = (email: string) =>
  queryOptions({
    queryKey: queryKeys.profile(email),
    queryFn: ({ signal }) => getProfile(email, { signal }),
  });

export function useProfile(email: string) {
  return useQuery(profileQueryOptions(email));
}
