import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { PRODUCT_WITHDRAWN_MESSAGE } from '../../../../shared/for-sale.ts';
import type { Product } from '../../../../shared/product.ts';
import {
  ABOVE_STOCK_MESSAGE,
  BELOW_MINIMUM_MESSAGE,
  ORDER_QUANTITY_REQUIRED_MESSAGE,
  PURCHASE_CONFIRMED_MESSAGE,
  type Purchase,
} from '../../../../shared/purchase.ts';
import {
  NOTIFY_ME_LABEL,
  NOTIFY_SUBSCRIBED_MESSAGE,
  STOP_NOTIFY_LABEL,
} from '../../../../shared/back-in-stock.ts';
import { useAuth } from '../../../lib/auth/session.ts';
import { lastRequest, mockApi, requestLog } from '../../../test/api-routes.ts';
import { customer, sessionResponse, storeAccessToken } from '../../../test/auth.ts';
import { deferred, jsonResponse } from '../../../test/fetch-mock.ts';
import {
  austinAddress,
  makeLineQuote,
  makeProduct,
  makePurchase,
  uuid,
} from '../../../test/fixtures.ts';
import { renderApp, renderWithProviders } from '../../../test/render.tsx';
import { PurchasePage } from './purchase-page.tsx';

const drill = makeProduct(1, {
  name: 'Cordless Drill',
  description: 'A compact 18 V drill.',
  price: 129.99,
  minQuantity: 10,
  availableQuantity: 50,
});
const SESSION = `GET ${apiPaths.auth.session}`;
const PRODUCT = `GET ${apiPaths.product(drill._id)}`;
const PURCHASE = `POST ${apiPaths.purchases}`;
const ADDRESSES = `GET ${apiPaths.addresses}`;
const RELATED = `GET ${apiPaths.productRelated(drill._id)}`;
const NOTIFY = `GET ${apiPaths.productNotify(drill._id)}`;
const QUOTE = `POST ${apiPaths.checkout}/quote`;
/** A quote comes after the fields rest (QUOTE_DELAY_MS) and a round trip: room for a slow machine. */
const PRICED = { timeout: 4000 };
/** The pricing step of a fresh shop: the line at its price, free shipping, no tax. */
const freeQuote: Answer = ({ body }) => jsonResponse(makeLineQuote(body, drill.price));

type Answer = Parameters<typeof mockApi>[0][string];

/** The page, once the session is restored (the route composes the not-found page). */
function BehindGuard({ productId }: { productId: string }) {
  return useAuth().status === 'signedIn' ? (
    <PurchasePage productId={productId} notFound={<h1>Nothing here</h1>} />
  ) : null;
}

function renderPurchase(routes: Record<string, Answer>, productId = drill._id) {
  storeAccessToken('access-1');
  const fetchMock = mockApi({
    [SESSION]: sessionResponse(customer, 'access-1'),
    [ADDRESSES]: jsonResponse([]),
    [RELATED]: jsonResponse([]),
    [NOTIFY]: jsonResponse({ subscribed: false }),
    [QUOTE]: freeQuote,
    ...routes,
  });
  return {
    fetchMock,
    ...renderWithProviders(<BehindGuard productId={productId} />, {
      route: `/purchase/${productId}`,
    }),
  };
}

/** The form loads in its own chunk once the page knows the customer. */
const formShown = () =>
  screen.findByRole('form', { name: 'Purchase Cordless Drill' }, { timeout: 5000 });

function form() {
  const purchaseForm = screen.getByRole('form', { name: 'Purchase Cordless Drill' });
  return {
    name: within(purchaseForm).getByLabelText('Name'),
    email: within(purchaseForm).getByLabelText('Email'),
    address: within(purchaseForm).getByLabelText('Address'),
    phone: within(purchaseForm).getByLabelText('Phone'),
    country: within(purchaseForm).getByLabelText('Country'),
    region: within(purchaseForm).getByLabelText('Region'),
    city: within(purchaseForm).getByLabelText('City'),
    postalCode: within(purchaseForm).getByLabelText('Postal code'),
    quantity: within(purchaseForm).getByLabelText('Order Quantity'),
    purchase: within(purchaseForm).getByRole('button', { name: 'Purchase' }),
  };
}

