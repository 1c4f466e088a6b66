import { useQuery } from '@tanstack/react-query';
import { CompanyOrderPageSchema } from '../../../../shared/approvals.ts';
import { paths as companyPaths } from '../../../../shared/companies.ts';
import { companiesQueryOptions } from '../../../api/companies.ts';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /api/companies: the caller's company (staff: every company). */
export const useCompanies = () => useQuery(companiesQueryOptions());

/** GET /api/companies/{id}/orders?page=: the company's orders, newest first. */
export const useCompanyOrders = (companyId: string | undefined, page: number) =>
  useQuery({
    queryKey: ['company-orders', companyId, page],
    queryFn: ({ signal }) =>
      apiClient.get(
        `${companyPaths.orders(companyId ?? '')}?page=${page}`,
        CompanyOrderPageSchema,
        { signal },
      ),
    enabled: companyId !== undefined,
  });
