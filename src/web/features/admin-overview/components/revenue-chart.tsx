import { useId } from 'react';
import { formatDollars } from '../../../../shared/money.ts';
import type { Overview } from '../../../../shared/admin-overview.ts';

const WIDTH = 640;
const HEIGHT = 200;

const shortDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/**
 * Revenue per day as bars (a plain SVG: no chart library for one chart), with the same numbers as
 * a table for screen readers and anyone who wants the figures.
 */
export function RevenueChart({ daily }: { daily: Overview['daily'] }) {
  const titleId = useId();
  const max = Math.max(...daily.map((d) => d.revenue), 1);
  const slot = WIDTH / daily.length;
  const total = daily.reduce((sum, d) => sum + d.revenue, 0);
  const first = daily[0];
  const last = daily[daily.length - 1];

  return (
    <figure className="flex flex-col gap-3">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-48 w-full rounded-box border border-base-300 bg-base-100"
        role="img"
        aria-labelledby={titleId}
        preserveAspectRatio="none"
      >
        <title id={titleId}>
          {`Revenue per day from ${first ? shortDay(first.day) : ''} to ${last ? shortDay(last.day) : ''}: $${formatDollars(total)} in all, at most $${formatDollars(max)} in a day`}
        </title>
        {daily.map((d, i) => {
          const height = (d.revenue / max) * (HEIGHT - 10);
          return (
            <rect
              key={d.day}
              x={i * slot + slot * 0.15}
              y={HEIGHT - height}
              width={slot * 0.7}
              height={height}
              className="fill-primary"
            />
          );
        })}
      </svg>
      <figcaption>
        <details>
          <summary className="cursor-pointer text-sm">Show the numbers as a table</summary>
          <div className="mt-2 max-h-72 overflow-y-auto">
            <table className="table table-sm">
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Revenue</th>
                  <th scope="col">Paid orders</th>
                </tr>
              </thead>
              <tbody>
                {daily.map((d) => (
                  <tr key={d.day}>
                    <td>{d.day}</td>
                    <td>${formatDollars(d.revenue)}</td>
                    <td>{d.paidOrders}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </figcaption>
    </figure>
  );
}
