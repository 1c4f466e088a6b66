import { screen, waitFor, within } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import {
  PAYMENT_COMPLETED_MESSAGE,
  PAYMENT_UNAVAILABLE_MESSAGE,
  TEST_MODE_LABEL,
  transactionIdMessage,
} from '../../../../shared/payment.ts';
import { useAuth } from '../../../lib/auth/session.ts';
import { lastRequest, mockApi, requestLog } from '../../../test/api-routes.ts';
import { customer, sessionResponse, storeAccessToken } from '../../../test/auth.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { makeCheckout, makePublicConfig, makePurchase } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PaymentPage } from './payment-page.tsx';

// Minimal stand-ins for Stripe.js and Elements: the card element becomes ready when the test
// says so, and confirmCardPayment answers what the test sets.
const stripe = vi.hoisted(() => {
  const cardElement = { clear: () => undefined };
  return {
    cardElement,
    instance: { confirmCardPayment: (..._args: unknown[]): Promise<unknown> => Promise.resolve() },
    loadStripe: (_key: string): Promise<unknown> => Promise.resolve(null),
  };
});

vi.mock('@stripe/stripe-js', () => ({
  loadStripe: (key: string) => stripe.loadStripe(key),
}));

vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => <>{children}</>,
  useStripe: () => stripe.instance,
  useElements: () => ({ getElement: () => stripe.cardElement }),
  CardElement: function CardElement({ onReady }: { onReady?: () => void }) {
    useEffect(() => {
      const ready = () => onReady?.();
      document.addEventListener('stripe-ready', ready);
      return () => document.removeEventListener('stripe-ready', ready);
    }, [onReady]);
    return <div data-testid="stripe-card-element" />;
  },
}));

const order = makePurchase(1, { product: 'Cordless Drill', totalPrice: 1010 });
const SECRET = 'pi_stripe_1_secret_xyz';
const SESSION = `GET ${apiPaths.auth.session}`;
const MARK_PAID = `PATCH ${apiPaths.purchase(order._id)}`;

function BehindGuard() {
  return useAuth().status === 'signedIn' ? <PaymentPage orderId={order._id} /> : null;
}

const INTENT = `POST ${apiPaths.createPaymentIntent}`;

function renderStripePayment(
  publishableKey = 'pk_test_123',
  routes: Parameters<typeof mockApi>[0] = {},
) {
  storeAccessToken('access-1');
  const fetchMock = mockApi({
    [SESSION]: sessionResponse(customer, 'access-1'),
    [`GET ${apiPaths.config}`]: jsonResponse(
      makePublicConfig({ payments: { provider: 'stripe', publishableKey } }),
    ),
    [`GET ${apiPaths.purchase(order._id)}`]: jsonResponse(order),
    [`GET ${apiPaths.checkoutById(order.checkoutId)}`]: jsonResponse(makeCheckout([order])),
    [`POST ${apiPaths.createPaymentIntent}`]: jsonResponse({
      clientSecret: SECRET,
      provider: 'stripe',
      amount: 101000,
      currency: 'usd',
    }),
    [MARK_PAID]: jsonResponse({ ...order, paid: true, transactionId: 'pi_stripe_1' }),
    ...routes,
  });
  return {
    fetchMock,
    ...renderWithProviders(<BehindGuard />, { route: `/dashboard/payment/${order._id}` }),
  };
}

async function stripeForm() {
  const form = await screen.findByRole('form', { name: 'Card payment' }, { timeout: 5000 });
  return {
    card: within(form).getByRole('group', { name: 'Card' }),
    pay: within(form).getByRole('button', { name: 'Pay' }),
  };
}

const elementsReady = () => document.dispatchEvent(new Event('stripe-ready'));

