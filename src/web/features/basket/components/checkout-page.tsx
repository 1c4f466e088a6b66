import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import type { BasketLine } from '../../../../shared/basket.ts';
import {
  CHECKOUT_PLACED_MESSAGE,
  CheckoutBodySchema,
  PO_REFERENCE_LABEL,
  PO_REFERENCE_MAX,
  type CheckoutPlaced,
} from '../../../../shared/checkout.ts';
import { formatDollars } from '../../../../shared/money.ts';
import { useSaveAddress } from '../../../api/addresses.ts';
import { ErrorState } from '../../../components/error-state.tsx';
import { SavedAddressSelect } from '../../../components/saved-address-select.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { useSignedInUser } from '../../../lib/auth/session.ts';
import { showServerFieldErrors } from '../../../lib/form-errors.ts';
import { pageRoutes } from '../../../../shared/page-routes.ts';
import { formSubmitHandler, useSpecForm } from '../../../lib/use-spec-form.ts';
import { usePlaceCheckout } from '../api/place-checkout.ts';
import { useBasket } from '../hooks/use-basket.ts';
import { lineKey } from '../lib/basket-lines.ts';
import { BasketLineSummary } from './basket-line-summary.tsx';
import { EmptyBasket } from './empty-basket.tsx';

const FIELD_NAMES = ['address', 'phone', 'poReference'] as const;

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

function CheckoutLines({
  lines,
  totalPrice,
  refusal,
}: {
  lines: BasketLine[];
  totalPrice: number;
  refusal: Refusal | null;
}) {
  return (
    <section aria-labelledby="checkout-lines-heading" className="flex flex-col gap-4">
      <h2 id="checkout-lines-heading" className="text-2xl font-bold">
        Your order
      </h2>
      <ul className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300">
        {lines.map((line) => {
          const message = refusal?.lines[line.productId] ?? line.problem;
          return (
            <BasketLineSummary key={lineKey(line)} line={line}>
              {() => (
                <div className="flex flex-col gap-1 sm:w-56">
                  <p>Quantity: {line.quantity}</p>
                  {message && <p className="text-sm font-medium text-error">{message}</p>}
                </div>
              )}
            </BasketLineSummary>
          );
        })}
      </ul>
      <p className="text-xl font-semibold">Total Price: ${formatDollars(totalPrice)}</p>
    </section>
  );
}

function CheckoutForm({ lines, totalPrice }: { lines: BasketLine[]; totalPrice: number }) {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const form = useSpecForm(CheckoutBodySchema, { address: '', phone: '', poReference: '' });
  const { field } = form;
  const { mutateAsync: placeCheckout, isPending: placing, refreshBasket } = usePlaceCheckout();
  const saveAddress = useSaveAddress();
  const [saveThisAddress, setSaveThisAddress] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const afterPlaced = async (placed: CheckoutPlaced, address: string, phone: string) => {
    // The order stands whatever happens to the address: a failure to save it is only told.
    if (saveThisAddress && address !== '') {
      await saveAddress
        .mutateAsync({ address, phone })
        .catch((error: unknown) => toast.error(getErrorMessage(error)));
    }
    toast.success(CHECKOUT_PLACED_MESSAGE);
    const first = placed.orders[0];
    await navigate(first ? pageRoutes.payment.href({ id: first._id }) : pageRoutes.myOrders.href());
    // Only once this page is left: the emptied basket must not flash its empty state here.
    await refreshBasket();
  };

  const onSubmit = form.handleSubmit(async ({ address, phone, poReference }) => {
    setRefusal(null);
    let placed: CheckoutPlaced;
    try {
      placed = await placeCheckout({
        address,
        phone,
        ...(poReference ? { poReference } : {}),
      });
    } catch (error) {
      if (isApiError(error) && error.status === 409 && error.fields) {
        setRefusal({ message: error.message, lines: error.fields });
      } else if (!showServerFieldErrors(error, form.setError, FIELD_NAMES)) {
        toast.error(getErrorMessage(error));
      }
      return;
    }
    await afterPlaced(placed, typeof address === 'string' ? address : '', phone);
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
          <div className="grid gap-5 sm:grid-cols-2">
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
          </div>
          <SavedAddressSelect
            onPick={({ address, phone }) => {
              form.setValue('address', address, { shouldValidate: true });
              form.setValue('phone', phone, { shouldValidate: true });
            }}
          />
          <TextField
            label="Address"
            type="text"
            autoComplete="street-address"
            {...field('address')}
          />
          <TextField label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
          <label className="flex items-center gap-3">
            <input
              type="checkbox"
              className="checkbox"
              checked={saveThisAddress}
              onChange={(event) => setSaveThisAddress(event.target.checked)}
            />
            Save this address
          </label>
          <TextField
            label={PO_REFERENCE_LABEL}
            type="text"
            maxLength={PO_REFERENCE_MAX}
            hint="Optional: your purchase-order number, printed on the orders and the receipt."
            {...field('poReference')}
          />
        </div>
        <div className="flex flex-col gap-5">
          <CheckoutLines lines={lines} totalPrice={totalPrice} refusal={refusal} />
          <SubmitButton pending={placing || saveAddress.isPending} className="self-start">
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
