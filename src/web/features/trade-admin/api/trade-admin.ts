import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  CompanyListSchema,
  type CompanyPriceListBodySchema,
  type CreditBodySchema,
  paths as companyPaths,
} from '../../../../shared/companies.ts';
import {
  type PriceListBody,
  PriceListListSchema,
  PriceListSchema,
  priceListPaths,
} from '../../../../shared/price-lists.ts';
import { apiClient } from '../../../lib/api-client.ts';

// Staff's trade accounts (issue 37): every company with its credit and price list, and the
// contract price lists. A write refreshes both lists (a list's companies, a company's list).

const keys = {
  companies: ['admin-companies'] as const,
  priceLists: ['admin-price-lists'] as const,
};

export function useCompanies() {
  return useQuery({
    queryKey: keys.companies,
    queryFn: ({ signal }) => apiClient.get(companyPaths.companies, CompanyListSchema, { signal }),
    select: (list) => list.companies,
  });
}

export function usePriceLists() {
  return useQuery({
    queryKey: keys.priceLists,
    queryFn: ({ signal }) =>
      apiClient.get(priceListPaths.priceLists, PriceListListSchema, { signal }),
    select: (list) => list.priceLists,
  });
}

function useRefreshBoth() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.companies }),
      queryClient.invalidateQueries({ queryKey: keys.priceLists }),
    ]);
}

/** What a company write answers: the list is read again, so its shape does not matter here. */
const Answer = z.unknown();

export function useCompanyMutations() {
  const onSuccess = useRefreshBoth();
  return {
    credit: useMutation({
      mutationFn: ({ id, body }: { id: string; body: z.input<typeof CreditBodySchema> }) =>
        apiClient.patch(companyPaths.credit(id), body, Answer),
      onSuccess,
    }),
    priceList: useMutation({
      mutationFn: ({
        id,
        body,
      }: {
        id: string;
        body: z.input<typeof CompanyPriceListBodySchema>;
      }) => apiClient.put(companyPaths.priceList(id), body, Answer),
      onSuccess,
    }),
  };
}

export function usePriceListMutations() {
  const onSuccess = useRefreshBoth();
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id?: string | undefined; body: PriceListBody }) =>
        id === undefined
          ? apiClient.post(priceListPaths.priceLists, body, PriceListSchema)
          : apiClient.put(priceListPaths.priceList(id), body, PriceListSchema),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiClient.delete(priceListPaths.priceList(id), Answer),
      onSuccess,
    }),
  };
}
