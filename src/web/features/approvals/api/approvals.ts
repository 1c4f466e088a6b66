import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApprovalDecisionSchema,
  ApprovalListSchema,
  approvalPaths,
} from '../../../../shared/approvals.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const approvalsKey = ['approvals'] as const;
/** The company's orders (features/orders), asked again after a decision. */
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
        queryClient.invalidateQueries({ queryKey: queryKeys.purchases.all }),
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
