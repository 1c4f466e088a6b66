import { useId, useState } from 'react';
import { useOrderDetail } from '../api/get-order-detail.ts';
import { ChargesRows, hasCharges } from '../../../components/order-charges.tsx';
import {
  formatDateTime,
  TIMELINE_ACTOR_LABELS,
  TIMELINE_EVENT_LABELS,
} from '../lib/order-labels.ts';

/** "History": opens the order's timeline (placed, paid, shipped, …) under the button. */
export function OrderHistory({ orderId, describedBy }: { orderId: string; describedBy: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const detail = useOrderDetail(orderId, open);
  return (
    <div>
      <button
        type="button"
        className="btn btn-xs btn-ghost"
        aria-expanded={open}
        aria-controls={panelId}
        aria-describedby={describedBy}
        onClick={() => setOpen((was) => !was)}
      >
        History
      </button>
      {open && (
        <div id={panelId} className="mt-1 text-sm">
          {detail.isPending && <p role="status">Loading the history…</p>}
          {detail.isError && <p role="alert">{detail.error.message}</p>}
          {detail.data && (
            <ol aria-label="Order history" className="list-inside list-disc">
              {detail.data.timeline.map((entry) => (
                <li key={`${entry.event}-${entry.at}`}>
                  {TIMELINE_EVENT_LABELS[entry.event]}{' '}
                  {TIMELINE_ACTOR_LABELS[entry.actor] ?? `by ${entry.actor}`},{' '}
                  {formatDateTime(entry.at)}
                </li>
              ))}
            </ol>
          )}
          {detail.data && hasCharges([detail.data]) && (
            <dl aria-label="Charges" className="mt-1 grid grid-cols-[auto_1fr] gap-x-4">
              <ChargesRows orders={[detail.data]} />
            </dl>
          )}
        </div>
      )}
    </div>
  );
}