/** A server whose stock goes down with each order it accepts. */
function sellingServer(product: Product) {
  let stock = product.availableQuantity;
  return {
    [PRODUCT]: () => jsonResponse({ ...product, availableQuantity: stock }),
    [PURCHASE]: ({ body }: { body: unknown }) => {
      const { orderQuantity } = body as { orderQuantity: number };
      stock -= orderQuantity;
      return jsonResponse(
        makePurchase(1, {
          productId: product._id,
          product: product.name,
          price: product.price,
          orderQuantity,
          totalPrice: product.price * orderQuantity,
        }) satisfies Purchase,
        201,
      );
    },
  };
}

describe('PurchasePage', () => {
  it('shows a spinner, then the product with the spec texts and the form', async () => {
    const product = deferred<Response>();
    renderPurchase({ [PRODUCT]: () => product.promise });

    expect(await screen.findByRole('status', { name: 'Loading product' })).toBeInTheDocument();
    product.resolve(jsonResponse(drill));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cordless Drill' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cordless Drill' })).toHaveAttribute('src', drill.img);
    expect(screen.getByText('A compact 18 V drill.')).toBeInTheDocument();
    expect(screen.getByText('Price: $129.99')).toBeInTheDocument();
    expect(screen.getByText('Min order quantity: 10')).toBeInTheDocument();
    expect(screen.getByText('Stock available: 50')).toBeInTheDocument();

    await formShown();
    const { name, email, address, phone, quantity, purchase } = form();
    expect(name).toHaveValue(customer.name);
    expect(name).toHaveAttribute('readonly');
    expect(email).toHaveValue(customer.email);
    expect(email).toHaveAttribute('readonly');
    expect(address).toHaveValue('');
    expect(phone).toHaveValue('');
    expect(quantity).toHaveAttribute('type', 'number');
    expect(quantity).toBeRequired();
    expect(quantity).toHaveValue(10);
    expect(purchase).toBeEnabled();
    expect(screen.getByText('Total Price: $1,299.90')).toBeInTheDocument();
    expect(document.title).toBe('Cordless Drill — Toolhouse');
    // Issue 35: the address's other parts, optional here, the shop's country first.
    const { country, region, city, postalCode } = form();
    expect(country).toHaveValue('US');
    expect(region).toHaveValue('');
    expect(city).toHaveValue('');
    expect(postalCode).toHaveValue('');
    // The live quote: shipping, tax and the total of the order.
    const summary = within(await screen.findByRole('group', { name: 'Order summary' }, PRICED));
    expect(summary.getByText('Shipping (Standard delivery)').nextSibling).toHaveTextContent('Free');
    expect(summary.getByText('Tax').nextSibling).toHaveTextContent('$0.00');
    expect(summary.getByText('Total').nextSibling).toHaveTextContent('$1,299.90');
  });

  it('checks the quantity as it is typed, and Purchase waits until it is valid', async () => {
    const { user } = renderPurchase({ [PRODUCT]: jsonResponse(drill) });
    await screen.findByRole('heading', { level: 1, name: 'Cordless Drill' });
    await formShown();
    const { quantity, purchase } = form();

    await user.clear(quantity);
    expect(quantity).toHaveAccessibleDescription(ORDER_QUANTITY_REQUIRED_MESSAGE);
    expect(purchase).toBeDisabled();
    expect(screen.getByText('Total Price: $0.00')).toBeInTheDocument();

    await user.type(quantity, '9');
    expect(quantity).toHaveAccessibleDescription(BELOW_MINIMUM_MESSAGE);
    expect(quantity).toBeInvalid();
    expect(purchase).toBeDisabled();
    expect(screen.getByText('Total Price: $1,169.91')).toBeInTheDocument();

    await user.clear(quantity);
    await user.type(quantity, '51');
    expect(quantity).toHaveAccessibleDescription(ABOVE_STOCK_MESSAGE);
    expect(purchase).toBeDisabled();

    await user.clear(quantity);
    await user.type(quantity, '50');
    expect(quantity).not.toHaveAccessibleDescription();
    expect(screen.queryByText(BELOW_MINIMUM_MESSAGE)).not.toBeInTheDocument();
    expect(screen.queryByText(ABOVE_STOCK_MESSAGE)).not.toBeInTheDocument();
    expect(purchase).toBeEnabled();
    expect(screen.getByText('Total Price: $6,499.50')).toBeInTheDocument();
  });

  it('offers "Notify me when it is back" instead of the form when even the minimum is more than the stock', async () => {
    let subscribed = false;
    const { user } = renderPurchase({
      [PRODUCT]: jsonResponse({ ...drill, availableQuantity: 4 }),
      [NOTIFY]: () => jsonResponse({ subscribed }),
      [`POST ${apiPaths.productNotify(drill._id)}`]: () => {
        subscribed = true;
        return jsonResponse({ subscribed });
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Cordless Drill' });
    const notifyMe = await screen.findByRole(
      'button',
      { name: NOTIFY_ME_LABEL },
      { timeout: 5000 },
    );
    expect(screen.queryByRole('button', { name: 'Purchase' })).not.toBeInTheDocument();
    await user.click(notifyMe);
    expect(await screen.findByRole('button', { name: STOP_NOTIFY_LABEL })).toBeInTheDocument();
    expect(screen.getAllByText(NOTIFY_SUBSCRIBED_MESSAGE).length).toBeGreaterThan(0);
  });

  it('says a product withdrawn by a recall is withdrawn, with no form but "Notify me" (issue 39)', async () => {
    renderPurchase({ [PRODUCT]: jsonResponse({ ...drill, withdrawn: true }) });
    await screen.findByRole('heading', { level: 1, name: 'Cordless Drill' });
    await screen.findByRole('button', { name: NOTIFY_ME_LABEL }, { timeout: 5000 });
    // In the product's facts (server-rendered) and in place of the order form.
    expect(screen.getAllByText(PRODUCT_WITHDRAWN_MESSAGE)).toHaveLength(2);
    expect(screen.queryByText(/Stock available/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Purchase' })).not.toBeInTheDocument();
  });

  it('orders, confirms, shows the new stock and puts the quantity back at the minimum', async () => {
    const { user, fetchMock } = renderPurchase(sellingServer(drill));
    await screen.findByRole('heading', { level: 1, name: 'Cordless Drill' });
    await formShown();
    const { address, phone, quantity, purchase } = form();

    await user.type(address, '1 Main Street, Lisbon');
    await user.type(phone, '+351 900 000 000');
    await user.clear(quantity);
    await user.type(quantity, '12');
    await user.click(purchase);

    expect(await screen.findByText(PURCHASE_CONFIRMED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('Stock available: 38')).toBeInTheDocument();
    expect(quantity).toHaveValue(10);
    expect(address).toHaveValue('1 Main Street, Lisbon');
    const sent = lastRequest(fetchMock, PURCHASE);
    expect(sent.body).toEqual({
      productId: drill._id,
      orderQuantity: 12,
      address: '1 Main Street, Lisbon',
      phone: '+351 900 000 000',
      // The quote of what was sent (issue 35): the one line, 12 of them.
      quoteId: uuid(6012),
    });
    expect(lastRequest(fetchMock, QUOTE).body).toEqual({
      line: { productId: drill._id, quantity: 12 },
      address: '1 Main Street, Lisbon',
    });
    expect(sent.headers.get('Authorization')).toBe('Bearer access-1');
    expect(requestLog(fetchMock).filter((request) => request === PRODUCT)).toHaveLength(2);
  });

  it('when the stock ran out meanwhile (409), shows what is left and offers the back-in-stock alert', async () => {
    let stock = 50;
    const { user } = renderPurchase({
      [PRODUCT]: () => jsonResponse({ ...drill, availableQuantity: stock }),
      [PURCHASE]: () => {
        stock = 5;
        return jsonResponse({ code: 'CONFLICT', message: ABOVE_STOCK_MESSAGE }, 409);
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Cordless Drill' });
    await formShown();

    await user.click(form().purchase);

    expect(await screen.findByText('Stock available: 5')).toBeInTheDocument();
    expect(screen.queryByText(PURCHASE_CONFIRMED_MESSAGE)).not.toBeInTheDocument();
    // Below the minimum order: the form gives way to the back-in-stock alert (issue 24).
    expect(await screen.findByRole('button', { name: NOTIFY_ME_LABEL })).toBeInTheDocument();
  });

  it("puts the server's quantity message under Order Quantity (400)", async () => {
    const { user } = renderPurchase({
      [PRODUCT]: jsonResponse(drill),
      [PURCHASE]: jsonResponse(
        {
          code: 'VALIDATION_FAILED',
          message: 'Some fields are invalid',
          fields: { orderQuantity: BELOW_MINIMUM_MESSAGE },
        },
        400,
      ),
    });
    await screen.findByRole('heading', { level: 1, name: 'Cordless Drill' });
    await formShown();

    await user.click(form().purchase);

    await waitFor(() => expect(form().quantity).toHaveAccessibleDescription(BELOW_MINIMUM_MESSAGE));
    expect(screen.queryByText(PURCHASE_CONFIRMED_MESSAGE)).not.toBeInTheDocument();
  });

  it("fills the address and phone from one of the account's saved addresses", async () => {
    const { user } = renderPurchase({
      [PRODUCT]: jsonResponse(drill),
      [ADDRESSES]: jsonResponse([
        {
          _id: uuid(4001),
          address: '9 Dock Road, Porto',
          phone: '+351 911 111 111',
          postal: null,
          createdAt: '2026-11-01T00:00:00.000Z',
        },
      ]),
    });
    await screen.findByRole('heading', { level: 1, name: 'Cordless Drill' });
    await formShown();

    await user.selectOptions(
      await screen.findByLabelText('Saved address'),
      '9 Dock Road, Porto (+351 911 111 111)',
    );

    expect(form().address).toHaveValue('9 Dock Road, Porto');
    expect(form().phone).toHaveValue('+351 911 111 111');
  });

  it('sends a structured address once its parts are given, with the quote of it', async () => {
    const texas = {
      shipping: 15,
      tax: 108.48,
      total: 1423.38,
      pricesIncludeTax: false,
      shippingMethod: {
        id: uuid(5001),
        name: 'Standard',
        deliveryText: '3–5 business days',
        price: 15,
        tax: 1.24,
        collect: false,
      },
    };
    const { user, fetchMock } = renderPurchase({
      ...sellingServer(drill),
      [QUOTE]: ({ body }) =>
        jsonResponse(
          (body as { address?: unknown }).address === undefined
            ? makeLineQuote(body, drill.price)
            : makeLineQuote(body, drill.price, texas),
        ),
    });
    await screen.findByRole('heading', { level: 1, name: 'Cordless Drill' });
    await formShown();
    const { address, phone, region, city, postalCode, purchase } = form();

    await user.type(address, '1 Main Street');
    await user.type(city, 'Austin');
    await user.selectOptions(region, 'Texas');
    await user.type(postalCode, '7870');
    expect(postalCode).toHaveAccessibleDescription(
      expect.stringContaining('Postal code must look like 12345 or 12345-6789'),
    );
    await user.type(postalCode, '1');
    await user.type(phone, '+1 512 555 0100');

    await waitFor(
      () =>
        expect(
          within(screen.getByRole('group', { name: 'Order summary' })).getByText('Total')
            .nextSibling,
        ).toHaveTextContent('$1,423.38'),
      PRICED,
    );
    const summary = within(screen.getByRole('group', { name: 'Order summary' }));
    expect(summary.getByText('Shipping (Standard)').nextSibling).toHaveTextContent('$15.00');
    expect(summary.getByText('Tax').nextSibling).toHaveTextContent('$108.48');
    // The spec's live total stays what it was: the products' price.
    expect(screen.getByText('Total Price: $1,299.90')).toBeInTheDocument();

    await user.click(purchase);
    expect(await screen.findByText(PURCHASE_CONFIRMED_MESSAGE)).toBeInTheDocument();
    const structured = austinAddress(customer.name);
    // The spec's Address is line 1; the rest of the address beside it (POST /api/purchase).
    expect(lastRequest(fetchMock, PURCHASE).body).toEqual({
      productId: drill._id,
      orderQuantity: 10,
      address: '1 Main Street',
      phone: '+1 512 555 0100',
      country: 'US',
      region: 'TX',
      city: 'Austin',
      postalCode: '78701',
      quoteId: uuid(6010),
    });
    expect(lastRequest(fetchMock, QUOTE).body).toEqual({
      line: { productId: drill._id, quantity: 10 },
      address: structured,
    });
  });

  it('names what a structured address lacks and sends nothing', async () => {
    const { user, fetchMock } = renderPurchase(sellingServer(drill));
    await screen.findByRole('heading', { level: 1, name: 'Cordless Drill' });
    await formShown();
    const { address, city, postalCode, country, purchase } = form();

    await user.selectOptions(country, 'Canada');
    await user.click(purchase);

    expect(address).toHaveAccessibleDescription('Address is required');
    expect(city).toHaveAccessibleDescription('City is required');
    expect(form().region).toHaveAccessibleDescription(
      expect.stringContaining('Choose a province or territory'),
    );
    expect(postalCode).toHaveAccessibleDescription(
      expect.stringContaining('Postal code is required'),
    );
    expect(requestLog(fetchMock)).not.toContain(PURCHASE);
    expect(screen.queryByText(PURCHASE_CONFIRMED_MESSAGE)).not.toBeInTheDocument();
  });

  it('tells when tax cannot be calculated, and orders nothing', async () => {
    const message =
      'Tax cannot be calculated right now, so nothing was ordered. Please try again in a few minutes.';
    const { user, fetchMock } = renderPurchase({
      ...sellingServer(drill),
      [QUOTE]: jsonResponse({ code: 'SERVICE_UNAVAILABLE', message }, 503),
    });
    await screen.findByRole('heading', { level: 1, name: 'Cordless Drill' });
    await formShown();

    expect(await screen.findByText(message)).toBeInTheDocument();
    await user.click(form().purchase);
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    expect(requestLog(fetchMock)).not.toContain(PURCHASE);
  });

  it('is the page at /purchase/:productId, inside the layout', async () => {
    storeAccessToken('access-1');
    mockApi({
      [SESSION]: sessionResponse(customer, 'access-1'),
      [PRODUCT]: jsonResponse(drill),
      [ADDRESSES]: jsonResponse([]),
      [RELATED]: jsonResponse([]),
      [QUOTE]: freeQuote,
    });
    renderApp(`/purchase/${drill._id}`);

    // The first page of the whole app in this file: its modules load now, which takes a while.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cordless Drill' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Purchase Cordless Drill' })).toBeInTheDocument();
  });

  it('shows the not-found page, with a way home, for an unknown product', async () => {
    storeAccessToken('access-1');
    mockApi({
      [SESSION]: sessionResponse(customer, 'access-1'),
      [`GET ${apiPaths.product('no-such-product')}`]: jsonResponse(
        { code: 'NOT_FOUND', message: 'Product not found' },
        404,
      ),
    });
    renderApp('/purchase/no-such-product');

    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: "Oops! The page you're looking for isn't here." },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to homepage' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('offers a retry when the product cannot be loaded', async () => {
    let answer = jsonResponse({ code: 'INTERNAL', message: 'Boom' }, 500);
    const { user } = renderPurchase({ [PRODUCT]: () => answer });

    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load this product.");
    answer = jsonResponse(drill);
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cordless Drill' }),
    ).toBeInTheDocument();
  });
});
