import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDollars } from '../../../../shared/money.ts';
import { orderSummaryRows, type OrderSummaryOptions } from '../../../../shared/order-summary.ts';
import {
  PAYMENT_COMPLETED_MESSAGE,
  PAYMENTS_NOT_SET_UP_MESSAGE,
  TEST_MODE_LABEL,
  transactionIdMessage,
  ALREADY_PAID_MESSAGE,
} from '../../../../shared/payment.ts';
import type { Checkout } from '../../../../shared/checkout.ts';
import type { Purchase } from '../../../../shared/purchase.ts';
import { orderActions } from '../../../../shared/order-actions.ts';
import {
  amountOf,
  ChargesRows,
  chargedLineOf,
  hasCharges,
  promotionSavingsOf,
} from '../../../components/order-charges.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { paymentIntentQueryOptions, usePaymentIntent } from '../api/create-payment-intent.ts';
import { useCheckout } from '../api/get-checkout.ts';
import { useOrder } from '../api/get-order.ts';
import { usePayOrder, type PaidOrder } from '../api/pay-order.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { CardFormProps } from '../lib/card-payment.ts';
import {
  greeting,
  ORDER_CANCELLED_MESSAGE,
  ORDER_EXPIRED_MESSAGE,
  ORDER_NOT_FOUND_MESSAGE,
  payForMessage,
  TEST_MODE_EXPLANATION,
} from '../lib/messages.ts';
import { pageRoutes } from '../../../../shared/page-routes.ts';

// The card forms are chunks of their own: Stripe's library only downloads when Stripe is the
// configured provider, and neither weighs on any other page.
const TestCardForm = lazy(() => import('./test-card-form.tsx'));
const StripeCardForm = lazy(() => import('./stripe-card-form.tsx'));

function BackToMyOrders({ primary = false }: { primary?: boolean }) {
  return (
    <Link
      to={pageRoutes.myOrders.href()}
      className={`btn self-start ${primary ? 'btn-primary' : 'btn-outline'}`}
    >
      Back to My Orders
    </Link>
  );
}

function PaymentSection({ children }: { children: ReactNode }) {
  return <section className="flex max-w-2xl flex-col gap-6">{children}</section>;
}

/** What one payment pays for: an order, or every order still to pay of its checkout. */
interface PaymentLines {
  orders: Purchase[];
  /** What this payment charges: the orders with their shipping and tax (issue 35). */
  totalPrice: number;
  /** The checkout's shipping method and whether its prices include VAT. */
  options: OrderSummaryOptions;
}

/** The orders of a checkout that this payment covers: pending and unpaid (the server's "live"). */
function paymentLines(order: Purchase, checkout: Checkout): PaymentLines {
  const live = checkout.orders.filter((each) => each.stat === 'pending' && !each.paid);
  const options = {
    pricesIncludeTax: checkout.pricesIncludeTax,
    shippingMethod: checkout.shippingMethod,
    // Issue 36: the checkout's promotions, each with its name, code and saving.
    promotions: promotionSavingsOf(checkout.orders),
  };
  // Bought alone (or the rest of its checkout paid or cancelled): the spec's page for one order.
  if (live.length <= 1 || !live.some((each) => each._id === order._id)) {
    return { orders: [order], totalPrice: amountOf([order]), options };
  }
  return { orders: live, totalPrice: checkout.totalPrice, options };
}

