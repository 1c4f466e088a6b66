import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { toast } from 'react-toastify/unstyled';
import type { SavedAddress } from '../../../../shared/address.ts';
import { addressFieldErrors, type AddressFieldErrors } from '../../../../shared/address-rules.ts';
import type { BasketLine } from '../../../../shared/basket.ts';
import {
  CheckoutBodySchema,
  PO_REFERENCE_LABEL,
  PO_REFERENCE_MAX,
  type CheckoutPlaced,
} from '../../../../shared/checkout.ts';
import { formatDollars } from '../../../../shared/money.ts';
import type { PaymentMethod } from '../../../../shared/payment-method.ts';
import {
  PRICES_CHANGED_MESSAGE,
  type CheckoutQuote,
  type DeliveryFieldsSchema,
} from '../../../../shared/pricing.ts';
import { useSaveAddress } from '../../../api/addresses.ts';
import { useCheckoutQuote, useQuoteFor } from '../../../api/checkout-quote.ts';
import {
  applyCode,
  codeConflict,
  codeRefusal,
  removedCodeMessage,
  sameCode,
  useDropRefusedCodes,
  type CodesProbe,
} from '../../../api/promotion-codes.ts';
import { addressErrorsFrom, AddressForm, emptyAddress } from '../../../components/address-form.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { PromotionCodeField } from '../../../components/promotion-code-field.tsx';
import { QuotedLinePrice, QuoteTotals } from '../../../components/quote-totals.tsx';
import { SavedAddressSelect } from '../../../components/saved-address-select.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { useSignedInUser } from '../../../lib/auth/session.ts';
import { showServerFieldErrors } from '../../../lib/form-errors.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { pageRoutes } from '../../../../shared/page-routes.ts';
import { formSubmitHandler, useSpecForm } from '../../../lib/use-spec-form.ts';
import { usePlaceCheckout, type PlaceCheckoutBody } from '../api/place-checkout.ts';
import { useBasket } from '../hooks/use-basket.ts';
import { lineKey, quotedLineFor } from '../lib/basket-lines.ts';
import { placedOutcome } from '../lib/placed-outcome.ts';
import { setPromotionCodes, usePromotionCodes } from '../lib/promotion-codes.ts';
import { BasketLineSummary } from './basket-line-summary.tsx';
import { EmptyBasket } from './empty-basket.tsx';
import { ApprovalNotice, PaymentMethodChoice } from './payment-method-choice.tsx';

type DeliveryFields = z.input<typeof DeliveryFieldsSchema>;
type Company = NonNullable<CheckoutQuote['company']>;

/** Why paying on account was refused (a 409 naming `paymentMethod`: no credit, above it), or null. */
function paymentRefusal(error: unknown): string | null {
  return isApiError(error) && error.status === 409 ? (error.fields?.paymentMethod ?? null) : null;
}

const FIELD_NAMES = ['poReference'] as const;
const PoReferenceSchema = CheckoutBodySchema.pick({ poReference: true });

/** The 409's answer: the message at the top and each failing line's, by product id. */
interface Refusal {
  message: string;
  lines: Readonly<Record<string, string>>;
}

function RefusalAlert({ refusal }: { refusal: Refusal }) {
  const ref = useRef<HTMLDivElement>(null);
  // Read out and scrolled to: the customer pressed Place order further down.
  useEffect(() => ref.current?.focus(), [refusal]);
  return (
    <div ref={ref} tabIndex={-1} role="alert" className="alert alert-error">
      {refusal.message}
    </div>
  );
}

