import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { VitalsReportSchema, type VitalsReport } from '../../../../shared/vitals.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/admin/vitals (admins only). */
export function getVitals(
  days: number,
  options: { signal?: AbortSignal } = {},
): Promise<VitalsReport> {
  return apiClient.get(apiPaths.adminVitals(days), VitalsReportSchema, options);
}

export const vitalsQueryOptions = (days: number) =>
  queryOptions({
    queryKey: queryKeys.admin.vitals(days),
    queryFn: ({ signal }) => getVitals(days, { signal }),
  });

export function useVitals(days: number) {
  return useQuery(vitalsQueryOptions(days));
}