describe('PaymentPage (Stripe)', () => {
  beforeEach(() => {
    stripe.loadStripe = vi.fn(() => Promise.resolve(stripe.instance));
  });

  it('waits for Elements to be ready, then confirms the card with the billing name and e-mail and marks the order paid', async () => {
    const confirmCardPayment = vi.fn(() =>
      Promise.resolve({ paymentIntent: { id: 'pi_stripe_1', status: 'succeeded' } }),
    );
    stripe.instance.confirmCardPayment = confirmCardPayment;
    const clear = vi.spyOn(stripe.cardElement, 'clear');
    const { user, fetchMock } = renderStripePayment();

    const { card, pay } = await stripeForm();
    expect(within(card).getByTestId('stripe-card-element')).toBeInTheDocument();
    expect(screen.queryByLabelText('Card Number')).not.toBeInTheDocument();
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(pay).toBeDisabled();

    elementsReady();
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);

    expect(
      await screen.findByRole('heading', { level: 1, name: PAYMENT_COMPLETED_MESSAGE }),
    ).toBeInTheDocument();
    expect(screen.getByText(transactionIdMessage('pi_stripe_1'))).toBeInTheDocument();
    expect(confirmCardPayment).toHaveBeenCalledWith(SECRET, {
      payment_method: {
        card: stripe.cardElement,
        billing_details: { name: order.customerName, email: order.customerEmail },
      },
    });
    expect(lastRequest(fetchMock, MARK_PAID).body).toEqual({ transactionId: 'pi_stripe_1' });
    expect(clear).toHaveBeenCalled();
  });

  it('shows the outage message under the form when Stripe is down, and Pay retries (no Test mode)', async () => {
    const confirmCardPayment = vi.fn(() =>
      Promise.resolve({ paymentIntent: { id: 'pi_stripe_1', status: 'succeeded' } }),
    );
    stripe.instance.confirmCardPayment = confirmCardPayment;
    let answer = jsonResponse(
      { code: 'SERVICE_UNAVAILABLE', message: PAYMENT_UNAVAILABLE_MESSAGE, requestId: 'r1' },
      503,
    );
    const { user, fetchMock } = renderStripePayment('pk_test_123', {
      [INTENT]: () => answer.clone(),
    });

    const { pay } = await stripeForm();
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_UNAVAILABLE_MESSAGE);
    expect(screen.queryByText(TEST_MODE_LABEL)).not.toBeInTheDocument();
    elementsReady();
    await waitFor(() => expect(pay).toBeEnabled());

    answer = jsonResponse({
      clientSecret: SECRET,
      provider: 'stripe',
      amount: 101000,
      currency: 'usd',
    });
    await user.click(pay);
    expect(
      await screen.findByRole('heading', { level: 1, name: PAYMENT_COMPLETED_MESSAGE }),
    ).toBeInTheDocument();
    expect(confirmCardPayment).toHaveBeenCalledWith(SECRET, expect.anything());
    // The first ask was retried once with its key (post-once), then Pay asked again.
    expect(requestLog(fetchMock).filter((request) => request === INTENT)).toHaveLength(3);
  });

  it("shows Stripe's message in red and does not mark the order paid", async () => {
    stripe.instance.confirmCardPayment = vi.fn(() =>
      Promise.resolve({ error: { type: 'card_error', message: 'Your card was declined.' } }),
    );
    const { user, fetchMock } = renderStripePayment();
    const { pay } = await stripeForm();
    elementsReady();
    await waitFor(() => expect(pay).toBeEnabled());

    await user.click(pay);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(alert).toHaveClass('text-error');
    expect(pay).toBeEnabled();
    expect(requestLog(fetchMock)).not.toContain(MARK_PAID);
  });

  it('says so when Stripe.js cannot be loaded', async () => {
    stripe.loadStripe = vi.fn(() => Promise.reject(new Error('blocked')));
    // Another key: Stripe.js is loaded once per key, and the earlier tests loaded it.
    renderStripePayment('pk_test_blocked');

    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      "The card form couldn't be loaded.",
    );
  });
});
