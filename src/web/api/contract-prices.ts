import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  CONTRACT_PRICES_PRODUCTS_MAX,
  type MyPrices,
  MyPricesSchema,
  priceListPaths,
} from '../../shared/price-lists.ts';
import { apiClient } from '../lib/api-client.ts';
import { useAuth } from '../lib/auth/session.ts';

// Issue 37 (docs/decisions/059): a company member's contract prices, asked for once the page is
// live and knows the visitor: never on the server, so the cached HTML never holds them. Not
// SAME_FOR_EVERYONE: signing out forgets them. Outside the features: the cards and the product page
// both show them.

const NONE: MyPrices = { priceListName: null, prices: {}, products: {} };

/**
 * The signed-in visitor's contract prices of the products (per variant id and per product id, in
 * dollars; empty for everyone else and while unknown).
 */
export function useContractPrices(productIds: readonly string[]): MyPrices {
  const { status, user } = useAuth();
  const ids = [...new Set(productIds)].slice(0, CONTRACT_PRICES_PRODUCTS_MAX).sort();
  const query = useQuery({
    queryKey: ['contract-prices', user?.email ?? '', ids] as const,
    queryFn: ({ signal }) =>
      apiClient.get(
        `${priceListPaths.myPrices}?productIds=${ids.map(encodeURIComponent).join(',')}`,
        MyPricesSchema,
        { signal },
      ),
    enabled: status === 'signedIn' && ids.length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  return (status === 'signedIn' && query.data) || NONE;
}
