import { apiPaths } from '../../../../shared/api-paths.ts';
import { BasketSchema, type Basket, type BasketLineInput } from '../../../../shared/basket.ts';
import { apiClient } from '../../../lib/api-client.ts';

/**
 * POST /api/basket/merge: adds the lines to the stored basket (quantities of a product already
 * there are added up), adjusted to today's minimum and stock; `notices` says each adjustment.
 */
export function mergeBasket(lines: readonly BasketLineInput[]): Promise<Basket> {
  return apiClient.post(apiPaths.basketMerge, { lines }, BasketSchema);
}
