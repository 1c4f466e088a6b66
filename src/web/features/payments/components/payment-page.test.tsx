import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import {
  CardErrors,
  PAYMENT_COMPLETED_MESSAGE,
  PAYMENT_UNAVAILABLE_MESSAGE,
  PAYMENTS_NOT_SET_UP_MESSAGE,
  TEST_CARDS,
  TEST_MODE_LABEL,
  transactionIdMessage,
  ALREADY_PAID_MESSAGE,
} from '../../../../shared/payment.ts';
import type { Purchase } from '../../../../shared/purchase.ts';
import { useAuth } from '../../../lib/auth/session.ts';
import { lastRequest, mockApi, requestLog } from '../../../test/api-routes.ts';
import { customer, sessionResponse, storeAccessToken } from '../../../test/auth.ts';
import { deferred, jsonResponse } from '../../../test/fetch-mock.ts';
import { makeCheckout, makePublicConfig, makePurchase } from '../../../test/fixtures.ts';
import { renderApp, renderWithProviders } from '../../../test/render.tsx';
import {
  ORDER_CANCELLED_MESSAGE,
  ORDER_EXPIRED_MESSAGE,
  ORDER_NOT_FOUND_MESSAGE,
  TEST_MODE_EXPLANATION,
  TEST_MODE_NOTE,
} from '../lib/messages.ts';
import { PaymentPage } from './payment-page.tsx';

const order = makePurchase(1, {
  product: 'Cordless Drill',
  price: 129.99,
  orderQuantity: 12,
  totalPrice: 1559.88,
});
const SECRET = 'pi_test_1_secret_abc';
const INTENT_ANSWER = { clientSecret: SECRET, provider: 'test', amount: 155988, currency: 'usd' };
const PAID_ID = 'pi_test_1';

const SESSION = `GET ${apiPaths.auth.session}`;
const CONFIG = `GET ${apiPaths.config}`;
const ORDER = `GET ${apiPaths.purchase(order._id)}`;
const INTENT = `POST ${apiPaths.createPaymentIntent}`;
const CONFIRM = `POST ${apiPaths.testProcessorConfirm}`;
const MARK_PAID = `PATCH ${apiPaths.purchase(order._id)}`;
const CHECKOUT = `GET ${apiPaths.checkoutById(order.checkoutId)}`;

type Answer = Parameters<typeof mockApi>[0][string];

const paidOrder = (overrides: Partial<Purchase> = {}) => ({
  ...order,
  paid: true,
  transactionId: PAID_ID,
  ...overrides,
});

/** A processor and a server that accept the payment. */
const happyPath: Record<string, Answer> = {
  [CONFIG]: jsonResponse(makePublicConfig()),
  [ORDER]: jsonResponse(order),
  // Bought alone: its checkout holds only this order.
  [CHECKOUT]: jsonResponse(makeCheckout([order])),
  [INTENT]: jsonResponse(INTENT_ANSWER),
  [CONFIRM]: jsonResponse({ paymentIntent: { id: PAID_ID, status: 'succeeded', amount: 155988 } }),
  [MARK_PAID]: jsonResponse(paidOrder()),
};

const declined = (error: { code: string; message: string }) => jsonResponse({ error }, 402);

/** The page renders behind RequireAuth: shown once the session is restored, as the guard does. */
function BehindGuard({ orderId }: { orderId: string }) {
  return useAuth().status === 'signedIn' ? <PaymentPage orderId={orderId} /> : null;
}

function renderPayment(routes: Record<string, Answer> = {}, orderId = order._id) {
  storeAccessToken('access-1');
  const fetchMock = mockApi({
    [SESSION]: sessionResponse(customer, 'access-1'),
    ...happyPath,
    ...routes,
  });
  return {
    fetchMock,
    ...renderWithProviders(<BehindGuard orderId={orderId} />, {
      route: `/dashboard/payment/${orderId}`,
    }),
  };
}

async function cardForm() {
  const form = await screen.findByRole('form', { name: 'Card payment' }, { timeout: 5000 });
  return {
    number: within(form).getByLabelText('Card Number'),
    expiry: within(form).getByLabelText('Expiry'),
    cvc: within(form).getByLabelText('CVC'),
    pay: within(form).getByRole('button', { name: 'Pay' }),
  };
}

type User = ReturnType<typeof renderPayment>['user'];

async function enterCard(user: User, number: string = TEST_CARDS.success) {
  const fields = await cardForm();
  await user.clear(fields.number);
  await user.type(fields.number, number);
  await user.clear(fields.expiry);
  await user.type(fields.expiry, '1234');
  await user.clear(fields.cvc);
  await user.type(fields.cvc, '123');
  return fields;
}

