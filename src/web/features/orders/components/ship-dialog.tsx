import { useId, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { CARRIER_IDS, carrierName } from '../../../../shared/carriers.ts';
import { orderActions } from '../../../../shared/order-actions.ts';
import { ORDER_SHIPPED_MESSAGE, type Purchase } from '../../../../shared/purchase.ts';
import {
  CARRIER_LABEL,
  TRACKING_NUMBER_LABEL,
  TrackingSchema,
} from '../../../../shared/shipment.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useAllOrders } from '../api/get-all-orders.ts';
import type { ShipMutation } from '../api/ship-order.ts';

/** The Ship dialog's button (the row's button stays the spec's "Ship"). */
export const SHIP_PARCEL_LABEL = 'Ship parcel';

/**
 * Ship (staff): the parcel's carrier and tracking number, and which other paid orders of the same
 * checkout go in it (issue 35). One order ships through the spec's PUT, several through
 * POST /api/shipments; the server checks all of it again.
 */
export function ShipDialog({
  order,
  ship,
  onClose,
}: {
  order: Purchase;
  /** Held by the row, which outlives the dialog: its answer still toasts once the row shipped. */
  ship: ShipMutation;
  onClose: () => void;
}) {
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const all = useAllOrders();
  // The rest of its checkout that could go in the same parcel.
  const siblings = (all.data ?? []).filter(
    (other) =>
      other._id !== order._id &&
      other.checkoutId === order.checkoutId &&
      orderActions(other).canShip,
  );
  const [together, setTogether] = useState<ReadonlySet<string>>(new Set());
  const formId = useId();

  const submit = () => {
    const parsed = TrackingSchema.safeParse({ carrier, trackingNumber });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    ship.mutate(
      {
        orderIds: [order._id, ...siblings.filter((o) => together.has(o._id)).map((o) => o._id)],
        tracking: parsed.data,
      },
      {
        onSuccess: () => {
          toast.success(ORDER_SHIPPED_MESSAGE);
          onClose();
        },
        // Said in the dialog, which stays open (a toast would sit behind the modal).
        onError: (error) =>
          setErrors(
            error instanceof ApiError && error.fields
              ? { ...error.fields }
              : { refused: error.message },
          ),
      },
    );
  };

  return (
    <ConfirmDialog
      title={`Ship ${order.product}`}
      confirmLabel={SHIP_PARCEL_LABEL}
      confirmTone="primary"
      busy={ship.isPending}
      onConfirm={submit}
      onCancel={onClose}
      body={
        // Enter in the one text field submits (implicit submission): it ships, as the button does.
        <form
          id={formId}
          className="flex flex-col gap-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <FormField label={CARRIER_LABEL} error={errors.carrier}>
            {(control) => (
              <select
                {...control}
                className={`select w-full ${errors.carrier ? 'select-error' : ''}`.trim()}
                value={carrier}
                onChange={(event) => setCarrier(event.target.value)}
              >
                <option value="">Choose a carrier</option>
                {CARRIER_IDS.map((id) => (
                  <option key={id} value={id}>
                    {carrierName(id)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <TextField
            label={TRACKING_NUMBER_LABEL}
            value={trackingNumber}
            autoComplete="off"
            onChange={(event) => setTrackingNumber(event.target.value)}
            error={errors.trackingNumber}
          />
          {siblings.length > 0 && (
            <fieldset className="flex flex-col gap-1">
              <legend className="font-medium">Also in this parcel</legend>
              {siblings.map((other) => (
                <label key={other._id} className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    className="checkbox checkbox-sm"
                    checked={together.has(other._id)}
                    onChange={(event) => {
                      const next = new Set(together);
                      if (event.target.checked) next.add(other._id);
                      else next.delete(other._id);
                      setTogether(next);
                    }}
                  />
                  {other.product} × {other.orderQuantity}
                </label>
              ))}
            </fieldset>
          )}
          {(errors.orderIds ?? errors.refused) && (
            <p role="alert" className="text-sm font-medium text-error">
              {errors.orderIds ?? errors.refused}
            </p>
          )}
        </form>
      }
    />
  );
}
