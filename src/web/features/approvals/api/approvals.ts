import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApprovalDecisionSchema,
  ApprovalListSchema,
  approvalPaths,
  CompanyOrderPageSchema,
} from '../../../../shared/approvals.ts';
import { CompanyListSchema, paths as companyPaths } from '../../../../shared/companies.ts';
import { apiClient } from '../../../lib/api-client.ts';

const approvalsKey = ['approvals'] as const;
const companyOrdersKey = ['company-orders'] as const;

/** GET /api/approvals: the checkouts of the caller's company awaiting approval. */
export const approvalsQueryOptions = () =>
  queryOptions({
    queryKey: approvalsKey,
    queryFn: ({ signal }) => apiClient.get(approvalPaths.approvals, ApprovalListSchema, { signal }),
  });

export const useApprovals = () => useQuery(approvalsQueryOptions());

/** A decision, after which the approvals and every order list are asked again. */
function useDecision<Vars>(send: (vars: Vars) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: approvalsKey }),
        queryClient.invalidateQueries({ queryKey: companyOrdersKey }),
      ]);
    },
  });
}

/** POST /api/approvals/{checkoutId}/approve. */
export const useApprove = () =>
  useDecision((checkoutId: string) =>
    apiClient.post(approvalPaths.approve(checkoutId), {}, ApprovalDecisionSchema),
  );

/** POST /api/approvals/{checkoutId}/reject with the reason the buyer is told. */
export const useReject = () =>
  useDecision(({ checkoutId, reason }: { checkoutId: string; reason: string }) =>
    apiClient.post(approvalPaths.reject(checkoutId), { reason }, ApprovalDecisionSchema),
  );

/** GET /api/companies: the caller's company (staff: every company). */
export const useCompanies = () =>
  useQuery({
    queryKey: ['companies'],
    queryFn: ({ signal }) => apiClient.get(companyPaths.companies, CompanyListSchema, { signal }),
  });

/** GET /api/companies/{id}/orders?page=: the company's orders, newest first. */
export const useCompanyOrders = (companyId: string | undefined, page: number) =>
  useQuery({
    queryKey: [...companyOrdersKey, companyId, page],
    queryFn: ({ signal }) =>
      apiClient.get(
        `${companyPaths.orders(companyId ?? '')}?page=${page}`,
        CompanyOrderPageSchema,
        { signal },
      ),
    enabled: companyId !== undefined,
  });
