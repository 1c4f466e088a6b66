import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { FailedMailListSchema, type FailedMail } from '../../../../shared/notifications.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/admin/failed-mails: order mails given up after the last retry (admins only). */
export function getFailedMails(options: { signal?: AbortSignal } = {}): Promise<FailedMail[]> {
  return apiClient.get(apiPaths.failedMails, FailedMailListSchema, options);
}

export const failedMailsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.failedMails(),
    queryFn: ({ signal }) => getFailedMails({ signal }),
  });

export function useFailedMails() {
  return useQuery(failedMailsQueryOptions());
}
