import { useId, type ReactNode } from 'react';
import { formatDollars } from '../../../../shared/money.ts';
import type { Quote } from '../../../../shared/quote.ts';

const STATUS_LABELS: Record<Quote['status'], string> = {
  requested: 'Requested',
  quoted: 'Quoted',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
};

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** One quote as both screens show it: what was asked, what was answered; then `children`. */
export function QuoteSummary({
  quote,
  showCustomer = false,
  children,
}: {
  quote: Quote;
  showCustomer?: boolean;
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-box border border-base-300 p-4"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="text-lg font-semibold">
          {quote.reference}: {quote.product}
        </h2>
        <span className="badge badge-outline">{STATUS_LABELS[quote.status]}</span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {showCustomer && (
          <>
            <dt className="font-medium">Customer</dt>
            <dd>{quote.customerEmail}</dd>
          </>
        )}
        {quote.sku && (
          <>
            <dt className="font-medium">SKU</dt>
            <dd>{quote.sku}</dd>
          </>
        )}
        <dt className="font-medium">Quantity</dt>
        <dd>{quote.quantity}</dd>
        {quote.targetPrice !== null && (
          <>
            <dt className="font-medium">Target unit price</dt>
            <dd>${formatDollars(quote.targetPrice)}</dd>
          </>
        )}
        {quote.message && (
          <>
            <dt className="font-medium">Message</dt>
            <dd className="whitespace-pre-line">{quote.message}</dd>
          </>
        )}
        {quote.price !== null && (
          <>
            <dt className="font-medium">Quoted unit price</dt>
            <dd>
              ${formatDollars(quote.price)} (total $
              {formatDollars((Math.round(quote.price * 100) * quote.quantity) / 100)})
            </dd>
          </>
        )}
        {quote.expiresAt && quote.status === 'quoted' && (
          <>
            <dt className="font-medium">Valid until</dt>
            <dd>{day.format(new Date(quote.expiresAt))}</dd>
          </>
        )}
        {quote.reply && (
          <>
            <dt className="font-medium">Note from the shop</dt>
            <dd>{quote.reply}</dd>
          </>
        )}
      </dl>
      {children}
    </article>
  );
}
