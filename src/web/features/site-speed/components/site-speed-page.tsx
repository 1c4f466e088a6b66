import { useState } from 'react';
import {
  rateVital,
  VITAL_THRESHOLDS,
  VITALS_REPORT_DAYS,
  type VitalMetric,
  type VitalRating,
  type VitalsReport,
} from '../../../../shared/vitals.ts';
import { formatInteger } from '../../../../shared/number-format.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { PeriodSelect } from '../../../components/period-select.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useVitals } from '../api/get-vitals.ts';

const RATING_LABELS: Record<VitalRating, string> = {
  good: 'Good',
  'needs-improvement': 'Needs improvement',
  poor: 'Poor',
};
const RATING_BADGES: Record<VitalRating, string> = {
  good: 'badge-success',
  'needs-improvement': 'badge-warning',
  poor: 'badge-error',
};

export function formatVital(metric: VitalMetric, value: number): string {
  return metric === 'CLS' ? value.toFixed(2) : `${formatInteger(value)} ms`;
}

/** Better, worse or steady against the span before (lower is better for every metric). */
function trendOf(metric: VitalMetric, p75: number, previous: number | null): string {
  if (previous === null) return 'No earlier data';
  const tolerance = metric === 'CLS' ? 0.01 : Math.max(10, previous * 0.05);
  if (p75 < previous - tolerance) return `Better (was ${formatVital(metric, previous)})`;
  if (p75 > previous + tolerance) return `Worse (was ${formatVital(metric, previous)})`;
  return 'Steady';
}

function VitalsTable({ report }: { report: VitalsReport }) {
  return (
    <DataTable
      columns={['Route', 'Metric', 'p75', 'Rating', 'Visits', 'Trend']}
      isEmpty={report.rows.length === 0}
      empty={<p>No visits were measured in this period yet.</p>}
    >
      {report.rows.map((row) => {
        const rating = rateVital(row.metric, row.p75);
        return (
          <tr key={`${row.route} ${row.metric}`}>
            <td className="font-mono text-sm">{row.route}</td>
            <td>{row.metric}</td>
            <td>{formatVital(row.metric, row.p75)}</td>
            <td>
              <span className={`badge ${RATING_BADGES[rating]}`}>{RATING_LABELS[rating]}</span>
            </td>
            <td>{row.samples}</td>
            <td>{trendOf(row.metric, row.p75, row.previousP75)}</td>
          </tr>
        );
      })}
    </DataTable>
  );
}

/** Dashboard → Site speed: Core Web Vitals of real visits, p75 per route. */
export function SiteSpeedPage() {
  const [days, setDays] = useState<number>(28);
  const vitals = useVitals(days);

  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold">Site speed</h1>
        <PeriodSelect days={VITALS_REPORT_DAYS} value={days} onChange={setDays} />
      </div>
      <p>
        The 75th percentile of what real visitors experienced, per page, against Google&apos;s
        thresholds: LCP good up to {VITAL_THRESHOLDS.LCP.good / 1000} s, INP up to{' '}
        {VITAL_THRESHOLDS.INP.good} ms, CLS up to {VITAL_THRESHOLDS.CLS.good}, FCP up to{' '}
        {VITAL_THRESHOLDS.FCP.good / 1000} s, TTFB up to {VITAL_THRESHOLDS.TTFB.good} ms. The trend
        compares with the {days} days before.
      </p>
      <QueryState
        query={vitals}
        loading="Loading site speed"
        failed="We couldn't load the site speed report."
      >
        {(report) => <VitalsTable report={report} />}
      </QueryState>
    </section>
  );
}
