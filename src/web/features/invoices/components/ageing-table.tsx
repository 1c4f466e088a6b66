import { AGEING_BUCKETS, AGEING_LABELS } from '../../../../shared/invoices.ts';
import { money } from './invoice-text.ts';

type Ageing = Record<(typeof AGEING_BUCKETS)[number] | 'total', number>;

/** What is owed by days past due: a row per company (or one), and the totals. */
export function AgeingTable({
  caption,
  rows,
  totals,
}: {
  caption: string;
  rows: (Ageing & { key: string; label: string })[];
  totals?: Ageing;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="table table-sm">
        <caption className="text-left font-semibold">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Company</th>
            {AGEING_BUCKETS.map((bucket) => (
              <th key={bucket} scope="col" className="text-right">
                {AGEING_LABELS[bucket]}
              </th>
            ))}
            <th scope="col" className="text-right">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              {AGEING_BUCKETS.map((bucket) => (
                <td key={bucket} className="text-right">
                  {money(row[bucket])}
                </td>
              ))}
              <td className="text-right">{money(row.total)}</td>
            </tr>
          ))}
        </tbody>
        {totals && (
          <tfoot>
            <tr>
              <th scope="row">All companies</th>
              {AGEING_BUCKETS.map((bucket) => (
                <td key={bucket} className="text-right">
                  {money(totals[bucket])}
                </td>
              ))}
              <td className="text-right">{money(totals.total)}</td>
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
