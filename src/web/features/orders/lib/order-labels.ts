import type { OrderEvent, OrderStatus } from '../../../../shared/order-status.ts';

export const TIMELINE_EVENT_LABELS: Record<OrderEvent, string> = {
  placed: 'Placed',
  paid: 'Paid',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
  expired: 'Expired',
  refunded: 'Refunded',
  return_requested: 'Return requested',
  return_approved: 'Return approved',
  return_rejected: 'Return rejected',
  return_received: 'Return received',
  warranty_registered: 'Warranty registered',
  approval_requested: 'Sent for approval',
  approved: 'Approved',
  rejected: 'Rejected',
  invoiced: 'Invoiced',
};

export const TIMELINE_ACTOR_LABELS: Record<string, string> = {
  customer: 'by the customer',
  admin: 'by the shop',
  system: 'automatically',
};

export { formatDateTime } from '../../../lib/date-time.ts';

/**
 * An order's status as the lists show it: the spec's own words (pending, shipped) as they always
 * were, the states of issue 37 in words.
 */
export const orderStatusLabel = (stat: OrderStatus): string =>
  stat === 'awaiting_approval' ? 'Awaiting approval' : stat === 'rejected' ? 'Rejected' : stat;
