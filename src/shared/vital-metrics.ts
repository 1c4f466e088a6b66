// Core Web Vitals of real visits (spec section 7: "a web-vitals report … once on start"). The
// browser sends one beacon per page view; admins read p75 per route and metric.
// The names, thresholds and route patterns, without zod: the browser's reporter
// (src/web/lib/report-web-vitals.ts) loads on every page, and the schema library would cost more
// than the reporter. The beacon's schemas are in vitals.ts, which re-exports all of this.

import { pageOf, pagePatterns } from './page-routes.ts';

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
export const VITAL_ROUTES = [...pagePatterns, '*'] as const;
export type VitalRoute = (typeof VITAL_ROUTES)[number];

/** The route pattern a path belongs to (a parameter segment matches any one segment). */
export function routePatternOf(pathname: string): VitalRoute {
  return pageOf(pathname)?.pattern ?? '*';
}
