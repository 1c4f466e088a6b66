import { queryOptions, useQuery } from '@tanstack/react-query';
import { OverviewSchema, type Overview } from '../../../../shared/admin-overview.ts';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The admin's own time zone, so "today" ends at their midnight. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** GET /api/admin/overview (admins only). */
export function getOverview(
  days: number,
  tz: string,
  options: { signal?: AbortSignal } = {},
): Promise<Overview> {
  return apiClient.get(apiPaths.adminOverview(days, tz), OverviewSchema, options);
}

export const overviewQueryOptions = (days: number, tz: string) =>
  queryOptions({
    queryKey: queryKeys.admin.overview(days, tz),
    queryFn: ({ signal }) => getOverview(days, tz, { signal }),
  });

export function useOverview(days: number) {
  return useQuery(overviewQueryOptions(days, browserTimeZone()));
}
