import type { OrderShipment } from '../../../../shared/shipment.ts';
import { TRACK_PARCEL_LABEL } from '../../../../shared/shipment.ts';

/**
 * A shipped order's parcel: carrier and tracking number, and the carrier's tracking page
 * ("Track parcel", in a new tab). Nothing for a parcel shipped without tracking.
 */
export function ParcelTracking({
  shipment,
  describedBy,
}: {
  shipment: OrderShipment | null;
  /** The id of the product's name, so each row's link says whose parcel it follows. */
  describedBy: string;
}) {
  if (!shipment?.carrierName || !shipment.trackingNumber) return null;
  return (
    <span className="block text-sm break-all">
      {shipment.carrierName} · Tracking number {shipment.trackingNumber}
      {shipment.trackingUrl && (
        <>
          {' · '}
          <a
            href={shipment.trackingUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="link link-primary"
            aria-describedby={describedBy}
          >
            {TRACK_PARCEL_LABEL}
          </a>
        </>
      )}
    </span>
  );
}