function PaymentSummary({ lines }: { lines: PaymentLines }) {
  const [only] = lines.orders;
  if (only && lines.orders.length === 1)
    return <OrderSummary order={only} options={lines.options} />;
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-200">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Quantity</th>
            <th scope="col">Unit price</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {lines.orders.map((each) => (
            <tr key={each._id}>
              <th scope="row">{each.product}</th>
              <td>{each.orderQuantity}</td>
              <td>${formatDollars(each.price)}</td>
              <td>${formatDollars(each.totalPrice)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {hasCharges(lines.orders) ? (
            orderSummaryRows(lines.orders.map(chargedLineOf), lines.options).map(
              ([label, value]) => (
                <tr key={label}>
                  <th scope="row" colSpan={3}>
                    {label}
                  </th>
                  <td className="font-semibold">{value}</td>
                </tr>
              ),
            )
          ) : (
            <tr>
              <th scope="row" colSpan={3}>
                Total
              </th>
              <td className="font-semibold">${formatDollars(lines.totalPrice)}</td>
            </tr>
          )}
        </tfoot>
      </table>
    </div>
  );
}

function OrderSummary({ order, options }: { order: Purchase; options: OrderSummaryOptions }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 rounded-box border border-base-300 bg-base-200 px-5 py-4">
      <dt className="font-medium">Product</dt>
      <dd>{order.product}</dd>
      <dt className="font-medium">Quantity</dt>
      <dd>{order.orderQuantity}</dd>
      <dt className="font-medium">Unit price</dt>
      <dd>${formatDollars(order.price)}</dd>
      {hasCharges([order]) ? (
        <ChargesRows orders={[order]} options={options} />
      ) : (
        <>
          <dt className="font-medium">Total</dt>
          <dd className="font-semibold">${formatDollars(order.totalPrice)}</dd>
        </>
      )}
    </dl>
  );
}

/** A heading that takes the focus when it appears, so the new state is read out. */
function FocusedHeading({ children, className }: { children: ReactNode; className: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h1 ref={ref} tabIndex={-1} className={className}>
      {children}
    </h1>
  );
}

function OrderNotFound() {
  return (
    <PaymentSection>
      <h1 className="text-3xl font-bold">Order not found</h1>
      <p className="text-lg">{ORDER_NOT_FOUND_MESSAGE}</p>
      <BackToMyOrders primary />
    </PaymentSection>
  );
}

/** Paid, cancelled or expired: nothing to pay; say why, with the way back. */
function NothingToPay({ order, children }: { order: Purchase; children: ReactNode }) {
  return (
    <PaymentSection>
      <p className="text-lg">{greeting(order.customerName)}</p>
      <h1 className="text-3xl font-bold">Payment</h1>
      <div className="flex flex-col gap-1 rounded-box border border-base-300 bg-base-200 px-6 py-5 text-lg">
        {children}
      </div>
      <OrderSummary order={order} options={{ pricesIncludeTax: false, shippingMethod: '' }} />
      <BackToMyOrders primary />
    </PaymentSection>
  );
}

/** Paid here: what the payment covered (every order of the checkout it paid). */
interface Payment {
  paid: PaidOrder;
  lines: PaymentLines;
}

function PaymentCompleted({ payment: { paid, lines } }: { payment: Payment }) {
  return (
    <PaymentSection>
      <FocusedHeading className="text-3xl font-bold text-success">
        {PAYMENT_COMPLETED_MESSAGE}
      </FocusedHeading>
      <p className="text-lg break-all">{transactionIdMessage(paid.transactionId)}</p>
      <PaymentSummary lines={lines} />
      <BackToMyOrders primary />
    </PaymentSection>
  );
}

function CardForm(props: CardFormProps) {
  const config = usePublicConfig();
  return (
    <QueryState query={config} loading="Loading card form" failed="We couldn't load the card form.">
      {({ payments }) => (
        <Suspense fallback={<Spinner label="Loading card form" />}>
          {payments.provider === 'stripe' ? (
            <StripeCardForm publishableKey={payments.publishableKey} {...props} />
          ) : (
            <TestCardForm {...props} />
          )}
        </Suspense>
      )}
    </QueryState>
  );
}

/** The built-in test processor takes the payments: said plainly, above the order. */
function TestModeNotice() {
  return (
    <p className="flex flex-wrap items-center gap-3">
      <span className="badge badge-lg badge-warning font-semibold">{TEST_MODE_LABEL}</span>
      <span>{TEST_MODE_EXPLANATION}</span>
    </p>
  );
}

/**
 * An unpaid, pending order. It is paid with its checkout: when other orders of it are still to
 * pay, the page names them all and asks for their total (the server's intent is for that sum).
 */
function PayForOrder({ order, onPaid }: { order: Purchase; onPaid: (payment: Payment) => void }) {
  const checkout = useCheckout(order.checkoutId);
  return (
    <QueryState query={checkout} loading="Loading your order" failed="We couldn't load this order.">
      {(current) => (
        <PayForLines order={order} lines={paymentLines(order, current)} onPaid={onPaid} />
      )}
    </QueryState>
  );
}

/** Obtain the payment secret, take the card, pay. */
function PayForLines({
  order,
  lines,
  onPaid,
}: {
  order: Purchase;
  lines: PaymentLines;
  onPaid: (payment: Payment) => void;
}) {
  const queryClient = useQueryClient();
  const provider = usePublicConfig().data?.payments.provider;
  // Asked once the provider is known: with none active (production without one) there is
  // nothing to ask, and the page says so.
  const intent = usePaymentIntent(order._id, {
    enabled: provider !== undefined && provider !== 'none',
  });
  const pay = usePayOrder(order._id, (paid) => onPaid({ paid, lines }));
  const refused = isApiError(intent.error) && intent.error.status === 409;

  /** The payment secret: the one obtained, or asked for again after a failure (e.g. a 503). */
  const clientSecret = async () =>
    intent.data?.clientSecret ??
    (await queryClient.fetchQuery(paymentIntentQueryOptions(order._id))).clientSecret;
  // The latest failure, in red under the form, with Pay enabled for a retry.
  const error = pay.isPending
    ? undefined
    : (pay.error?.message ?? (intent.isError ? intent.error.message : undefined));

  // Paid, cancelled or expired meanwhile: the order, asked again, shows which.
  useEffect(() => {
    if (refused)
      void queryClient.invalidateQueries({ queryKey: queryKeys.purchases.detail(order._id) });
  }, [refused, queryClient, order._id]);

  return (
    <PaymentSection>
      <p className="text-lg">{greeting(order.customerName)}</p>
      <h1 className="text-3xl font-bold">
        {payForMessage(lines.orders.map((each) => each.product).join(', '))}
      </h1>
      <p className="text-xl font-semibold">Please pay ${formatDollars(lines.totalPrice)}</p>
      {provider === 'test' && <TestModeNotice />}
      <PaymentSummary lines={lines} />
      {provider === 'none' ? (
        <div className="flex flex-col gap-4">
          <p role="status" className="text-lg font-medium">
            {PAYMENTS_NOT_SET_UP_MESSAGE}
          </p>
          <BackToMyOrders />
        </div>
      ) : refused ? (
        <div className="flex flex-col gap-4">
          <p role="alert" className="font-medium text-error">
            {intent.error?.message}
          </p>
          <BackToMyOrders />
        </div>
      ) : (
        <CardForm
          preparing={intent.isPending}
          billingDetails={{ name: order.customerName, email: order.customerEmail }}
          paying={pay.isPending}
          error={error}
          onPay={(confirmCard, clearCard) =>
            pay.mutate(async () => confirmCard(await clientSecret()), {
              // The focused success heading says it: no second message in a toast.
              onSuccess: clearCard,
            })
          }
        />
      )}
    </PaymentSection>
  );
}

/** Payment (/dashboard/payment/:id, signed-in customers): pay for one of one's own orders. */
export function PaymentPage({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  // Once paid here, the page says so, whatever the refreshed order shows next.
  const [payment, setPayment] = useState<Payment | null>(null);

  if (payment) return <PaymentCompleted payment={payment} />;
  return (
    <QueryState
      query={order}
      loading="Loading your order"
      failed="We couldn't load this order."
      // A failed refetch keeps the order as it was last seen.
      keepDataOnError
      renderError={(error) =>
        isApiError(error) && [403, 404].includes(error.status) && <OrderNotFound />
      }
      frame={(state) => (
        <PaymentSection>
          <h1 className={order.isPending ? 'sr-only' : 'text-3xl font-bold'}>Payment</h1>
          {state}
        </PaymentSection>
      )}
    >
      {(current) => <OrderToPay order={current} onPaid={setPayment} />}
    </QueryState>
  );
}

/** What the order's state allows: nothing to pay (and why), or the card form. */
function OrderToPay({
  order: current,
  onPaid,
}: {
  order: Purchase;
  onPaid: (payment: Payment) => void;
}) {
  if (current.stat === 'cancelled') {
    return (
      <NothingToPay order={current}>
        <p>{ORDER_CANCELLED_MESSAGE}</p>
      </NothingToPay>
    );
  }
  if (current.stat === 'expired') {
    return (
      <NothingToPay order={current}>
        <p>{ORDER_EXPIRED_MESSAGE}</p>
      </NothingToPay>
    );
  }
  if (current.paid) {
    return (
      <NothingToPay order={current}>
        <p className="font-semibold">{ALREADY_PAID_MESSAGE}</p>
        {current.transactionId && (
          <p className="break-all">{transactionIdMessage(current.transactionId)}</p>
        )}
      </NothingToPay>
    );
  }
  // The lifecycle's rule (src/shared/order-actions.ts): past its hold, it can no longer be paid.
  if (!orderActions(current).canPay) {
    return (
      <NothingToPay order={current}>
        <p>{ORDER_EXPIRED_MESSAGE}</p>
      </NothingToPay>
    );
  }
  return <PayForOrder key={current._id} order={current} onPaid={onPaid} />;
}