describe('PaymentPage (test-mode processor)', () => {
  it('greets the customer, names the product and the amount, and summarises the order', async () => {
    renderPayment();

    // The first render of the file loads the page's modules: generous on a busy machine.
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Please Pay for Cordless Drill' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(`Hello, ${customer.name}`)).toBeInTheDocument();
    expect(screen.getByText('Please pay $1,559.88')).toBeInTheDocument();
    expect(screen.getByText('Quantity').nextElementSibling).toHaveTextContent('12');
    expect(screen.getByText('Unit price').nextElementSibling).toHaveTextContent('$129.99');
    expect(await screen.findByText(TEST_MODE_NOTE, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('asks for the amount with shipping and tax, as the server stored them (issue 35)', async () => {
    const taxed = { ...order, tax: 113.09, shipping: 10, shippingTax: 0.73, amount: 1683.7 };
    renderPayment({
      [ORDER]: jsonResponse(taxed),
      [CHECKOUT]: jsonResponse(makeCheckout([taxed], { shippingMethod: 'Ground' })),
    });
    expect(
      await screen.findByText('Please pay $1,683.70', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Subtotal').nextElementSibling).toHaveTextContent('$1,559.88');
    expect(screen.getByText('Shipping (Ground)').nextElementSibling).toHaveTextContent('$10.00');
    expect(screen.getByText('Tax').nextElementSibling).toHaveTextContent('$113.82');
    expect(screen.getByText('Total').nextElementSibling).toHaveTextContent('$1,683.70');
  });

  it('asks for the amount after the discount, naming each promotion and its saving (issue 36)', async () => {
    const discounted = {
      ...order,
      discount: 155.99,
      tax: 101.78,
      shipping: 10,
      shippingTax: 0.73,
      amount: 1516.4,
      promotions: [
        {
          name: 'Ten off tools',
          code: 'TOOLS10',
          kind: 'percent_off' as const,
          discount: 155.99,
          shippingDiscount: 0,
        },
      ],
    };
    renderPayment({
      [ORDER]: jsonResponse(discounted),
      [CHECKOUT]: jsonResponse(makeCheckout([discounted], { shippingMethod: 'Ground' })),
    });
    expect(
      await screen.findByText('Please pay $1,516.40', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Subtotal').nextElementSibling).toHaveTextContent('$1,559.88');
    expect(screen.getByText('Discount').nextElementSibling).toHaveTextContent('-$155.99');
    expect(
      screen.getByText('Promotion: Ten off tools (code TOOLS10)').nextElementSibling,
    ).toHaveTextContent('-$155.99');
    expect(screen.getByText('Tax').nextElementSibling).toHaveTextContent('$102.51');
    expect(screen.getByText('Total').nextElementSibling).toHaveTextContent('$1,516.40');
  });

  it('pays a checkout of several orders at once: names every line and asks for their total', async () => {
    const battery = makePurchase(2, {
      product: 'Battery',
      price: 49.5,
      orderQuantity: 2,
      totalPrice: 99,
      checkoutId: order.checkoutId,
      checkoutReference: order.checkoutReference,
    });
    const cancelled = makePurchase(3, {
      product: 'Charger',
      stat: 'cancelled',
      checkoutId: order.checkoutId,
    });
    const checkout = makeCheckout([order, battery, cancelled]);
    const { user, fetchMock } = renderPayment({
      [CHECKOUT]: jsonResponse(checkout),
      [MARK_PAID]: jsonResponse(paidOrder()),
    });

    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Please Pay for Cordless Drill, Battery' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Please pay $1,658.88')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Battery' })).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Charger' })).not.toBeInTheDocument();

    const { pay } = await enterCard(user);
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);

    expect(
      await screen.findByRole('heading', { level: 1, name: PAYMENT_COMPLETED_MESSAGE }),
    ).toBeInTheDocument();
    // The paid lines stay listed: one payment covered both.
    expect(screen.getByRole('rowheader', { name: 'Battery' })).toBeInTheDocument();
    // One intent, named by any order of the checkout: the server charges the checkout's total.
    expect(lastRequest(fetchMock, INTENT).body).toEqual({ purchaseId: order._id });
    expect(requestLog(fetchMock).filter((request) => request === MARK_PAID)).toHaveLength(1);
  });

  it('shows a spinner while the order loads', async () => {
    const answer = deferred<Response>();
    renderPayment({ [ORDER]: () => answer.promise });

    expect(await screen.findByRole('status', { name: 'Loading your order' })).toBeInTheDocument();
    answer.resolve(jsonResponse(order));
    expect(
      await screen.findByRole('heading', { name: 'Please Pay for Cordless Drill' }),
    ).toBeInTheDocument();
  });

  it('labels the card fields for autofill and formats them as typed', async () => {
    const { user } = renderPayment();
    const { number, expiry, cvc } = await cardForm();

    expect(number).toHaveAttribute('inputmode', 'numeric');
    expect(number).toHaveAttribute('autocomplete', 'cc-number');
    expect(expiry).toHaveAttribute('autocomplete', 'cc-exp');
    expect(expiry).toHaveAttribute('placeholder', 'MM/YY');
    expect(cvc).toHaveAttribute('autocomplete', 'cc-csc');

    await user.type(number, '424242424242');
    expect(number).toHaveValue('4242 4242 4242');
    await user.type(expiry, '0130');
    expect(expiry).toHaveValue('01/30');
  });

  it('keeps Pay disabled until the payment secret is obtained and the card is complete', async () => {
    const intent = deferred<Response>();
    const { user, fetchMock } = renderPayment({ [INTENT]: () => intent.promise });
    const { pay } = await cardForm();
    expect(pay).toBeDisabled();

    const { cvc } = await enterCard(user);
    // The card is complete, the secret is not there yet.
    expect(pay).toBeDisabled();
    intent.resolve(jsonResponse(INTENT_ANSWER));
    await waitFor(() => expect(pay).toBeEnabled());

    await user.type(cvc, '{Backspace}{Backspace}');
    expect(pay).toBeDisabled();
    expect(lastRequest(fetchMock, INTENT).body).toEqual({ purchaseId: order._id });
  });

  it('pays: confirms the card, marks the order paid, tells the customer and refreshes the orders', async () => {
    const confirm = deferred<Response>();
    const { user, fetchMock, queryClient } = renderPayment({ [CONFIRM]: () => confirm.promise });
    queryClient.setQueryData(['purchases', 'list', 'mine', customer.email], [order]);
    const { pay } = await enterCard(user);
    await waitFor(() => expect(pay).toBeEnabled());

    await user.click(pay);
    // In flight: Pay waits, with its spinner.
    expect(pay).toBeDisabled();
    expect(pay).toHaveAttribute('aria-busy', 'true');
    confirm.resolve(
      jsonResponse({ paymentIntent: { id: PAID_ID, status: 'succeeded', amount: 155988 } }),
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: PAYMENT_COMPLETED_MESSAGE }),
    ).toHaveFocus();
    expect(screen.getByText(transactionIdMessage(PAID_ID))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute(
      'href',
      '/dashboard/myOrders',
    );
    // Said once, by the focused heading (no toast repeating it).
    expect(screen.getAllByText(PAYMENT_COMPLETED_MESSAGE)).toHaveLength(1);
    // The card is gone from the page.
    expect(screen.queryByRole('form', { name: 'Card payment' })).not.toBeInTheDocument();
    expect(document.body.innerHTML).not.toContain('4242 4242');

    expect(lastRequest(fetchMock, CONFIRM).body).toEqual({
      clientSecret: SECRET,
      card: { number: TEST_CARDS.success, expMonth: 12, expYear: 2034, cvc: '123' },
      billingDetails: { name: order.customerName, email: order.customerEmail },
    });
    const patch = lastRequest(fetchMock, MARK_PAID);
    expect(patch.body).toEqual({ transactionId: PAID_ID });
    expect(patch.headers.get('Authorization')).toBe('Bearer access-1');
    expect(
      queryClient.getQueryState(['purchases', 'list', 'mine', customer.email])?.isInvalidated,
    ).toBe(true);
    expect(requestLog(fetchMock).filter((request) => request === CONFIRM)).toHaveLength(1);
  });

  it.each([
    ['declined', TEST_CARDS.declined, CardErrors.declined],
    ['insufficient funds', TEST_CARDS.insufficientFunds, CardErrors.insufficientFunds],
  ])(
    'shows the provider message in red when the card is %s, and lets the customer retry',
    async (_, cardNumber, cardError) => {
      const { user, fetchMock } = renderPayment({ [CONFIRM]: declined(cardError) });
      const { number, pay } = await enterCard(user, cardNumber);
      await waitFor(() => expect(pay).toBeEnabled());

      await user.click(pay);

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(cardError.message);
      expect(alert).toHaveClass('text-error');
      expect(pay).toBeEnabled();
      expect(number).toHaveValue(cardNumber.replace(/(\d{4})(?=\d)/g, '$1 '));
      expect(requestLog(fetchMock)).not.toContain(MARK_PAID);
      expect(screen.queryByText(PAYMENT_COMPLETED_MESSAGE)).not.toBeInTheDocument();
    },
  );

  it('pays with another card after a decline', async () => {
    let answer = declined(CardErrors.declined);
    const { user } = renderPayment({ [CONFIRM]: () => answer });
    const { pay } = await enterCard(user, TEST_CARDS.declined);
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    expect(await screen.findByRole('alert')).toHaveTextContent(CardErrors.declined.message);

    answer = jsonResponse({ paymentIntent: { id: PAID_ID, status: 'succeeded', amount: 155988 } });
    await enterCard(user);
    await user.click(pay);

    expect(
      await screen.findByRole('heading', { level: 1, name: PAYMENT_COMPLETED_MESSAGE }),
    ).toBeInTheDocument();
  });

  it("shows the server's message in red when the order cannot be marked paid (409)", async () => {
    const refunded = 'This order was cancelled; your payment has been refunded.';
    const { user, fetchMock } = renderPayment({
      [MARK_PAID]: jsonResponse({ code: 'CONFLICT', message: refunded }, 409),
    });
    const { pay } = await enterCard(user);
    await waitFor(() => expect(pay).toBeEnabled());

    await user.click(pay);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(refunded);
    expect(alert).toHaveClass('text-error');
    expect(screen.queryByText(PAYMENT_COMPLETED_MESSAGE)).not.toBeInTheDocument();

    // Trying again asks the server again; the card is not charged a second time.
    await user.click(pay);
    await waitFor(() =>
      expect(requestLog(fetchMock).filter((request) => request === MARK_PAID)).toHaveLength(2),
    );
    expect(requestLog(fetchMock).filter((request) => request === CONFIRM)).toHaveLength(1);
  });

  it.each([
    ['already paid', paidOrder(), [ALREADY_PAID_MESSAGE, transactionIdMessage(PAID_ID)]],
    ['cancelled', { ...order, stat: 'cancelled' }, [ORDER_CANCELLED_MESSAGE]],
    ['expired', { ...order, stat: 'expired' }, [ORDER_EXPIRED_MESSAGE]],
  ] as const)(
    'says so for an order %s, offers no card form and links back to My Orders',
    async (_, state, texts) => {
      const { fetchMock } = renderPayment({ [ORDER]: jsonResponse(state) });

      for (const text of texts) expect(await screen.findByText(text)).toBeInTheDocument();
      expect(screen.getByText(`Hello, ${customer.name}`)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute(
        'href',
        '/dashboard/myOrders',
      );
      expect(screen.queryByRole('form', { name: 'Card payment' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
      expect(requestLog(fetchMock)).not.toContain(INTENT);
    },
  );

  it.each([404, 403])('says the order was not found (%i)', async (status) => {
    renderPayment({
      [ORDER]: jsonResponse({ code: 'NOT_FOUND', message: 'Order not found' }, status),
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order not found' }),
    ).toBeInTheDocument();
    expect(screen.getByText(ORDER_NOT_FOUND_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toBeInTheDocument();
  });

  it('offers a retry when the order cannot be loaded', async () => {
    let answer = jsonResponse({ code: 'INTERNAL', message: 'Boom' }, 500);
    const { user } = renderPayment({ [ORDER]: () => answer });

    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load this order.");
    answer = jsonResponse(order);
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(
      await screen.findByRole('heading', { name: 'Please Pay for Cordless Drill' }),
    ).toBeInTheDocument();
  });

  it('tells the customer when the order can no longer be paid (409 on the payment secret)', async () => {
    let current: Purchase = order;
    renderPayment({
      [ORDER]: () => jsonResponse(current),
      [INTENT]: () => {
        current = paidOrder();
        return jsonResponse({ code: 'CONFLICT', message: 'This order is already paid.' }, 409);
      },
    });

    // The order, asked again, shows it paid.
    expect(await screen.findByText(transactionIdMessage(PAID_ID))).toBeInTheDocument();
    expect(screen.getByText(ALREADY_PAID_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Card payment' })).not.toBeInTheDocument();
  });

  it('says plainly that it is test mode', async () => {
    renderPayment();
    expect(await screen.findByText(TEST_MODE_LABEL)).toBeInTheDocument();
    expect(screen.getByText(TEST_MODE_EXPLANATION)).toBeInTheDocument();
  });

  it('shows the message in red under the form when the payment service is down, and Pay retries', async () => {
    let answer = jsonResponse(
      { code: 'SERVICE_UNAVAILABLE', message: PAYMENT_UNAVAILABLE_MESSAGE, requestId: 'r1' },
      503,
    );
    const { user, fetchMock } = renderPayment({ [INTENT]: () => answer.clone() });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(PAYMENT_UNAVAILABLE_MESSAGE);
    expect(alert).toHaveClass('text-error');
    // Under the form, with Pay enabled for a retry once the card is complete.
    const { pay } = await enterCard(user);
    expect(within(screen.getByRole('form', { name: 'Card payment' })).getByRole('alert')).toBe(
      alert,
    );
    expect(pay).toBeEnabled();

    // Still down: the same message again, and Pay enabled again (each ask retried once).
    await user.click(pay);
    await waitFor(() =>
      expect(requestLog(fetchMock).filter((request) => request === INTENT)).toHaveLength(4),
    );
    await waitFor(() => expect(pay).toBeEnabled());
    expect(screen.getByRole('alert')).toHaveTextContent(PAYMENT_UNAVAILABLE_MESSAGE);
    expect(requestLog(fetchMock)).not.toContain(CONFIRM);

    // Back: the secret is obtained, the card confirmed and the order paid.
    answer = jsonResponse(INTENT_ANSWER);
    await user.click(pay);
    expect(
      await screen.findByRole('heading', { level: 1, name: PAYMENT_COMPLETED_MESSAGE }),
    ).toBeInTheDocument();
    expect(lastRequest(fetchMock, CONFIRM).body).toMatchObject({ clientSecret: SECRET });
  });

  it('shows the message when the payment cannot be verified (503) and retries without charging again', async () => {
    let answer = jsonResponse(
      { code: 'SERVICE_UNAVAILABLE', message: PAYMENT_UNAVAILABLE_MESSAGE, requestId: 'r2' },
      503,
    );
    const { user, fetchMock } = renderPayment({ [MARK_PAID]: () => answer.clone() });
    const { pay } = await enterCard(user);
    await waitFor(() => expect(pay).toBeEnabled());

    await user.click(pay);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(PAYMENT_UNAVAILABLE_MESSAGE);
    expect(alert).toHaveClass('text-error');
    await waitFor(() => expect(pay).toBeEnabled());

    answer = jsonResponse(paidOrder());
    await user.click(pay);
    expect(
      await screen.findByRole('heading', { level: 1, name: PAYMENT_COMPLETED_MESSAGE }),
    ).toBeInTheDocument();
    expect(requestLog(fetchMock).filter((request) => request === CONFIRM)).toHaveLength(1);
    // The first submit retried once with its key (post-once), then Pay submitted again.
    expect(requestLog(fetchMock).filter((request) => request === MARK_PAID)).toHaveLength(3);
  });

  it('retries a mark-paid lost to a 503 once with the same Idempotency-Key', async () => {
    let calls = 0;
    const { user, fetchMock } = renderPayment({
      [MARK_PAID]: () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(
              {
                code: 'SERVICE_UNAVAILABLE',
                message: PAYMENT_UNAVAILABLE_MESSAGE,
                requestId: 'r3',
              },
              503,
            )
          : jsonResponse(paidOrder());
      },
    });
    const { pay } = await enterCard(user);
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    expect(
      await screen.findByRole('heading', { level: 1, name: PAYMENT_COMPLETED_MESSAGE }),
    ).toBeInTheDocument();
    const keys = fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'PATCH')
      .map(([, init]) => new Headers(init?.headers).get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[\x21-\x7e]{16,}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('says payments are not set up when no provider is active, and asks for no payment secret', async () => {
    const { fetchMock } = renderPayment({
      [CONFIG]: jsonResponse(makePublicConfig({ payments: { provider: 'none' } })),
    });

    expect(await screen.findByText(PAYMENTS_NOT_SET_UP_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Card payment' })).not.toBeInTheDocument();
    expect(screen.queryByText(TEST_MODE_LABEL)).not.toBeInTheDocument();
    expect(requestLog(fetchMock)).not.toContain(INTENT);
  });

  it('is the page at /dashboard/payment/:id, inside the dashboard', async () => {
    storeAccessToken('access-1');
    mockApi({
      [SESSION]: sessionResponse(customer, 'access-1'),
      [`GET ${apiPaths.adminCheck(customer.email)}`]: jsonResponse({ admin: false }),
      ...happyPath,
    });
    renderApp(`/dashboard/payment/${order._id}`);

    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Please Pay for Cordless Drill' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
    expect(await cardForm()).toBeTruthy();
    expect(document.title).toBe('Payment — Toolhouse');
  });
});
