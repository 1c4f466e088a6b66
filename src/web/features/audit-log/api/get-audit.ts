import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { toast } from 'react-toastify/unstyled';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { AuditPageSchema } from '../../../../shared/audit.ts';
import { apiClient, apiDownload } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { saveDownload } from '../../../lib/save-download.ts';

export interface AuditFilters {
  actor: string;
  action: string;
  from: string;
  to: string;
}

/** The query string of the filters (empty ones left out), and the page when there is one. */
export function auditQuery(filters: AuditFilters, page?: number): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (value.trim()) query.set(key, value.trim());
  if (page !== undefined) query.set('page', String(page));
  return query;
}

/** GET /api/audit: one page of the log; the previous page stays on screen while the next loads. */
export function useAuditPage(filters: AuditFilters, page: number) {
  const query = auditQuery(filters, page);
  return useQuery({
    queryKey: queryKeys.audit(query.toString()),
    queryFn: ({ signal }) => apiClient.get(apiPaths.audit(query), AuditPageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/audit.csv with the same filters, handed to the browser's downloads. */
export function useAuditCsv() {
  return useMutation({
    mutationFn: (filters: AuditFilters) => apiDownload(apiPaths.auditCsv(auditQuery(filters))),
    onSuccess: saveDownload,
    onError: (error) => toast.error(error.message),
  });
}
