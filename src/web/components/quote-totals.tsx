import { centsToDollars, dollarsToCents, formatDollars } from '../../shared/money.ts';
import type { CheckoutQuote, QuotedLine } from '../../shared/pricing.ts';

// What a quote costs, as the customer sees it (issue 35): in the US prices without tax and the tax
// added ("Tax"); where prices include VAT (EU/UK), gross prices and the VAT they include.

const add = (...dollars: number[]) =>
  centsToDollars(dollars.reduce((sum, amount) => sum + dollarsToCents(amount), 0));
const money = (dollars: number) => `$${formatDollars(dollars)}`;

/** "Tax" where it is added, "VAT" where prices include it. */
export const taxLabel = (quote: Pick<CheckoutQuote, 'pricesIncludeTax'>) =>
  quote.pricesIncludeTax ? 'VAT' : 'Tax';

/** A line's price as shown: net in the US, with its VAT where prices include it. */
export const shownLineTotal = (quote: CheckoutQuote, line: QuotedLine) =>
  quote.pricesIncludeTax ? add(line.lineTotal, line.tax) : line.lineTotal;

/** One line's price and tax, under the line at the checkout. */
export function QuotedLinePrice({ quote, line }: { quote: CheckoutQuote; line: QuotedLine }) {
  return (
    <p className="text-sm">
      {quote.pricesIncludeTax
        ? `Price: ${money(shownLineTotal(quote, line))} (includes VAT ${money(line.tax)})`
        : `Price: ${money(line.lineTotal)}, tax ${money(line.tax)}`}
    </p>
  );
}

/**
 * Subtotal, discount, shipping, tax and total of a quote, and its tax note. `stale`: an answer for
 * fields since changed, dimmed until the new one comes.
 */
export function QuoteTotals({ quote, stale = false }: { quote: CheckoutQuote; stale?: boolean }) {
  const gross = quote.pricesIncludeTax;
  // Where prices include VAT, the subtotal is the lines as shown: each with its VAT.
  const subtotal = gross
    ? add(...quote.lines.map((line) => shownLineTotal(quote, line)))
    : quote.subtotal;
  const shipping = gross ? add(quote.shipping, quote.shippingMethod.tax) : quote.shipping;
  const rows: [string, string][] = [
    ['Subtotal', money(subtotal)],
    ...(quote.discount > 0 && !gross
      ? [['Discount', `−${money(quote.discount)}`] as [string, string]]
      : []),
    [`Shipping (${quote.shippingMethod.name})`, quote.shipping === 0 ? 'Free' : money(shipping)],
    ...(gross ? [] : [[taxLabel(quote), money(quote.tax)] as [string, string]]),
  ];
  return (
    <div
      aria-label="Order summary"
      role="group"
      aria-busy={stale}
      className={`flex flex-col gap-1 ${stale ? 'opacity-60' : ''}`.trim()}
    >
      <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt>{term}</dt>
            <dd className="text-right">{value}</dd>
          </div>
        ))}
        <div className="contents text-xl font-semibold">
          <dt>Total</dt>
          <dd className="text-right">{money(quote.total)}</dd>
        </div>
      </dl>
      {gross && <p className="text-sm">includes VAT {money(quote.tax)}</p>}
      {quote.taxNote && <p className="text-sm">{quote.taxNote}</p>}
    </div>
  );
}
