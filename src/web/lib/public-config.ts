import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../shared/api-paths.ts';
import { PublicConfigSchema } from '../../shared/public-config.ts';
import { apiClient } from './api-client.ts';
import { SAME_FOR_EVERYONE } from './query-client.ts';
import { queryKeys } from './query-keys.ts';

// Deployment-wide settings (map tiles, social sign-in): shared by several features,
// so it lives here rather than in one of them.

export function getPublicConfig(options: { signal?: AbortSignal } = {}) {
  return apiClient.get(apiPaths.config, PublicConfigSchema, options);
}

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.publicConfig,
    meta: SAME_FOR_EVERYONE,
    queryFn: ({ signal }) => getPublicConfig({ signal }),
    staleTime: Infinity,
  });

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
