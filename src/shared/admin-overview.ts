import { z } from 'zod';
import { IdSchema } from './ids.ts';

export const OVERVIEW_DAYS = [7, 30, 90] as const;

export const UNKNOWN_TIME_ZONE_MESSAGE = 'Unknown time zone';

/**
 * A time zone the runtime knows (IANA name such as Europe/Berlin). The server also checks that its
 * database knows it (src/server/db/time-zones.ts).
 */
export const TimeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { message: UNKNOWN_TIME_ZONE_MESSAGE },
  );

/** GET /api/admin/overview?days=&tz= */
export const OverviewQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d) => (OVERVIEW_DAYS as readonly number[]).includes(d), {
      message: `Days must be one of ${OVERVIEW_DAYS.join(', ')}`,
    })
    .default(30),
  tz: TimeZoneSchema.default('UTC'),
});

export const OverviewSchema = z.object({
  days: z.number().int(),
  timeZone: z.string(),
  /** One entry per calendar day in the admin's time zone, oldest first, days without sales as 0. */
  daily: z.array(z.object({ day: z.string(), revenue: z.number(), paidOrders: z.number().int() })),
  revenue: z.number(),
  paidOrders: z.number().int(),
  /** Revenue / paid orders; 0 without paid orders. */
  averageOrderValue: z.number(),
  /**
   * Issue 35: revenue is the goods' net, without tax or shipping. The tax collected (on goods and
   * shipping) and the shipping charged (net) by the same paid orders, each net of its refunds.
   */
  taxCollected: z.number(),
  shippingCharged: z.number(),
  /**
   * Issue 36: the promotions' discounts on the same paid orders (revenue is after them), net of
   * the discount of the units refunded.
   */
  discountGiven: z.number(),
  /** Orders placed in the period, by status (unpaid pending counted apart from paid pending). */
  ordersByStatus: z.array(z.object({ status: z.string(), count: z.number().int() })),
  topProducts: z.array(
    z.object({
      productId: IdSchema.nullable(),
      name: z.string(),
      revenue: z.number(),
      quantity: z.number().int(),
    }),
  ),
  /** Products whose stock is below twice their minimum order quantity. */
  lowStock: z.array(
    z.object({
      _id: IdSchema,
      name: z.string(),
      availableQuantity: z.number().int(),
      minQuantity: z.number().int(),
    }),
  ),
});
export type Overview = z.infer<typeof OverviewSchema>;
