import { z } from 'zod';
import { DEVICE_CLASSES, VITAL_METRICS, VITAL_ROUTES, type VitalMetric } from './vital-metrics.ts';

export * from './vital-metrics.ts';

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
