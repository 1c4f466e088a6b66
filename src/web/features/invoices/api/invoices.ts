import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify/unstyled';
import { paths as companyPaths } from '../../../../shared/companies.ts';
import { useMyCompany } from '../../../api/companies.ts';

export { useMyCompany };
import {
  AgeingReportSchema,
  InvoiceListSchema,
  InvoiceSchema,
  StatementSchema,
  invoicePaths,
} from '../../../../shared/invoices.ts';
import type { PaymentBodySchema } from '../../../../shared/invoices.ts';
import type { z } from 'zod';
import { apiClient, apiDownload } from '../../../lib/api-client.ts';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { saveDownload } from '../../../lib/save-download.ts';

// Invoices of checkouts paid on account (issue 37): a company's invoices and statement, the
// staff's list with payments, the ageing and the CSV. A payment refreshes every one of them.

export interface InvoiceFilters {
  companyId?: string;
  status?: 'open' | 'paid' | 'overdue';
}

const root = ['invoices'] as const;
const keys = {
  list: (filters: InvoiceFilters) => [...root, 'list', filters] as const,
  statement: (companyId: string) => [...root, 'statement', companyId] as const,
  ageing: () => [...root, 'ageing'] as const,
};

const withQuery = (path: string, filters: InvoiceFilters) => {
  const query = new URLSearchParams();
  if (filters.companyId) query.set('companyId', filters.companyId);
  if (filters.status) query.set('status', filters.status);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
};

/** GET /api/invoices: a member's company's (a buyer's own); staff by company and status. */
export function useInvoices(filters: InvoiceFilters = {}) {
  return useQuery({
    queryKey: keys.list(filters),
    queryFn: ({ signal }) =>
      apiClient.get(withQuery(invoicePaths.invoices, filters), InvoiceListSchema, { signal }),
    select: (list) => list.invoices,
  });
}

/** GET /api/companies/{id}/statement (its approvers and admins; staff). */
export function useStatement(companyId: string | undefined) {
  return useQuery({
    queryKey: keys.statement(companyId ?? ''),
    queryFn: ({ signal }) =>
      apiClient.get(companyPaths.statement(companyId ?? ''), StatementSchema, { signal }),
    enabled: companyId !== undefined,
  });
}

/** GET /api/invoices/ageing (staff). */
export function useAgeing() {
  return useQuery({
    queryKey: keys.ageing(),
    queryFn: ({ signal }) => apiClient.get(invoicePaths.ageing, AgeingReportSchema, { signal }),
  });
}

/** POST /api/invoices/{id}/payments (staff); refreshes every invoice answer once answered. */
export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof PaymentBodySchema> }) =>
      apiClient.post(invoicePaths.payments(id), body, InvoiceSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: root }),
  });
}

/** Downloads a file of the API (an invoice's PDF, the CSV) with the token; a failure is a toast. */
export function useInvoiceDownload() {
  return useMutation({
    mutationFn: (path: string) => apiDownload(path),
    onSuccess: saveDownload,
    onError: (error) => toast.error(getErrorMessage(error)),
  });
}

/** The CSV's path for the filters shown. */
export const invoicesCsvPath = (filters: InvoiceFilters) => withQuery(invoicePaths.csv, filters);
