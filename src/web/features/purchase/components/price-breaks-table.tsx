import { useId } from 'react';
import { formatDollars } from '../../../../shared/money.ts';
import { PRICE_BREAKS_TABLE_TITLE, type PriceBreak } from '../../../../shared/price-breaks.ts';

/** "Buy more, pay less": each volume price break as from quantity → unit price (none: nothing). */
export function PriceBreaksTable({
  price,
  minQuantity,
  breaks,
}: {
  price: number;
  minQuantity: number;
  breaks: readonly PriceBreak[];
}) {
  const headingId = useId();
  if (breaks.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="text-lg font-semibold">
        {PRICE_BREAKS_TABLE_TITLE}
      </h2>
      <table className="table table-sm w-auto rounded-box border border-base-300">
        <thead>
          <tr>
            <th scope="col">From quantity</th>
            <th scope="col">Unit price</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{minQuantity}</td>
            <td>${formatDollars(price)}</td>
          </tr>
          {breaks.map((row) => (
            <tr key={row.minQuantity}>
              <td>{row.minQuantity}</td>
              <td>${formatDollars(row.price)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
