import { z } from 'zod';

// Shipping (issue 35): staff define zones (countries, optionally regions) and methods per zone with
// rate bands by weight and/or order value, a free-shipping threshold and a delivery-time text.

/**
 * One band of a method's rates: the first band the checkout's weight (grams) and net value
 * (cents) fall in gives the price; a bound left out does not limit. Max bounds are inclusive.
 */
export const ShippingRateSchema = z.object({
  minWeightGrams: z.number().int().min(0).optional(),
  maxWeightGrams: z.number().int().min(0).optional(),
  minValueCents: z.number().int().min(0).optional(),
  maxValueCents: z.number().int().min(0).optional(),
  priceCents: z.number().int().min(0).max(100_000_000),
});
export type ShippingRate = z.infer<typeof ShippingRateSchema>;
