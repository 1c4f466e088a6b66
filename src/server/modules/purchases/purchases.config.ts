/**
 * The configuration an order placement reads (ORDER_HOLD_HOURS, ORDER_RATE_LIMIT_PER_HOUR,
 * MAX_UNPAID_ORDERS): purchases, checkout and quote acceptance place orders with it.
 */
export interface PlacementConfig {
  /** How long an unpaid order holds its stock before it expires. */
  orderHoldHours: number;
  /** Orders placed per client IP and per account per hour; 0: no limit. */
  orderRateLimitPerHour: number;
  /** Unpaid orders one account may hold at once. */
  maxUnpaidOrders: number;
}

export const placementConfigOf = (config: PlacementConfig): PlacementConfig => ({
  orderHoldHours: config.orderHoldHours,
  orderRateLimitPerHour: config.orderRateLimitPerHour,
  maxUnpaidOrders: config.maxUnpaidOrders,
});
