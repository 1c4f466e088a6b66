import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DeletedCountSchema } from '../../../../shared/purchase.ts';
import {
  listPaths,
  ListToBasketSchema,
  SavedListListSchema,
  SavedListSchema,
  type ListBody,
} from '../../../../shared/saved-lists.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// A company's saved lists (issue 37): read by every member, each write refreshes them; putting one
// into the basket refreshes the basket (the navbar's count, the basket page).

const keys = { lists: ['saved-lists'] as const };

/** GET /api/lists: the lists and the caller's company (null: lists are not for this account). */
export function useSavedLists({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: keys.lists,
    queryFn: ({ signal }) => apiClient.get(listPaths.lists, SavedListListSchema, { signal }),
    enabled,
  });
}

export function useSavedListMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: keys.lists });
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id?: string | undefined; body: ListBody }) =>
        id === undefined
          ? apiClient.post(listPaths.lists, body, SavedListSchema)
          : apiClient.put(listPaths.list(id), body, SavedListSchema),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiClient.delete(listPaths.list(id), DeletedCountSchema),
      onSuccess,
    }),
    toBasket: useMutation({
      mutationFn: (id: string) => apiClient.post(listPaths.toBasket(id), {}, ListToBasketSchema),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.basket }),
    }),
  };
}
