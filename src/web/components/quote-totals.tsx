import { centsToDollars, dollarsToCents, formatDollars } from '../../shared/money.ts';
import { taxOn, type CheckoutQuote, type QuotedLine } from '../../shared/pricing.ts';
import type { AppliedPromotion } from '../../shared/promotions.ts';

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

/**
 * A discount of a line as shown (issue 36): net in the US; where prices include VAT, with the VAT
 * it saves at the line's rate, so the gross subtotal less the discount is the lines as shown.
 */
function shownDiscount(
  quote: Pick<CheckoutQuote, 'pricesIncludeTax'>,
  line: Pick<QuotedLine, 'taxRate'> | undefined,
  discount: number,
): number {
  if (!quote.pricesIncludeTax || !line || discount === 0) return discount;
  const cents = dollarsToCents(discount);
  return centsToDollars(cents + taxOn(cents, Math.round(line.taxRate * 10_000)));
}

/** A line's discount as shown (0 when no promotion applies to it). */
export const shownLineDiscount = (quote: CheckoutQuote, line: QuotedLine) =>
  shownDiscount(quote, line, line.discount);

/** What a promotion saves as shown: its lines' discounts, and the shipping it took off. */
export function shownPromotionSaving(quote: CheckoutQuote, promotion: AppliedPromotion): number {
  const lines = promotion.lines.map((part) =>
    shownDiscount(
      quote,
      quote.lines.find((line) => line.productId === part.productId && line.sku === part.sku),
      part.discount,
    ),
  );
  return add(
    ...(quote.pricesIncludeTax ? lines : [promotion.discount]),
    promotion.shippingDiscount,
  );
}

/** One line's price and tax, under the line at the checkout, with its discount if it has one. */
export function QuotedLinePrice({ quote, line }: { quote: CheckoutQuote; line: QuotedLine }) {
  return (
    <>
      {line.discount > 0 && (
        <p className="text-sm text-success">Discount: −{money(shownLineDiscount(quote, line))}</p>
      )}
      <p className="text-sm">
        {quote.pricesIncludeTax
          ? `Price: ${money(shownLineTotal(quote, line))} (includes VAT ${money(line.tax)})`
          : `Price: ${money(line.lineTotal)}, tax ${money(line.tax)}`}
      </p>
    </>
  );
}

/**
 * Each promotion the quote applied (issue 36), automatic or by code, with its saving; nothing when
 * none applies.
 */
export function PromotionList({ quote }: { quote: CheckoutQuote }) {
  if (quote.promotions.length === 0) return null;
  return (
    <ul aria-label="Promotions" className="flex flex-col gap-1">
      {quote.promotions.map((promotion) => (
        <li key={promotion.id} className="flex justify-between gap-6 text-success">
          <span>
            {promotion.name}
            {promotion.code !== null && <span className="text-sm"> (code {promotion.code})</span>}
            {promotion.kind === 'free_shipping' && <span className="text-sm">: free shipping</span>}
          </span>
          <span className="text-right">−{money(shownPromotionSaving(quote, promotion))}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The promotions applied, then subtotal, discount, shipping, tax and total of a quote, and its tax
 * note. `stale`: an answer for
 * fields since changed, dimmed until the new one comes.
 */
export function QuoteTotals({ quote, stale = false }: { quote: CheckoutQuote; stale?: boolean }) {
  const gross = quote.pricesIncludeTax;
  // Where prices include VAT, the discount is what the lines save with their VAT, and the subtotal
  // the lines as shown (each with its VAT) before it.
  const discount = gross
    ? add(...quote.lines.map((line) => shownLineDiscount(quote, line)))
    : quote.discount;
  const subtotal = gross
    ? add(discount, ...quote.lines.map((line) => shownLineTotal(quote, line)))
    : quote.subtotal;
  const shipping = gross ? add(quote.shipping, quote.shippingMethod.tax) : quote.shipping;
  const rows: [string, string][] = [
    ['Subtotal', money(subtotal)],
    ...(discount > 0 ? [['Discount', `−${money(discount)}`] as [string, string]] : []),
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
      <PromotionList quote={quote} />
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
