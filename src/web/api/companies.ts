import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  CompanyAddressListSchema,
  CompanyListSchema,
  paths,
  type CompanyList,
} from '../../shared/companies.ts';
import { apiClient } from '../lib/api-client.ts';
import { queryKeys } from '../lib/query-keys.ts';

// The signed-in account's company (issue 37), read by several features (the Company page, the
// invoices, the company's orders, the address pickers), which never import each other: so it lives
// outside them, under one query key every change of a company refreshes (`queryKeys.companies`).

/** GET /api/companies: a member gets their company (none or one); staff get every company. */
export const companiesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.companies,
    queryFn: ({ signal }) => apiClient.get(paths.companies, CompanyListSchema, { signal }),
  });

/** The caller's own company in the list: the one they have a role in (staff: usually none). */
export const callerCompanyOf = (list: CompanyList) =>
  list.companies.find((company) => company.myRole !== null) ?? null;

/** The caller's company, or null for a buyer on their own (asked only when `enabled`). */
export function useMyCompany({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...companiesQueryOptions(), select: callerCompanyOf, enabled });
}

/** GET /api/companies/{id}/addresses: the delivery addresses a company's members share. */
export const companyAddressesQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: [...queryKeys.companies, companyId, 'addresses'] as const,
    queryFn: async ({ signal }) =>
      (await apiClient.get(paths.addresses(companyId), CompanyAddressListSchema, { signal }))
        .addresses,
  });
