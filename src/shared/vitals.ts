import { z } from 'zod';

// Core Web Vitals of real visits (spec section 7: "a web-vitals report … once on start"). The
// browser sends one beacon per page view; admins read p75 per route and metric.

export const VITAL_METRICS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

export const DEVICE_CLASSES = ['mobile', 'desktop'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** Google's thresholds: at or below `good` is good, above `poor` is poor (ms; CLS unitless). */
export const VITAL_THRESHOLDS: Record<VitalMetric, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  FCP: { good: 1800, poor: 3000 },
  TTFB: { good: 800, poor: 1800 },
};

export type VitalRating = 'good' | 'needs-improvement' | 'poor';

export function rateVital(metric: VitalMetric, value: number): VitalRating {
  const { good, poor } = VITAL_THRESHOLDS[metric];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}

/**
 * The route patterns a beacon may name: the pattern, never the path, so no id or query string (and
 * nothing personal) is stored. Anything else is reported as the not-found pattern.
 */
export const VITAL_ROUTES = [
  '/',
  '/home',
  '/allProducts',
  '/blogs',
  '/about',
  '/portfolio',
  '/contact',
  '/terms',
  '/privacy',
  '/login',
  '/register',
  '/reset',
  '/purchase/:productId',
  '/dashboard',
  '/dashboard/myOrders',
  '/dashboard/addReview',
  '/dashboard/payment/:id',
  '/dashboard/manageAllOrders',
  '/dashboard/addProduct',
  '/dashboard/makeAdmin',
  '/dashboard/manageProducts',
  '/dashboard/manageProducts/:productId/edit',
  '/dashboard/manageReviews',
  '/dashboard/overview',
  '/dashboard/siteSpeed',
  '*',
] as const;
export type VitalRoute = (typeof VITAL_ROUTES)[number];

/** The route pattern a path belongs to (a parameter segment matches any one segment). */
export function routePatternOf(pathname: string): VitalRoute {
  const segments = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  const found = VITAL_ROUTES.find((pattern) => {
    if (pattern === '*') return false;
    const parts = pattern.split('/').filter(Boolean);
    return (
      parts.length === segments.length &&
      parts.every((part, i) => part.startsWith(':') || part === segments[i])
    );
  });
  return found ?? '*';
}

/** Upper bounds that no real measurement reaches: a beacon outside them is made up. */
const MAX_VALUE: Record<VitalMetric, number> = {
  LCP: 600_000,
  INP: 600_000,
  CLS: 100,
  FCP: 600_000,
  TTFB: 600_000,
};

export const VitalSampleSchema = z
  .object({
    name: z.enum(VITAL_METRICS),
    value: z.number().finite().min(0),
  })
  .refine((s) => s.value <= MAX_VALUE[s.name], { message: 'Value out of range', path: ['value'] });

/** POST /api/vitals: one page view's metrics (each at most once). */
export const VitalsBeaconSchema = z
  .object({
    route: z.enum(VITAL_ROUTES),
    device: z.enum(DEVICE_CLASSES),
    metrics: z.array(VitalSampleSchema).min(1).max(VITAL_METRICS.length),
  })
  .strict()
  .refine((b) => new Set(b.metrics.map((m) => m.name)).size === b.metrics.length, {
    message: 'Each metric at most once',
    path: ['metrics'],
  });
export type VitalsBeacon = z.infer<typeof VitalsBeaconSchema>;

/** A beacon is a few hundred bytes; anything larger is refused before it is parsed. */
export const VITALS_BODY_LIMIT_BYTES = 2048;

export const VITALS_REPORT_DAYS = [7, 28] as const;

export const VitalsQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d) => (VITALS_REPORT_DAYS as readonly number[]).includes(d), {
      message: `Days must be one of ${VITALS_REPORT_DAYS.join(', ')}`,
    })
    .default(28),
});

const P75Schema = z.object({
  p75: z.number(),
  samples: z.number().int(),
  /** p75 of the same span just before this one, for the trend; null without samples. */
  previousP75: z.number().nullable(),
});

/** GET /api/admin/vitals: p75 per route and metric over the last `days`. */
export const VitalsReportSchema = z.object({
  days: z.number().int(),
  rows: z.array(
    z.object({
      route: z.string(),
      metric: z.enum(VITAL_METRICS),
      ...P75Schema.shape,
    }),
  ),
});
export type VitalsReport = z.infer<typeof VitalsReportSchema>;
