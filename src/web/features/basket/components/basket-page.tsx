import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { PRODUCT_GONE_MESSAGE, type BasketLine } from '../../../../shared/basket.ts';
import { formatDollars } from '../../../../shared/money.ts';
import { PurchaseBodySchema } from '../../../../shared/purchase.ts';
import { ErrorState } from '../../../components/error-state.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { orderQuantityMessage } from '../../../lib/order-quantity.ts';
import { pageRoutes } from '../../../../shared/page-routes.ts';
import { useBasket, type BasketHandle } from '../hooks/use-basket.ts';
import {
  atQuantity,
  lineInput,
  lineKey,
  orderableAtNoQuantity,
  quotedLineFor,
} from '../lib/basket-lines.ts';
import { BasketEstimate, BasketPromotionCode, useBasketQuote } from './basket-estimate.tsx';
import { BasketLineSummary } from './basket-line-summary.tsx';
import { EmptyBasket } from './empty-basket.tsx';

/**
 * What is wrong with a line at the quantity typed: the spec's messages, or the product is gone or
 * withdrawn by a recall (at any quantity).
 */
function lineMessage(line: BasketLine, quantityText: string): string | undefined {
  if (orderableAtNoQuantity(line)) return line.problem ?? undefined;
  return orderQuantityMessage(quantityText, line);
}

interface LineItemProps {
  line: BasketLine;
  /** Its share of the promotions (issue 36), as the basket's quote shows it; 0: none. */
  discount: number;
  quantityText: string;
  onQuantityText: (text: string) => void;
  onRemove: () => void;
}

function RemoveButton({ nameId, onRemove }: { nameId: string; onRemove: () => void }) {
  return (
    <button
      type="button"
      className="btn btn-outline btn-sm self-start sm:self-end"
      aria-describedby={nameId}
      onClick={onRemove}
    >
      Remove
    </button>
  );
}

/** A line whose product was deleted: it says so (BasketLineSummary) and can only be removed. */
function GoneLineItem({ line, onRemove }: Pick<LineItemProps, 'line' | 'onRemove'>) {
  return (
    <BasketLineSummary line={line}>
      {(nameId) => <RemoveButton nameId={nameId} onRemove={onRemove} />}
    </BasketLineSummary>
  );
}

function LineItem({ line, discount, quantityText, onQuantityText, onRemove }: LineItemProps) {
  if (line.problem === PRODUCT_GONE_MESSAGE)
    return <GoneLineItem line={line} onRemove={onRemove} />;
  const typed = PurchaseBodySchema.shape.orderQuantity.safeParse(quantityText);
  // The line total follows the quantity as typed, once it is a quantity at all.
  const shown = typed.success ? atQuantity(line, typed.data) : line;
  return (
    <BasketLineSummary line={shown} discount={discount}>
      {(nameId) => (
        <>
          <div className="w-full sm:w-40">
            <TextField
              label="Quantity"
              type="number"
              inputMode="numeric"
              min={line.minQuantity}
              max={line.availableQuantity}
              step={1}
              required
              value={quantityText}
              error={lineMessage(line, quantityText)}
              onChange={(event) => onQuantityText(event.target.value)}
            />
          </div>
          <RemoveButton nameId={nameId} onRemove={onRemove} />
        </>
      )}
    </BasketLineSummary>
  );
}

interface BasketContentProps {
  lines: BasketLine[];
  totalPrice: number;
  saveLines: BasketHandle['saveLines'];
  heading: RefObject<HTMLHeadingElement | null>;
  saveAsList?: SaveAsList | undefined;
}

/** Issue 37: what the app puts after Checkout (a company member's "Save as list"). */
type SaveAsList = (lines: BasketLine[]) => ReactNode;

/** The lines, their quantities, the promotion code, the total and the estimate. */
function BasketContent({ lines, totalPrice, saveLines, heading, saveAsList }: BasketContentProps) {
  const navigate = useNavigate();
  // The quantities as typed, by line: a text that is not a quantity yet is not saved.
  const [typed, setTyped] = useState<Record<string, string>>({});
  const basketQuote = useBasketQuote(
    lines.map((line) => `${lineKey(line)}x${line.quantity}`).join(','),
  );
  const { quote } = basketQuote;
  const textOf = (line: BasketLine) => typed[lineKey(line)] ?? String(line.quantity);

  const changeQuantity = (line: BasketLine, text: string) => {
    const key = lineKey(line);
    setTyped((current) => ({ ...current, [key]: text }));
    const quantity = PurchaseBodySchema.shape.orderQuantity.safeParse(text);
    if (!quantity.success || quantity.data === line.quantity) return;
    saveLines(
      lines.map((other) =>
        lineKey(other) === key ? lineInput(other, quantity.data) : lineInput(other),
      ),
    );
  };
  const remove = (line: BasketLine) => {
    const key = lineKey(line);
    saveLines(lines.filter((other) => lineKey(other) !== key).map((other) => lineInput(other)));
    // The Remove button goes with its line: keep the keyboard user's place on the page.
    heading.current?.focus();
  };
  const blocked = lines.some((line) => lineMessage(line, textOf(line)) !== undefined);

  return (
    <>
      <ul className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300">
        {lines.map((line) => (
          <LineItem
            key={lineKey(line)}
            line={line}
            discount={(quote && quotedLineFor(quote, line)?.discount) ?? 0}
            quantityText={textOf(line)}
            onQuantityText={(text) => changeQuantity(line, text)}
            onRemove={() => remove(line)}
          />
        ))}
      </ul>
      <p className="text-xl font-semibold" aria-live="polite">
        Total Price: ${formatDollars(totalPrice)}
      </p>
      <div className="max-w-md">
        <BasketPromotionCode basketQuote={basketQuote} />
      </div>
      <div aria-live="polite">
        <BasketEstimate basketQuote={basketQuote} />
      </div>
      {blocked && <p className="text-sm">Correct the quantities marked above to check out.</p>}
      <button
        type="button"
        className="btn btn-primary self-start"
        disabled={blocked}
        onClick={() => void navigate(pageRoutes.checkout.href())}
      >
        Checkout
      </button>
      {saveAsList?.(lines)}
    </>
  );
}

/**
 * /basket, for everyone: the lines, their quantities and the total; Checkout signs in first.
 * `saveAsList`: what the app adds after Checkout (a company member's "Save as list").
 */
export function BasketPage({ saveAsList }: { saveAsList?: SaveAsList } = {}) {
  const { state, saveLines } = useBasket();
  const heading = useRef<HTMLHeadingElement>(null);

  const title = (
    <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold">
      Basket
    </h1>
  );
  if (state.status === 'pending') {
    return (
      <section className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-12">
        {title}
        <Spinner label="Loading your basket" />
      </section>
    );
  }
  if (state.status === 'error') {
    return (
      <section className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-12">
        {title}
        <ErrorState
          title="We couldn't load your basket."
          detail={state.error.message}
          onRetry={state.retry}
          isRetrying={state.retrying}
        />
      </section>
    );
  }

  const { lines, totalPrice } = state.basket;
  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-12">
      {title}
      {lines.length === 0 ? (
        <EmptyBasket />
      ) : (
        <BasketContent
          lines={lines}
          totalPrice={totalPrice}
          saveLines={saveLines}
          heading={heading}
          saveAsList={saveAsList}
        />
      )}
    </section>
  );
}
