import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Basket } from '../../../../shared/basket.ts';
import { useAuth } from '../../../lib/auth/session.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// The signed-in basket's one query. The navbar reads it on every page, so the fetch (the API
// client, zod) is loaded only when it runs, as the session's identity calls are.

export const basketQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.basket,
    queryFn: async ({ signal }): Promise<Basket> => {
      const { loadBasket } = await import('./get-basket.ts');
      return loadBasket(signal);
    },
  });

/** The signed-in customer's basket; not asked for anyone else. */
export function useServerBasket() {
  const { status } = useAuth();
  return useQuery({ ...basketQueryOptions(), enabled: status === 'signedIn' });
}
