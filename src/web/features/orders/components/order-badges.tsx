import { formatDateTime } from '../lib/order-labels.ts';

/** Marks an order paid (or being paid) through the built-in test processor: no real money. */
export function TestModeBadge() {
  return <span className="badge badge-warning badge-sm">Test mode</span>;
}

/** How long an unpaid order holds its stock. */
export function ReservedUntil({ until }: { until: string }) {
  return <span className="text-sm">Reserved until {formatDateTime(until)}</span>;
}
