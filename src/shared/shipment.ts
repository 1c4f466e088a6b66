import { z } from 'zod';
import { CARRIER_IDS, carrierName, trackingUrl, type Carrier } from './carriers.ts';
import { IdSchema } from './ids.ts';
import { singleLineText } from './text.ts';

// Parcels (issue 35, docs/decisions/051): staff ship paid orders of one checkout in a parcel with a
// carrier and a tracking number; a checkout may go out in several parcels. The customer follows
// each parcel on its carrier's tracking page (carriers.ts).

export const TRACKING_NUMBER_MAX = 40;
export const CARRIER_LABEL = 'Carrier';
export const TRACKING_NUMBER_LABEL = 'Tracking number';
export const CARRIER_REQUIRED_MESSAGE = 'Choose a carrier';
export const TRACKING_NUMBER_REQUIRED_MESSAGE = 'Tracking number is required';
export const TRACKING_NUMBER_MESSAGE = `Tracking number must be 1 to ${TRACKING_NUMBER_MAX} letters, digits or dashes`;
export const SHIPMENT_ONE_CHECKOUT_MESSAGE = 'The orders of one parcel must be of one checkout';
export const SHIPMENT_ORDERS_MESSAGE = 'Choose the orders of the parcel';
export const SHIPMENT_ORDERS_MAX = 100;
/** The link to a parcel's tracking page. */
export const TRACK_PARCEL_LABEL = 'Track parcel';

export const CarrierSchema = z.enum(CARRIER_IDS, { error: CARRIER_REQUIRED_MESSAGE });

export const TrackingNumberSchema = singleLineText(TRACKING_NUMBER_LABEL, {
  required: TRACKING_NUMBER_REQUIRED_MESSAGE,
})
  .max(TRACKING_NUMBER_MAX, TRACKING_NUMBER_MESSAGE)
  .regex(/^[A-Za-z0-9-]+$/, TRACKING_NUMBER_MESSAGE);

/** The Ship dialog: both are asked for. */
export const TrackingSchema = z.object({
  carrier: CarrierSchema,
  trackingNumber: TrackingNumberSchema,
});
export type Tracking = z.output<typeof TrackingSchema>;

/**
 * The API's carrier and tracking number: both or neither (a parcel shipped without tracking, as
 * the spec's Ship always did). One without the other is a 400 naming the missing field.
 */
export const OptionalTrackingFields = {
  carrier: CarrierSchema.optional(),
  trackingNumber: TrackingNumberSchema.optional(),
};
export function trackingPairProblem(
  value: { carrier?: Carrier | undefined; trackingNumber?: string | undefined },
  context: z.RefinementCtx,
): void {
  if (value.carrier !== undefined && value.trackingNumber === undefined)
    context.addIssue({
      code: 'custom',
      path: ['trackingNumber'],
      message: TRACKING_NUMBER_REQUIRED_MESSAGE,
    });
  if (value.carrier === undefined && value.trackingNumber !== undefined)
    context.addIssue({ code: 'custom', path: ['carrier'], message: CARRIER_REQUIRED_MESSAGE });
}

/** The parcel an order went out in, as an order shows it; null before it shipped. */
export const OrderShipmentSchema = z.object({
  id: IdSchema,
  /** Null for a parcel shipped without tracking (the spec's Ship without a carrier). */
  carrier: z.enum(CARRIER_IDS).nullable(),
  carrierName: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** The carrier's tracking page of this parcel; null without tracking or for "Other". */
  trackingUrl: z.string().nullable(),
  shippedAt: z.string(),
});
export type OrderShipment = z.infer<typeof OrderShipmentSchema>;

/** The parcel as an order shows it, from its stored carrier and number. */
export function orderShipment(stored: {
  id: string;
  carrier: Carrier | null;
  trackingNumber: string | null;
  shippedAt: Date;
}): OrderShipment {
  const { carrier, trackingNumber } = stored;
  return {
    id: stored.id,
    carrier,
    carrierName: carrier && carrierName(carrier),
    trackingNumber,
    trackingUrl: carrier && trackingNumber ? trackingUrl(carrier, trackingNumber) : null,
    shippedAt: stored.shippedAt.toISOString(),
  };
}
