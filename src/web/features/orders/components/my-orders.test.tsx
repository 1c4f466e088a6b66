import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { productDeletedMessage } from '../../../../shared/product.ts';
import type { Purchase } from '../../../../shared/purchase.ts';
import { useAuth } from '../../../lib/auth/session.ts';
import { lastRequest, mockApi, requestLog } from '../../../test/api-routes.ts';
import {
  customer,
  sessionResponse,
  storeAccessToken,
  storedAccessToken,
} from '../../../test/auth.ts';
import { deferred, jsonResponse } from '../../../test/fetch-mock.ts';
import {
  makePublicConfig,
  makePurchase,
  makeSearchResult,
  NEWEST_PRODUCTS_URL,
} from '../../../test/fixtures.ts';
import { renderApp, renderWithProviders } from '../../../test/render.tsx';
import { MyOrders } from './my-orders.tsx';

// pigeon-maps measures its container, which jsdom cannot do (the home page shows the map).
vi.mock('../../home/components/location-map.tsx', () => ({ default: () => <p>Map</p> }));

const SESSION = `GET ${apiPaths.auth.session}`;
const SIGN_OUT = `POST ${apiPaths.auth.signOut}`;
const ORDERS = `GET ${apiPaths.myPurchases(customer.email)}`;

const unpaid = makePurchase(1, {
  product: 'Cordless Drill',
  orderQuantity: 12,
  price: 129.99,
  totalPrice: 1559.88,
});
const paid = makePurchase(2, {
  product: 'Circular Saw',
  paid: true,
  transactionId: 'pi_test_123',
  stat: 'shipped',
});
const DELETE_UNPAID = `DELETE ${apiPaths.purchase(unpaid._id)}`;

type Answer = Parameters<typeof mockApi>[0][string];

/** My Orders renders behind RequireAuth: shown once the session is restored, as the guard does. */
function BehindGuard() {
  return useAuth().status === 'signedIn' ? <MyOrders /> : null;
}

function renderMyOrders(routes: Record<string, Answer>) {
  storeAccessToken('access-1');
  const fetchMock = mockApi({
    [SESSION]: sessionResponse(customer, 'access-1'),
    // After the sale (issue 25): nothing refunded, returned, registered or recalled here.
    'GET /api/aftersale/mine': jsonResponse({}),
    ...routes,
  });
  return {
    fetchMock,
    ...renderWithProviders(<BehindGuard />, { route: '/dashboard/myOrders' }),
  };
}

/** A server that forgets an order once it is deleted. */
function ordersServer(initial: Purchase[]) {
  let orders = initial;
  return {
    [ORDERS]: () => jsonResponse(orders),
    [DELETE_UNPAID]: () => {
      orders = orders.filter(({ _id }) => _id !== unpaid._id);
      return jsonResponse({ deletedCount: 1 });
    },
  };
}

function rowOf(product: string) {
  return screen.getByRole('rowheader', { name: product }).closest('tr')!;
}

