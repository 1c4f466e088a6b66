import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { BASKET_EMPTY_MESSAGE, PRODUCT_GONE_MESSAGE } from '../../../../shared/basket.ts';
import {
  CHECKOUT_LINES_FAILED_MESSAGE,
  CHECKOUT_PLACED_MESSAGE,
  PO_REFERENCE_MAX,
} from '../../../../shared/checkout.ts';
import { ABOVE_STOCK_MESSAGE } from '../../../../shared/purchase.ts';
import { useAuth } from '../../../lib/auth/session.ts';
import { lastRequest, mockApi, requestLog } from '../../../test/api-routes.ts';
import { customer, sessionResponse, storeAccessToken } from '../../../test/auth.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { makeBasket, makeBasketLine, makePurchase, uuid } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CheckoutPage } from './checkout-page.tsx';

const drill = makeBasketLine(1, 10, { name: 'Drill' });
const battery = makeBasketLine(2, 3, { name: 'Battery', minQuantity: 1 });
const BASKET = `GET ${apiPaths.basket}`;
const PLACE = `POST ${apiPaths.checkout}`;
const ADDRESSES = `GET ${apiPaths.addresses}`;
const SAVE_ADDRESS = `POST ${apiPaths.addresses}`;

type Answer = Parameters<typeof mockApi>[0][string];

const placed = {
  checkoutId: uuid(3001),
  reference: 'C-1042',
  orders: [
    makePurchase(1, { product: 'Drill', checkoutReference: 'C-1042' }),
    makePurchase(2, { product: 'Battery', checkoutReference: 'C-1042' }),
  ],
  totalPrice: drill.lineTotal + battery.lineTotal,
};

/** The page renders behind RequireAuth: shown once the session is restored, as the guard does. */
function BehindGuard() {
  return useAuth().status === 'signedIn' ? <CheckoutPage /> : null;
}

function renderCheckout(routes: Record<string, Answer> = {}) {
  storeAccessToken('access-1');
  const fetchMock = mockApi({
    [`GET ${apiPaths.auth.session}`]: sessionResponse(customer, 'access-1'),
    [BASKET]: jsonResponse(makeBasket([drill, battery])),
    [ADDRESSES]: jsonResponse([]),
    ...routes,
  });
  return { fetchMock, ...renderWithProviders(<BehindGuard />, { route: '/checkout' }) };
}

function form() {
  const checkout = screen.getByRole('form', { name: 'Checkout' });
  return {
    name: within(checkout).getByLabelText('Name'),
    email: within(checkout).getByLabelText('Email'),
    address: within(checkout).getByLabelText('Address'),
    phone: within(checkout).getByLabelText('Phone'),
    poReference: within(checkout).getByLabelText('PO reference'),
    saveAddress: within(checkout).getByRole('checkbox', { name: 'Save this address' }),
    place: within(checkout).getByRole('button', { name: 'Place order' }),
  };
}