function ShippingMethods({
  quote,
  onChoose,
}: {
  quote: CheckoutQuote;
  onChoose: (id: string) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-lg font-semibold">Shipping method</legend>
      {quote.shippingMethods.map((method) => {
        const price = quote.pricesIncludeTax ? method.price + method.tax : method.price;
        return (
          <label
            key={method.id}
            className="flex items-start gap-3 rounded-box border border-base-300 p-3"
          >
            <input
              type="radio"
              name="shippingMethod"
              className="radio mt-1"
              value={method.id}
              checked={method.id === quote.shippingMethod.id}
              onChange={() => onChoose(method.id)}
            />
            <span className="flex grow flex-col">
              <span className="font-medium">
                {method.name}: {method.price === 0 ? 'Free' : `$${formatDollars(price)}`}
              </span>
              {method.deliveryText && <span className="text-sm">{method.deliveryText}</span>}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

function CheckoutLines({
  lines,
  totalPrice,
  refusal,
  quote,
}: {
  lines: BasketLine[];
  totalPrice: number;
  refusal: Refusal | null;
  quote: CheckoutQuote | undefined;
}) {
  return (
    <section aria-labelledby="checkout-lines-heading" className="flex flex-col gap-4">
      <h2 id="checkout-lines-heading" className="text-2xl font-bold">
        Your order
      </h2>
      <ul className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300">
        {lines.map((line) => {
          const message = refusal?.lines[line.productId] ?? line.problem;
          const quoted = quote && quotedLineFor(quote, line);
          return (
            <BasketLineSummary key={lineKey(line)} line={line}>
              {() => (
                <div className="flex flex-col gap-1 sm:w-56">
                  <p>Quantity: {line.quantity}</p>
                  {quote && quoted && <QuotedLinePrice quote={quote} line={quoted} />}
                  {message && <p className="text-sm font-medium text-error">{message}</p>}
                </div>
              )}
            </BasketLineSummary>
          );
        })}
      </ul>
      {!quote && <p className="text-xl font-semibold">Total Price: ${formatDollars(totalPrice)}</p>}
    </section>
  );
}

function CheckoutForm({ lines, totalPrice }: { lines: BasketLine[]; totalPrice: number }) {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useSpecForm(PoReferenceSchema, { poReference: '' });
  const { field } = form;
  const { mutateAsync: placeCheckout, isPending: placing, refreshBasket } = usePlaceCheckout();
  const saveAddress = useSaveAddress();
  const [saveThisAddress, setSaveThisAddress] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [address, setAddress] = useState(() => ({ ...emptyAddress(), name: user.name }));
  /** An address saved as one line before issue 35: sent by its id (priced at the shop's origin). */
  const [savedLine, setSavedLine] = useState<SavedAddress | null>(null);
  const [shippingMethod, setShippingMethod] = useState<string | undefined>(undefined);
  const [showAllErrors, setShowAllErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<AddressFieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const addressRef = useRef<HTMLFieldSetElement>(null);
  // Issue 36: the codes applied here or on the basket, and what is said of them.
  const codes = usePromotionCodes();
  const [codeMessage, setCodeMessage] = useState<string | null>(null);
  // Issue 37: a company member pays by card or on the company's account (sent once chosen).
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod | undefined>(undefined);
  const [placeRefusedPayment, setPlaceRefusedPayment] = useState<string | null>(null);
  /** The buyer's company as the last quote said (kept while a new quote is asked or refused). */
  const [company, setCompany] = useState<Company | null>(null);

  const basketKey = lines.map((line) => `${lineKey(line)}x${line.quantity}`).join(',');
  const addressValid = Object.keys(addressFieldErrors(address)).length === 0;
  const chosen = {
    ...(shippingMethod && { shippingMethod }),
    ...(paymentMethod && { paymentMethod }),
  };
  const delivery: DeliveryFields | null = savedLine
    ? { addressId: savedLine._id, ...chosen }
    : addressValid
      ? { address, ...chosen }
      : null;
  /** The delivery fields with these codes (none: no `codes` sent). */
  const withCodes = (fields: DeliveryFields, given: readonly string[]): DeliveryFields => ({
    ...fields,
    ...(given.length > 0 && { codes: [...given] }),
  });
  const quoted = useCheckoutQuote(delivery && withCodes(delivery, codes), basketKey);
  const quoteFor = useQuoteFor(basketKey);
  const quote = delivery ? quoted.data : undefined;
  if (quote && JSON.stringify(quote.company) !== JSON.stringify(company)) setCompany(quote.company);
  const paymentProblem =
    placeRefusedPayment ?? (delivery && quoted.isError ? paymentRefusal(quoted.error) : null);
  // A refused code is said next to the code field (and taken off), a refused payment method next
  // to the choice, not as the quote's problem.
  const quoteProblem =
    delivery &&
    quoted.isError &&
    codeRefusal(quoted.error) === null &&
    paymentRefusal(quoted.error) === null
      ? getErrorMessage(quoted.error)
      : null;
  /** Prices the order with these codes (at the shop's origin while there is no address yet). */
  const probe: CodesProbe = (given) => quoteFor(withCodes(delivery ?? {}, given));
  const removeCode = (code: string) =>
    setPromotionCodes(codes.filter((applied) => !sameCode(applied, code)));
  useDropRefusedCodes({
    codes,
    quoteError: delivery ? quoted.error : null,
    probe,
    onRemoved: (code, message) => {
      removeCode(code);
      setCodeMessage(removedCodeMessage(code, message));
    },
  });

  const afterPlaced = async (placed: CheckoutPlaced) => {
    // The order stands whatever happens to the address: a failure to save it is only told.
    if (saveThisAddress && !savedLine) {
      await saveAddress
        .mutateAsync(address)
        .catch((error: unknown) => toast.error(getErrorMessage(error)));
    }
    const outcome = placedOutcome(placed);
    toast.success(outcome.message);
    // The codes were used by this checkout: the next one starts without them.
    setPromotionCodes([]);
    // On account or awaiting approval there is nothing to pay now: to My Orders.
    const first = outcome.next === 'payment' ? placed.orders[0] : undefined;
    await navigate(first ? pageRoutes.payment.href({ id: first._id }) : pageRoutes.myOrders.href());
    // Only once this page is left: the emptied basket must not flash its empty state here.
    await refreshBasket();
  };

  const place = async (poReference: string | undefined) => {
    setRefusal(null);
    setServerErrors({});
    setPlaceRefusedPayment(null);
    if (!delivery) {
      setShowAllErrors(true);
      // The first field to mend, for a keyboard or a screen reader.
      requestAnimationFrame(() =>
        addressRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    let placed: CheckoutPlaced;
    try {
      // The quote of exactly these fields: the one shown, or a new one if it is not yet priced.
      const current = await quoteFor(withCodes(delivery, codes));
      const body: PlaceCheckoutBody = {
        ...withCodes(delivery, codes),
        shippingMethod: current.shippingMethod.id,
        quoteId: current.quoteId,
        phone: savedLine ? savedLine.phone : address.phone,
        ...(poReference ? { poReference } : {}),
      };
      placed = await placeCheckout(body);
    } catch (error) {
      const conflict = codeConflict(error);
      const refusedPayment = paymentRefusal(error);
      if (refusedPayment !== null) {
        // No credit, or not enough left: said next to the payment method, nothing placed.
        setPlaceRefusedPayment(refusedPayment);
      } else if (conflict !== null) {
        // A code's limit was reached meanwhile: said at the top and by the code field; the quote
        // is asked again, which refuses that code, and it is taken off (useDropRefusedCodes).
        setRefusal({ message: conflict, lines: {} });
        setCodeMessage(conflict);
        await queryClient.invalidateQueries({ queryKey: queryKeys.checkoutQuotes });
      } else if (
        isApiError(error) &&
        error.status === 409 &&
        error.message === PRICES_CHANGED_MESSAGE
      ) {
        // What was quoted no longer holds: tell, and show the new prices.
        setRefusal({ message: error.message, lines: {} });
        await queryClient.invalidateQueries({ queryKey: queryKeys.checkoutQuotes });
      } else if (isApiError(error) && error.status === 409 && error.fields) {
        setRefusal({ message: error.message, lines: error.fields });
      } else if (isApiError(error) && (error.status === 503 || error.status === 409)) {
        // Tax cannot be computed, or nothing delivers there: said at the top, nothing placed.
        setRefusal({ message: error.message, lines: {} });
      } else {
        const fromAddress = addressErrorsFrom(error);
        setServerErrors(fromAddress);
        if (Object.keys(fromAddress).length > 0) setShowAllErrors(true);
        if (
          !showServerFieldErrors(error, form.setError, FIELD_NAMES) &&
          Object.keys(fromAddress).length === 0
        )
          toast.error(getErrorMessage(error));
      }
      return;
    }
    await afterPlaced(placed);
  };

  const onSubmit = form.handleSubmit(async ({ poReference }) => {
    setSubmitting(true);
    try {
      await place(poReference);
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <div className="flex flex-col gap-8">
      {refusal && <RefusalAlert refusal={refusal} />}
      <form
        noValidate
        onSubmit={formSubmitHandler(onSubmit)}
        aria-label="Checkout"
        className="grid gap-8 lg:grid-cols-2"
      >
        <div className="flex flex-col gap-5">
          <h2 className="text-2xl font-bold">Delivery</h2>
          <fieldset aria-label="Account" className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="Name"
              type="text"
              value={user.name}
              readOnly
              className="bg-base-200"
            />
            <TextField
              label="Email"
              type="email"
              value={user.email}
              readOnly
              className="bg-base-200"
            />
          </fieldset>
          <SavedAddressSelect
            onPick={(saved) => {
              setServerErrors({});
              if (saved.postal) {
                setSavedLine(null);
                setAddress(saved.postal);
              } else setSavedLine(saved);
            }}
          />
          {savedLine ? (
            <div className="flex flex-col gap-2 rounded-box border border-base-300 p-4">
              <p>
                Delivering to <span className="font-medium">{savedLine.address}</span>
                {savedLine.phone && ` (${savedLine.phone})`}
              </p>
              <button
                type="button"
                className="btn btn-sm self-start"
                onClick={() => setSavedLine(null)}
              >
                Enter another address
              </button>
            </div>
          ) : (
            <fieldset ref={addressRef} aria-label="Delivery address">
              <AddressForm
                value={address}
                onChange={(next) => {
                  setServerErrors({});
                  // Another place may have other methods: the cheapest again.
                  if (
                    next.country !== address.country ||
                    next.region !== address.region ||
                    next.postalCode !== address.postalCode
                  )
                    setShippingMethod(undefined);
                  setAddress(next);
                }}
                showAllErrors={showAllErrors}
                // What the server said of the last address sent or priced, by field.
                serverErrors={{ ...addressErrorsFrom(quoted.error), ...serverErrors }}
              />
            </fieldset>
          )}
          {!savedLine && (
            <label className="flex items-center gap-3">
              <input
                type="checkbox"
                className="checkbox"
                checked={saveThisAddress}
                onChange={(event) => setSaveThisAddress(event.target.checked)}
              />
              Save this address
            </label>
          )}
          <TextField
            label={PO_REFERENCE_LABEL}
            type="text"
            maxLength={PO_REFERENCE_MAX}
            hint="Optional: your purchase-order number, printed on the orders and the receipt."
            {...field('poReference')}
          />
        </div>
        <div className="flex flex-col gap-5">
          <CheckoutLines lines={lines} totalPrice={totalPrice} refusal={refusal} quote={quote} />
          <PromotionCodeField
            codes={codes}
            // Until the refused code is found and taken off, the quote's refusal says why.
            message={codeMessage ?? (delivery ? codeRefusal(quoted.error) : null)}
            onApply={(code) => {
              setCodeMessage(null);
              return applyCode(codes, code, probe, setPromotionCodes);
            }}
            onRemove={(code) => {
              setCodeMessage(null);
              removeCode(code);
            }}
          />
          {quote && <ShippingMethods quote={quote} onChoose={setShippingMethod} />}
          {company && (
            <PaymentMethodChoice
              company={company}
              value={paymentMethod ?? quote?.paymentMethod ?? 'card'}
              onChange={(method) => {
                setPlaceRefusedPayment(null);
                setPaymentMethod(method);
              }}
              error={paymentProblem}
            />
          )}
          {/* Read out as it changes: the new total, or why there is none. */}
          <div aria-live="polite" className="flex flex-col gap-4">
            {quote && (
              <QuoteTotals quote={quote} stale={quoted.isPlaceholderData || quoted.isFetching} />
            )}
            {quoteProblem && <p className="font-medium text-error">{quoteProblem}</p>}
            {delivery && quoted.isPending && <p className="text-sm">Pricing your order…</p>}
            {!delivery && (
              <p className="text-sm">Enter the delivery address to see shipping and tax.</p>
            )}
          </div>
          {quote?.company?.approvalRequired && <ApprovalNotice />}
          <SubmitButton
            pending={submitting || placing || saveAddress.isPending}
            className="self-start"
          >
            Place order
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}

/** /checkout (signed in): where to deliver, an optional PO reference, and Place order. */
export function CheckoutPage() {
  const { state } = useBasket();
  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-12">
      <h1 className="text-3xl font-bold">Checkout</h1>
      {state.status === 'pending' ? (
        <Spinner label="Loading your basket" />
      ) : state.status === 'error' ? (
        <ErrorState
          title="We couldn't load your basket."
          detail={state.error.message}
          onRetry={state.retry}
          isRetrying={state.retrying}
        />
      ) : state.basket.lines.length === 0 ? (
        <EmptyBasket />
      ) : (
        <CheckoutForm lines={state.basket.lines} totalPrice={state.basket.totalPrice} />
      )}
    </section>
  );
}