describe('MyOrders', () => {
  it('shows a spinner, then the orders under a heading with their count', async () => {
    const orders = deferred<Response>();
    renderMyOrders({ [ORDERS]: () => orders.promise });

    expect(await screen.findByRole('status', { name: 'Loading your orders' })).toBeInTheDocument();
    orders.resolve(jsonResponse([unpaid, paid]));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Orders: 2' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Product',
      'Order Quantity',
      'Price per Quantity',
      'Total Price',
      'Action',
      'Status',
    ]);
    expect(
      within(rowOf('Cordless Drill'))
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual([
      '12',
      '$129.99',
      '$1,559.88',
      expect.stringMatching(/^Reserved until .+PaymentDeleteHistory$/),
      'pending',
    ]);
  });

  it('offers Payment and Delete for an unpaid order', async () => {
    renderMyOrders({ [ORDERS]: jsonResponse([unpaid]) });
    await screen.findByRole('heading', { level: 1, name: 'My Orders: 1' });
    const row = within(rowOf('Cordless Drill'));

    const payment = row.getByRole('link', { name: 'Payment' });
    expect(payment).toHaveAttribute('href', `/dashboard/payment/${unpaid._id}`);
    expect(payment).toHaveAccessibleDescription('Cordless Drill');
    expect(row.getByRole('button', { name: 'Delete' })).toHaveAccessibleDescription(
      'Cordless Drill',
    );
    expect(row.queryByText('Paid')).not.toBeInTheDocument();
  });

  it('names the checkout and the PO reference of orders bought together', async () => {
    const together = {
      checkoutId: unpaid.checkoutId,
      checkoutReference: 'C-1042',
      poReference: 'PO-117',
    };
    const battery = makePurchase(3, { product: 'Battery', ...together });
    renderMyOrders({ [ORDERS]: jsonResponse([{ ...unpaid, ...together }, battery, paid]) });
    await screen.findByRole('heading', { level: 1, name: 'My Orders: 3' });

    expect(
      within(rowOf('Battery')).getByText('Checkout C-1042 · PO reference PO-117'),
    ).toBeInTheDocument();
    expect(within(rowOf('Cordless Drill')).getByText(/Checkout C-1042/)).toBeInTheDocument();
    // Bought alone, without a PO reference: nothing to tell.
    expect(within(rowOf('Circular Saw')).queryByText(/Checkout/)).not.toBeInTheDocument();
    // Each pays the whole checkout, on the same page as before.
    expect(within(rowOf('Battery')).getByRole('link', { name: 'Payment' })).toHaveAttribute(
      'href',
      `/dashboard/payment/${battery._id}`,
    );
  });

  it('shows an order awaiting approval, and one on account with its invoice, without Payment', async () => {
    const awaiting = makePurchase(5, {
      product: 'Rotary Hammer',
      stat: 'awaiting_approval',
      companyId: 'company-1',
    });
    const invoiced = makePurchase(6, {
      product: 'Site Radio',
      onAccount: true,
      invoiceNumber: 'INV-000042',
      reservedUntil: null,
      companyId: 'company-1',
    });
    renderMyOrders({ [ORDERS]: jsonResponse([awaiting, invoiced]) });
    await screen.findByRole('heading', { level: 1, name: 'My Orders: 2' });

    const waiting = within(rowOf('Rotary Hammer'));
    expect(waiting.getByRole('cell', { name: 'Awaiting approval' })).toBeInTheDocument();
    expect(waiting.queryByRole('link', { name: 'Payment' })).not.toBeInTheDocument();
    // Withdrawn by its buyer while it waits.
    expect(waiting.getByRole('button', { name: 'Delete' })).toBeInTheDocument();

    const onAccount = within(rowOf('Site Radio'));
    expect(onAccount.getByText('On account')).toBeInTheDocument();
    expect(onAccount.getByText(/Invoice INV-000042/)).toBeInTheDocument();
    expect(onAccount.getByRole('cell', { name: 'pending' })).toBeInTheDocument();
    expect(onAccount.queryByRole('link', { name: 'Payment' })).not.toBeInTheDocument();
    // An invoiced order is never deleted.
    expect(onAccount.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('says Rejected for a rejected order', async () => {
    const rejected = makePurchase(7, { product: 'Jig Saw', stat: 'rejected', reservedUntil: null });
    renderMyOrders({ [ORDERS]: jsonResponse([rejected]) });
    await screen.findByRole('heading', { level: 1, name: 'My Orders: 1' });
    const row = within(rowOf('Jig Saw'));
    expect(row.getByRole('cell', { name: 'Rejected' })).toBeInTheDocument();
    expect(row.queryByRole('link', { name: 'Payment' })).not.toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('shows Paid and the transaction id for a paid order, and its status', async () => {
    renderMyOrders({ [ORDERS]: jsonResponse([paid]) });
    await screen.findByRole('heading', { level: 1, name: 'My Orders: 1' });
    const row = within(rowOf('Circular Saw'));

    expect(row.getByText('Paid')).toBeInTheDocument();
    expect(row.getByText('Transaction Id: pi_test_123')).toBeInTheDocument();
    expect(row.getByRole('cell', { name: 'shipped' })).toBeInTheDocument();
    expect(row.queryByRole('link')).not.toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Download receipt' })).toHaveAccessibleDescription(
      'Circular Saw',
    );
    expect(row.queryByText(/Reserved until/)).not.toBeInTheDocument();
  });

  it("shows a shipped order's carrier, tracking number and a link to follow the parcel", async () => {
    const tracked = {
      ...paid,
      shipment: {
        id: '00000000-0000-4000-8000-0000000000a1',
        carrier: 'dhl-express' as const,
        carrierName: 'DHL Express',
        trackingNumber: 'JD0146',
        trackingUrl:
          'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=JD0146',
        shippedAt: '2026-11-29T07:00:00.000Z',
      },
    };
    renderMyOrders({ [ORDERS]: jsonResponse([tracked]) });
    await screen.findByRole('heading', { level: 1, name: 'My Orders: 1' });
    const row = within(rowOf('Circular Saw'));

    expect(row.getByText(/DHL Express · Tracking number JD0146/)).toBeInTheDocument();
    const link = row.getByRole('link', { name: 'Track parcel' });
    expect(link).toHaveAttribute('href', tracked.shipment.trackingUrl);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAccessibleDescription('Circular Saw');
  });

  it('marks test-mode orders and opens the history (timeline) of an order', async () => {
    const inTest = { ...paid, testMode: true };
    const { user } = renderMyOrders({
      [ORDERS]: jsonResponse([inTest]),
      [`GET ${apiPaths.purchase(paid._id)}`]: jsonResponse({
        ...inTest,
        timeline: [
          { at: '2026-11-21T10:00:00.000Z', event: 'placed', actor: 'customer' },
          { at: '2026-11-21T10:05:00.000Z', event: 'paid', actor: 'customer' },
          { at: '2026-11-21T11:00:00.000Z', event: 'shipped', actor: 'admin' },
        ],
      }),
    });
    await screen.findByRole('heading', { level: 1, name: 'My Orders: 1' });
    const row = within(rowOf('Circular Saw'));
    expect(row.getByText('Test mode')).toBeInTheDocument();

    const history = row.getByRole('button', { name: 'History' });
    expect(history).toHaveAttribute('aria-expanded', 'false');
    await user.click(history);
    expect(history).toHaveAttribute('aria-expanded', 'true');
    const list = await screen.findByRole('list', { name: 'Order history' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^Placed by the customer, /),
      expect.stringMatching(/^Paid by the customer, /),
      expect.stringMatching(/^Shipped by the shop, /),
    ]);
  });

  it("shows an order's shipping, tax and amount as stored, in the row and its detail (issue 35)", async () => {
    const taxed = {
      ...paid,
      tax: 7.25,
      shipping: 10,
      shippingTax: 0.73,
      amount: paid.totalPrice + 17.98,
    };
    const { user } = renderMyOrders({
      [ORDERS]: jsonResponse([taxed]),
      [`GET ${apiPaths.purchase(paid._id)}`]: jsonResponse({ ...taxed, timeline: [] }),
    });
    await screen.findByRole('heading', { level: 1, name: 'My Orders: 1' });
    const row = within(rowOf('Circular Saw'));
    const amount = `$${(paid.totalPrice + 17.98).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    expect(row.getByText(`Shipping $10.00 · Tax $7.98 · Amount ${amount}`)).toBeInTheDocument();
    await user.click(row.getByRole('button', { name: 'History' }));
    const list = await screen.findByLabelText('Charges');
    expect(within(list).getByText('Shipping').nextElementSibling).toHaveTextContent('$10.00');
    expect(within(list).getByText('Tax').nextElementSibling).toHaveTextContent('$7.98');
    expect(within(list).getByText('Total').nextElementSibling).toHaveTextContent(amount);
  });

  it("shows an order's discount and its checkout's promotions, in the row and its detail (issue 36)", async () => {
    const discounted = {
      ...paid,
      discount: 10,
      tax: 6.53,
      shipping: 10,
      shippingTax: 0.73,
      amount: paid.totalPrice - 10 + 17.26,
      promotions: [
        {
          name: 'Ten off tools',
          code: 'TOOLS10',
          kind: 'percent_off' as const,
          discount: 10,
          shippingDiscount: 0,
        },
        {
          name: 'Free delivery',
          code: null,
          kind: 'free_shipping' as const,
          discount: 0,
          shippingDiscount: 9.95,
        },
      ],
    };
    const { user } = renderMyOrders({
      [ORDERS]: jsonResponse([discounted]),
      [`GET ${apiPaths.purchase(paid._id)}`]: jsonResponse({ ...discounted, timeline: [] }),
    });
    await screen.findByRole('heading', { level: 1, name: 'My Orders: 1' });
    const row = within(rowOf('Circular Saw'));
    const amount = `$${(paid.totalPrice + 7.26).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    expect(
      row.getByText(`Discount -$10.00 · Shipping $10.00 · Tax $7.26 · Amount ${amount}`),
    ).toBeInTheDocument();
    expect(
      row.getByText('Promotions: Ten off tools (code TOOLS10), Free delivery'),
    ).toBeInTheDocument();
    await user.click(row.getByRole('button', { name: 'History' }));
    const list = await screen.findByLabelText('Charges');
    expect(within(list).getByText('Discount').nextElementSibling).toHaveTextContent('-$10.00');
    expect(
      within(list).getByText('Promotion: Ten off tools (code TOOLS10)').nextElementSibling,
    ).toHaveTextContent('-$10.00');
    expect(within(list).getByText('Promotion: Free delivery').nextElementSibling).toHaveTextContent(
      '-$9.95 on shipping',
    );
    expect(within(list).getByText('Total').nextElementSibling).toHaveTextContent(amount);
  });

  it('deletes after confirmation: a toast, the dialog closes and the row leaves', async () => {
    const { user, fetchMock } = renderMyOrders(ordersServer([unpaid, paid]));
    await screen.findByRole('heading', { level: 1, name: 'My Orders: 2' });

    await user.click(within(rowOf('Cordless Drill')).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', {
      name: 'Are you sure you want to delete Cordless Drill?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(productDeletedMessage('Cordless Drill'))).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Cordless Drill' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'My Orders: 1' })).toHaveFocus();
    expect(lastRequest(fetchMock, DELETE_UNPAID).headers.get('Authorization')).toBe(
      'Bearer access-1',
    );
    await waitFor(() => expect(requestLog(fetchMock).filter((r) => r === ORDERS)).toHaveLength(2));
  });

  it('keeps the order when the dialog is cancelled', async () => {
    const { user, fetchMock } = renderMyOrders(ordersServer([unpaid]));
    await screen.findByRole('heading', { level: 1, name: 'My Orders: 1' });
    const deleteButton = within(rowOf('Cordless Drill')).getByRole('button', { name: 'Delete' });

    await user.click(deleteButton);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(rowOf('Cordless Drill')).toBeInTheDocument();
    expect(deleteButton).toHaveFocus();
    expect(requestLog(fetchMock)).not.toContain(DELETE_UNPAID);
  });

  it("tells the customer when the order can't be deleted (paid meanwhile)", async () => {
    let orders = [unpaid];
    const { user } = renderMyOrders({
      [ORDERS]: () => jsonResponse(orders),
      [DELETE_UNPAID]: () => {
        orders = [{ ...unpaid, paid: true, transactionId: 'pi_test_9' }];
        return jsonResponse({ code: 'CONFLICT', message: 'A paid order cannot be deleted.' }, 409);
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'My Orders: 1' });

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('A paid order cannot be deleted.')).toBeInTheDocument();
    expect(screen.queryByText(productDeletedMessage('Cordless Drill'))).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Transaction Id: pi_test_9')).toBeInTheDocument();
  });

  it('says so when there are no orders yet, with a way to the products', async () => {
    renderMyOrders({ [ORDERS]: jsonResponse([]) });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Orders: 0' }),
    ).toBeInTheDocument();
    expect(screen.getByText('You have no orders yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all products' })).toHaveAttribute(
      'href',
      '/allProducts',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it.each([401, 403])(
    'signs the user out and goes to / when the load is refused (%i)',
    async (status) => {
      storeAccessToken('access-1');
      const fetchMock = mockApi({
        [SESSION]: sessionResponse(customer, 'access-1'),
        [`GET ${apiPaths.adminCheck(customer.email)}`]: jsonResponse({ admin: false }),
        [ORDERS]: jsonResponse({ code: 'UNAUTHORIZED', message: 'Sign in again' }, status),
        [SIGN_OUT]: jsonResponse({ success: true }),
        [`GET ${apiPaths.config}`]: jsonResponse(makePublicConfig()),
        [`GET ${NEWEST_PRODUCTS_URL}`]: jsonResponse(makeSearchResult([])),
        [`GET ${apiPaths.reviews}`]: jsonResponse([]),
      });
      const { router } = renderApp('/dashboard/myOrders');

      // The first page of the whole app in this file: its modules load now, which takes a while.
      expect(
        await screen.findByRole('heading', { name: 'Eliminates Cords!' }, { timeout: 5000 }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
      await waitFor(() => expect(storedAccessToken()).toBeNull());
      expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
      await waitFor(() => expect(requestLog(fetchMock)).toContain(SIGN_OUT));
      expect(lastRequest(fetchMock, SIGN_OUT).headers.get('Authorization')).toBe('Bearer access-1');
    },
  );

  it('offers a retry when the orders cannot be loaded', async () => {
    let answer = jsonResponse({ code: 'INTERNAL', message: 'Boom' }, 500);
    const { user } = renderMyOrders({ [ORDERS]: () => answer });

    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load your orders.");
    answer = jsonResponse([unpaid]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Orders: 1' }),
    ).toBeInTheDocument();
  });
});
