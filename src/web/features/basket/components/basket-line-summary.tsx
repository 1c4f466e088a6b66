import { useId, type ReactNode } from 'react';
import { PRODUCT_GONE_MESSAGE, type BasketLine } from '../../../../shared/basket.ts';
import { formatDollars } from '../../../../shared/money.ts';
import { breakAppliedText, breakFor } from '../../../../shared/price-breaks.ts';

interface BasketLineSummaryProps {
  line: BasketLine;
  /** Its share of the promotions (issue 36), shown under its total when there is one. */
  discount?: number;
  /** The line's controls or messages; `nameId` is the id of the product's name. */
  children: (nameId: string) => ReactNode;
}

/**
 * One basket line as the basket and the checkout list it: image, name, prices, then `children`. A
 * line whose product was deleted has no price: it says it is no longer available (issue 39).
 */
export function BasketLineSummary({ line, discount = 0, children }: BasketLineSummaryProps) {
  const nameId = useId();
  const applied = breakFor(line.priceBreaks, line.quantity);
  return (
    <li
      aria-labelledby={nameId}
      className="flex flex-col gap-4 p-4 sm:flex-row sm:flex-wrap sm:items-start"
    >
      {line.img && (
        <img
          src={line.img}
          alt=""
          width={96}
          height={72}
          className="aspect-[4/3] w-24 rounded-field border border-base-300 bg-base-200 object-contain"
        />
      )}
      <div className="flex min-w-0 grow flex-col gap-1">
        <h2 id={nameId} className="text-lg font-semibold">
          {line.name}
        </h2>
        {/* A variant of a product of several (issue 34): which one, by its SKU. */}
        {line.variantLabel !== '' && line.sku !== '' && <p className="text-sm">SKU: {line.sku}</p>}
        {line.problem === PRODUCT_GONE_MESSAGE ? (
          <p className="font-medium text-error">{PRODUCT_GONE_MESSAGE}</p>
        ) : (
          <>
            <p>Unit price: ${formatDollars(line.price)}</p>
            {applied && <p className="text-sm text-success">{breakAppliedText(applied)}</p>}
            <p className="font-medium">Line total: ${formatDollars(line.lineTotal)}</p>
            {discount > 0 && (
              <p className="text-sm text-success">Discount: −${formatDollars(discount)}</p>
            )}
          </>
        )}
      </div>
      {children(nameId)}
    </li>
  );
}
