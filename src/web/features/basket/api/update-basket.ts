import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify/unstyled';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { BasketSchema, type Basket, type BasketLineInput } from '../../../../shared/basket.ts';
import { apiClient, getErrorMessage } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { atQuantity, priced } from '../lib/basket-lines.ts';

/**
 * Changes of the signed-in basket run one after another: PUT replaces the whole basket, so an
 * older answer arriving last would bring back a line just removed.
 */
export const BASKET_MUTATION_SCOPE = { id: 'basket' };

/** PUT /api/basket: replaces every line; the answer is the basket priced today. */
export function putBasket(lines: readonly BasketLineInput[]): Promise<Basket> {
  return apiClient.put(apiPaths.basket, { lines }, BasketSchema);
}

/** The basket as it will be once `lines` are saved, priced from what the page already knows. */
function expected(basket: Basket, lines: readonly BasketLineInput[]): Basket {
  const known = new Map(basket.lines.map((line) => [line.productId, line]));
  const next = lines.flatMap(({ productId, quantity }) => {
    const line = known.get(productId);
    return line ? [atQuantity(line, quantity)] : [];
  });
  return { ...priced(next), notices: [] };
}

/**
 * Saves the signed-in basket's lines (a quantity changed, a line removed). The page shows the
 * change at once; the server's answer replaces it once no other change is still on its way.
 */
export function useUpdateBasket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putBasket,
    scope: BASKET_MUTATION_SCOPE,
    onMutate: async (lines) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.basket });
      queryClient.setQueryData<Basket>(
        queryKeys.basket,
        (basket) => basket && expected(basket, lines),
      );
    },
    onSuccess: (basket) => {
      // This one still counts as mutating while its callbacks run.
      if (
        queryClient.isMutating({
          predicate: (m) => m.options.scope?.id === BASKET_MUTATION_SCOPE.id,
        }) <= 1
      )
        queryClient.setQueryData(queryKeys.basket, basket);
    },
    onError: (error) => {
      toast.error(getErrorMessage(error));
      void queryClient.invalidateQueries({ queryKey: queryKeys.basket });
    },
  });
}
