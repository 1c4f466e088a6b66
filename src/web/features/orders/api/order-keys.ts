import { queryKeyRoots } from '../../../lib/query-keys.ts';

/** The order lists sit under ['purchases', 'list'], so a change can update all of them at once. */
export const orderKeys = {
  all: queryKeyRoots.purchases,
  lists: () => [...queryKeyRoots.purchases, 'list'] as const,
  mine: (email: string) => [...queryKeyRoots.purchases, 'list', 'mine', email] as const,
  everyone: () => [...queryKeyRoots.purchases, 'list', 'all'] as const,
  detail: (id: string) => [...queryKeyRoots.purchases, 'detail', id] as const,
};
