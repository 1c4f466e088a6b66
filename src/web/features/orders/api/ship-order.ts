import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import {
  PURCHASE_STAT,
  PurchaseSchema,
  ShipmentResultSchema,
  type Purchase,
} from '../../../../shared/purchase.ts';
import type { Tracking } from '../../../../shared/shipment.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * PUT /api/purchase/{id} {stat: 'shipped', carrier, trackingNumber} (staff): the shipped order;
 * 409 unless paid and pending.
 */
export function shipOrder(orderId: string, tracking: Tracking) {
  return apiClient.put(
    apiPaths.purchase(orderId),
    { stat: PURCHASE_STAT.shipped, ...tracking },
    PurchaseSchema,
  );
}

/** POST /api/shipments (staff): orders of one checkout in one parcel; the shipped orders. */
export async function shipParcel(orderIds: string[], tracking: Tracking): Promise<Purchase[]> {
  const { orders } = await apiClient.post(
    apiPaths.shipments,
    { orderIds, ...tracking },
    ShipmentResultSchema,
  );
  return orders;
}

/** Ships one order (the spec's call, with the parcel's tracking) or several in one parcel. */
export function useShipOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ orderIds, tracking }: { orderIds: string[]; tracking: Tracking }) => {
      const [only] = orderIds;
      return orderIds.length === 1 && only
        ? [await shipOrder(only, tracking)]
        : shipParcel(orderIds, tracking);
    },
    onSuccess: (shipped) => {
      const byId = new Map(shipped.map((order) => [order._id, order]));
      queryClient.setQueriesData<Purchase[]>({ queryKey: queryKeys.purchases.lists() }, (orders) =>
        orders?.map((order) => byId.get(order._id) ?? order),
      );
    },
    // Not awaited: the rows show the answer already; the refetch confirms the list.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.purchases.all }),
  });
}

export type ShipMutation = ReturnType<typeof useShipOrders>;
