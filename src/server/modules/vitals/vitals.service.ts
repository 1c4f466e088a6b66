import { sql } from 'drizzle-orm';
import type { VitalsBeacon, VitalsReport, VitalMetric } from '../../../shared/vitals.ts';
import { VITAL_METRICS } from '../../../shared/vitals.ts';
import type { Db } from '../../db/client.ts';
import { webVital } from '../../db/schema.ts';

/** Samples older than this are deleted: the report looks back 28 days, its trend 28 more. */
export const VITALS_RETENTION_DAYS = 56;

/** Stores one page view's metrics. */
export async function recordVitals(db: Db, beacon: VitalsBeacon): Promise<void> {
  await db.insert(webVital).values(
    beacon.metrics.map((m) => ({
      route: beacon.route,
      metric: m.name,
      value: m.value,
      device: beacon.device,
    })),
  );
}

/** Deletes samples past the retention period; safe to run on any number of instances. */
export async function pruneVitals(db: Db): Promise<number> {
  const result = await db.execute(
    sql`DELETE FROM ${webVital} WHERE ${webVital.createdAt} < now() - make_interval(days => ${VITALS_RETENTION_DAYS})`,
  );
  return result.rowCount ?? 0;
}

/**
 * p75 per route and metric over the last `days`, with the p75 of the `days` before for the
 * trend. Percentiles are computed by PostgreSQL over the samples, never in memory here.
 */
export async function vitalsReport(db: Db, days: number): Promise<VitalsReport> {
  const result = await db.execute<{
    route: string;
    metric: string;
    p75: number | null;
    samples: number;
    previous_p75: number | null;
  }>(sql`
    SELECT route, metric,
      percentile_cont(0.75) WITHIN GROUP (ORDER BY value)
        FILTER (WHERE created_at >= now() - make_interval(days => ${days})) AS p75,
      count(*) FILTER (WHERE created_at >= now() - make_interval(days => ${days}))::int AS samples,
      percentile_cont(0.75) WITHIN GROUP (ORDER BY value)
        FILTER (WHERE created_at < now() - make_interval(days => ${days})) AS previous_p75
    FROM ${webVital}
    WHERE created_at >= now() - make_interval(days => ${days * 2})
    GROUP BY route, metric
    ORDER BY route, metric
  `);
  const known = new Set<string>(VITAL_METRICS);
  return {
    days,
    rows: result.rows
      .filter((r) => r.p75 !== null && r.samples > 0 && known.has(r.metric))
      .map((r) => ({
        route: r.route,
        metric: r.metric as VitalMetric,
        p75: Number(r.p75),
        samples: r.samples,
        previousP75: r.previous_p75 === null ? null : Number(r.previous_p75),
      })),
  };
}
