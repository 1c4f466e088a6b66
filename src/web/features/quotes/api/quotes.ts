import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  QuoteAcceptedSchema,
  QuoteListSchema,
  QuoteSchema,
  quotePaths,
  type QuoteAcceptBody,
  type QuoteAnswerBody,
  type QuoteDeclineBody,
} from '../../../../shared/quote.ts';
import { apiClient } from '../../../lib/api-client.ts';

const quotesKey = ['quotes'] as const;

/** GET /api/quotes: the caller's quotes (every quote for an admin), newest first. */
export const quotesQueryOptions = () =>
  queryOptions({
    queryKey: quotesKey,
    queryFn: ({ signal }) => apiClient.get(quotePaths.quotes, QuoteListSchema, { signal }),
  });

export function useQuotes() {
  return useQuery(quotesQueryOptions());
}

/** A quote action's mutation; every answer refreshes the lists (and the orders, for accept). */
function useQuoteMutation<Vars, Result>(send: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: quotesKey }),
  });
}

export const useAnswerQuote = () =>
  useQuoteMutation(({ id, body }: { id: string; body: QuoteAnswerBody }) =>
    apiClient.post(quotePaths.action(id, 'answer'), body, QuoteSchema),
  );

export const useDeclineQuote = () =>
  useQuoteMutation(({ id, body }: { id: string; body: QuoteDeclineBody }) =>
    apiClient.post(quotePaths.action(id, 'decline'), body, QuoteSchema),
  );

export const useWithdrawQuote = () =>
  useQuoteMutation(({ id }: { id: string }) =>
    apiClient.post(quotePaths.action(id, 'withdraw'), {}, QuoteSchema),
  );

export const useAcceptQuote = () =>
  useQuoteMutation(({ id, body }: { id: string; body: QuoteAcceptBody }) =>
    apiClient.post(quotePaths.action(id, 'accept'), body, QuoteAcceptedSchema),
  );