describe('CheckoutPage', () => {
  it('shows the account read-only, the delivery fields, the lines and the total', async () => {
    renderCheckout();

    expect(await screen.findByRole('listitem', { name: 'Drill' })).toHaveTextContent(
      'Quantity: 10',
    );
    expect(screen.getByRole('listitem', { name: 'Battery' })).toHaveTextContent(
      'Line total: $306.00',
    );
    expect(screen.getByText('Total Price: $1,316.00')).toBeInTheDocument();
    const { name, email, poReference } = form();
    expect(name).toHaveValue(customer.name);
    expect(name).toHaveAttribute('readonly');
    expect(email).toHaveValue(customer.email);
    expect(email).toHaveAttribute('readonly');
    expect(poReference).toHaveValue('');
    // No saved addresses: no select to pick one.
    expect(screen.queryByLabelText('Saved address')).not.toBeInTheDocument();
  });

  it('places the order with the PO reference and goes to the payment of its first order', async () => {
    const { user, fetchMock, router } = renderCheckout({
      [PLACE]: jsonResponse(placed, 201),
    });
    await screen.findByRole('listitem', { name: 'Drill' });
    const { address, phone, poReference, place } = form();

    await user.type(address, '1 Main Street, Lisbon');
    await user.type(phone, '+351 900 000 000');
    await user.type(poReference, ' PO-2026-117 ');
    await user.click(place);

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dashboard/payment/${placed.orders[0]!._id}`),
    );
    expect(await screen.findByText(CHECKOUT_PLACED_MESSAGE)).toBeInTheDocument();
    expect(lastRequest(fetchMock, PLACE).body).toEqual({
      address: '1 Main Street, Lisbon',
      phone: '+351 900 000 000',
      poReference: 'PO-2026-117',
    });
    // The emptied basket is asked for again (the navbar's count).
    await waitFor(() =>
      expect(requestLog(fetchMock).filter((request) => request === BASKET)).toHaveLength(2),
    );
    expect(requestLog(fetchMock)).not.toContain(SAVE_ADDRESS);
  });

  it("names each failing line's problem next to it on a 409, and nothing else changes", async () => {
    const { user, fetchMock, router } = renderCheckout({
      [PLACE]: jsonResponse(
        {
          code: 'CONFLICT',
          message: CHECKOUT_LINES_FAILED_MESSAGE,
          fields: {
            [drill.productId]: ABOVE_STOCK_MESSAGE,
            [battery.productId]: PRODUCT_GONE_MESSAGE,
          },
        },
        409,
      ),
    });
    await screen.findByRole('listitem', { name: 'Drill' });
    await user.type(form().address, '1 Main Street');

    await user.click(form().place);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(CHECKOUT_LINES_FAILED_MESSAGE);
    expect(alert).toHaveFocus();
    expect(screen.getByRole('listitem', { name: 'Drill' })).toHaveTextContent(ABOVE_STOCK_MESSAGE);
    expect(screen.getByRole('listitem', { name: 'Battery' })).toHaveTextContent(
      PRODUCT_GONE_MESSAGE,
    );
    expect(router.state.location.pathname).toBe('/checkout');
    expect(form().address).toHaveValue('1 Main Street');
    expect(requestLog(fetchMock).filter((request) => request === BASKET)).toHaveLength(1);
    expect(screen.queryByText(CHECKOUT_PLACED_MESSAGE)).not.toBeInTheDocument();
  });

  it('keeps the PO reference to its maximum, with the shared message from the server', async () => {
    const message = `PO reference must be at most ${PO_REFERENCE_MAX} characters`;
    const { user } = renderCheckout({
      [PLACE]: jsonResponse(
        { code: 'VALIDATION_FAILED', message: 'Invalid', fields: { poReference: message } },
        400,
      ),
    });
    await screen.findByRole('listitem', { name: 'Drill' });
    const { poReference, place } = form();
    expect(poReference).toHaveAttribute('maxlength', String(PO_REFERENCE_MAX));

    await user.type(poReference, 'PO-1');
    await user.click(place);

    await waitFor(() =>
      expect(poReference).toHaveAccessibleDescription(expect.stringContaining(message)),
    );
  });

  it('fills the address from a saved one, and saves a new one when asked', async () => {
    const saved = {
      _id: uuid(4001),
      address: '9 Dock Road, Porto',
      phone: '+351 911 111 111',
      createdAt: '2026-11-01T00:00:00.000Z',
    };
    const { user, fetchMock } = renderCheckout({
      [ADDRESSES]: jsonResponse([saved]),
      [PLACE]: jsonResponse(placed, 201),
      [SAVE_ADDRESS]: jsonResponse(
        { ...saved, _id: uuid(4002), address: '9 Dock Road, Porto, 2' },
        201,
      ),
    });
    await screen.findByRole('listitem', { name: 'Drill' });

    await user.selectOptions(
      await screen.findByLabelText('Saved address'),
      '9 Dock Road, Porto (+351 911 111 111)',
    );
    expect(form().address).toHaveValue('9 Dock Road, Porto');
    expect(form().phone).toHaveValue('+351 911 111 111');

    await user.type(form().address, ', 2');
    await user.click(form().saveAddress);
    await user.click(form().place);

    await waitFor(() =>
      expect(lastRequest(fetchMock, SAVE_ADDRESS).body).toEqual({
        address: '9 Dock Road, Porto, 2',
        phone: '+351 911 111 111',
      }),
    );
  });

  it('says the basket is empty, with a way to the products, and offers no Place order', async () => {
    renderCheckout({ [BASKET]: jsonResponse(makeBasket([])) });

    expect(await screen.findByText(BASKET_EMPTY_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all products' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();
  });
});
