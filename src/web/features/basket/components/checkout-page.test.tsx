import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { BASKET_EMPTY_MESSAGE, PRODUCT_GONE_MESSAGE } from '../../../../shared/basket.ts';
import {
  CHECKOUT_LINES_FAILED_MESSAGE,
  CHECKOUT_PLACED_MESSAGE,
  PO_REFERENCE_MAX,
  type CheckoutPlaced,
} from '../../../../shared/checkout.ts';
import { AWAITING_APPROVAL_MESSAGE } from '../../../../shared/approvals.ts';
import { creditLimitMessage, paths } from '../../../../shared/companies.ts';
import type { PostalAddress } from '../../../../shared/postal-address.ts';
import {
  NO_SHIPPING_MESSAGE,
  PRICES_CHANGED_MESSAGE,
  TAX_UNAVAILABLE_MESSAGE,
  type CheckoutQuote,
  type ShippingOption,
} from '../../../../shared/pricing.ts';
import { ABOVE_STOCK_MESSAGE } from '../../../../shared/purchase.ts';
import { useAuth } from '../../../lib/auth/session.ts';
import { lastRequest, mockApi, requestLog } from '../../../test/api-routes.ts';
import { customer, sessionResponse, storeAccessToken } from '../../../test/auth.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import {
  austinAddress,
  makeBasket,
  makeBasketLine,
  makePurchase,
  uuid,
} from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CheckoutPage } from './checkout-page.tsx';

const drill = makeBasketLine(1, 10, { name: 'Drill' });
const battery = makeBasketLine(2, 3, { name: 'Battery', minQuantity: 1 });
const BASKET = `GET ${apiPaths.basket}`;
const PLACE = `POST ${apiPaths.checkout}`;
const ADDRESSES = `GET ${apiPaths.addresses}`;
const SAVE_ADDRESS = `POST ${apiPaths.addresses}`;
const QUOTE = `POST ${apiPaths.checkout}/quote`;
/** A quote comes after the fields rest (QUOTE_DELAY_MS) and a round trip: room for a slow machine. */
const PRICED = { timeout: 4000 };

const TEXAS = austinAddress(customer.name);
const BERLIN: PostalAddress = {
  ...TEXAS,
  line1: 'Unter den Linden 1',
  city: 'Berlin',
  region: '',
  postalCode: '10117',
  country: 'DE',
  phone: '+49 30 000000',
};

const method = (n: number, name: string, price: number, tax: number, deliveryText: string) =>
  ({ id: uuid(5000 + n), name, deliveryText, price, tax, collect: false }) satisfies ShippingOption;

/**
 * The pricing step's answers, worked out by hand. Texas (8.25%, shipping taxed): Drill 1,010.00 +
 * 83.33 tax, Battery 306.00 + 25.25 tax (25.245 rounds up). Germany (19%, prices with VAT): Drill
 * 1,010.00 + 191.90, Battery 306.00 + 58.14.
 */
const US_METHODS = [
  method(1, 'Standard', 12.5, 1.03, '3–5 business days'),
  method(2, 'Express', 30, 2.48, 'Next business day'),
];
const DE_METHODS = [method(3, 'Standard', 10, 1.9, '2–4 Werktage')];

function quoteFor(body: { address?: unknown; shippingMethod?: string }, n = 1): CheckoutQuote {
  const german =
    typeof body.address === 'object' && (body.address as PostalAddress).country === 'DE';
  const methods = german ? DE_METHODS : US_METHODS;
  const chosen = methods.find((m) => m.id === body.shippingMethod) ?? methods[0]!;
  const [drillTax, batteryTax, rate] = german ? [191.9, 58.14, 19] : [83.33, 25.25, 8.25];
  const tax = german ? 251.94 : chosen.id === US_METHODS[1]!.id ? 111.06 : 109.61;
  const total = german ? 1577.94 : chosen.id === US_METHODS[1]!.id ? 1457.06 : 1438.11;
  const line = (l: typeof drill, lineTax: number) => ({
    productId: l.productId,
    sku: l.sku,
    name: l.name,
    variantLabel: '',
    quantity: l.quantity,
    unitPrice: l.price,
    discount: 0,
    lineTotal: l.lineTotal,
    tax: lineTax,
    taxRate: rate,
  });
  return {
    quoteId: uuid(6000 + n),
    expiresAt: '2026-11-29T10:30:00.000Z',
    address: german ? BERLIN : TEXAS,
    lines: [line(drill, drillTax), line(battery, batteryTax)],
    shippingMethods: methods,
    shippingMethod: chosen,
    subtotal: 1316,
    discount: 0,
    promotions: [],
    shipping: chosen.price,
    tax,
    total,
    weightGrams: 12_000,
    pricesIncludeTax: german,
    taxNote: null,
    paymentMethod: 'card',
    company: null,
  };
}
const answerQuote: Answer = ({ body }) =>
  jsonResponse(quoteFor(body as { address?: unknown; shippingMethod?: string }));

type Answer = Parameters<typeof mockApi>[0][string];

const placed = {
  checkoutId: uuid(3001),
  reference: 'C-1042',
  orders: [
    makePurchase(1, { product: 'Drill', checkoutReference: 'C-1042' }),
    makePurchase(2, { product: 'Battery', checkoutReference: 'C-1042' }),
  ],
  totalPrice: drill.lineTotal + battery.lineTotal,
  paymentMethod: 'card',
  approval: 'none',
  invoice: null,
} satisfies CheckoutPlaced;

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
    [QUOTE]: answerQuote,
    ...routes,
  });
  return { fetchMock, ...renderWithProviders(<BehindGuard />, { route: '/checkout' }) };
}

function form() {
  const checkout = screen.getByRole('form', { name: 'Checkout' });
  const account = within(checkout).getByRole('group', { name: 'Account' });
  const delivery = () => within(within(checkout).getByRole('group', { name: 'Delivery address' }));
  return {
    name: within(account).getByLabelText('Name'),
    email: within(account).getByLabelText('Email'),
    recipient: () => delivery().getByLabelText('Name'),
    address: () => delivery().getByLabelText('Address'),
    city: () => delivery().getByLabelText('City'),
    region: () => delivery().getByLabelText('Region'),
    postalCode: () => delivery().getByLabelText('Postal code'),
    country: () => delivery().getByLabelText('Country'),
    phone: () => delivery().getByLabelText('Phone'),
    poReference: within(checkout).getByLabelText('PO reference'),
    saveAddress: () => within(checkout).getByRole('checkbox', { name: 'Save this address' }),
    place: within(checkout).getByRole('button', { name: 'Place order' }),
  };
}

type User = ReturnType<typeof renderCheckout>['user'];

/** Types an address into the delivery fields (the recipient's name is the account's already). */
async function enterAddress(user: User, address: PostalAddress) {
  const f = form();
  await user.selectOptions(f.country(), address.country);
  await user.type(f.address(), address.line1);
  await user.type(f.city(), address.city);
  if (address.region) await user.selectOptions(f.region(), address.region);
  await user.type(f.postalCode(), address.postalCode);
  await user.type(f.phone(), address.phone);
}

const summary = () => screen.getByRole('group', { name: 'Order summary' });

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
    // The delivery address: the account's name as the recipient's, the shop's country first.
    expect(form().recipient()).toHaveValue(customer.name);
    expect(form().recipient()).not.toHaveAttribute('readonly');
    expect(form().country()).toHaveValue('US');
    expect(form().address()).toHaveValue('');
    // Nothing to price yet: no quote asked.
    expect(screen.getByText('Enter the delivery address to see shipping and tax.')).toBeVisible();
    // No saved addresses: no select to pick one.
    expect(screen.queryByLabelText('Saved address')).not.toBeInTheDocument();
  });

  it('prices a US address: the methods cheapest first, net prices and the tax added', async () => {
    const { user, fetchMock } = renderCheckout();
    await screen.findByRole('listitem', { name: 'Drill' });
    await enterAddress(user, TEXAS);

    const methods = await screen.findByRole('group', { name: 'Shipping method' }, PRICED);
    const radios = within(methods).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Standard: $12.503–5 business days',
      'Express: $30.00Next business day',
    ]);
    expect(within(methods).getByRole('radio', { name: /Standard/ })).toBeChecked();
    expect(screen.getByRole('listitem', { name: 'Drill' })).toHaveTextContent(
      'Price: $1,010.00, tax $83.33',
    );
    expect(screen.getByRole('listitem', { name: 'Battery' })).toHaveTextContent(
      'Price: $306.00, tax $25.25',
    );
    const totals = within(summary());
    expect(totals.getByText('Subtotal').nextSibling).toHaveTextContent('$1,316.00');
    expect(totals.getByText('Shipping (Standard)').nextSibling).toHaveTextContent('$12.50');
    expect(totals.getByText('Tax').nextSibling).toHaveTextContent('$109.61');
    expect(totals.getByText('Total').nextSibling).toHaveTextContent('$1,438.11');
    expect(totals.queryByText(/VAT/)).not.toBeInTheDocument();
    expect(lastRequest(fetchMock, QUOTE).body).toEqual({ address: TEXAS });

    // Another method: priced again with it.
    await user.click(within(methods).getByRole('radio', { name: /Express/ }));
    await waitFor(
      () => expect(within(summary()).getByText('Total').nextSibling).toHaveTextContent('$1,457.06'),
      PRICED,
    );
    expect(within(summary()).getByText('Shipping (Express)').nextSibling).toHaveTextContent(
      '$30.00',
    );
    expect(lastRequest(fetchMock, QUOTE).body).toEqual({
      address: TEXAS,
      shippingMethod: US_METHODS[1]!.id,
    });
  });

  it('prices a German address with VAT included: gross prices and the VAT they include', async () => {
    const { user } = renderCheckout();
    await screen.findByRole('listitem', { name: 'Drill' });
    await enterAddress(user, BERLIN);

    const methods = await screen.findByRole('group', { name: 'Shipping method' }, PRICED);
    expect(within(methods).getByRole('radio', { name: /Standard: \$11\.90/ })).toBeChecked();
    expect(screen.getByRole('listitem', { name: 'Drill' })).toHaveTextContent(
      'Price: $1,201.90 (includes VAT $191.90)',
    );
    expect(screen.getByRole('listitem', { name: 'Battery' })).toHaveTextContent(
      'Price: $364.14 (includes VAT $58.14)',
    );
    const totals = within(summary());
    expect(totals.getByText('Subtotal').nextSibling).toHaveTextContent('$1,566.04');
    expect(totals.getByText('Shipping (Standard)').nextSibling).toHaveTextContent('$11.90');
    expect(totals.getByText('Total').nextSibling).toHaveTextContent('$1,577.94');
    expect(totals.getByText('includes VAT $251.94')).toBeInTheDocument();
    expect(totals.queryByText('Tax')).not.toBeInTheDocument();
  });

  it('places the order with the quote, the PO reference, and goes to the payment of its first order', async () => {
    const { user, fetchMock, router } = renderCheckout({
      [PLACE]: jsonResponse(placed, 201),
    });
    await screen.findByRole('listitem', { name: 'Drill' });
    await enterAddress(user, TEXAS);
    await screen.findByRole('group', { name: 'Shipping method' }, PRICED);
    await user.type(form().poReference, ' PO-2026-117 ');
    await user.click(form().place);

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dashboard/payment/${placed.orders[0]!._id}`),
    );
    expect(await screen.findByText(CHECKOUT_PLACED_MESSAGE)).toBeInTheDocument();
    expect(lastRequest(fetchMock, PLACE).body).toEqual({
      address: TEXAS,
      shippingMethod: US_METHODS[0]!.id,
      quoteId: uuid(6001),
      phone: '+1 512 555 0100',
      poReference: 'PO-2026-117',
    });
    // The emptied basket is asked for again (the navbar's count).
    await waitFor(() =>
      expect(requestLog(fetchMock).filter((request) => request === BASKET)).toHaveLength(2),
    );
    expect(requestLog(fetchMock)).not.toContain(SAVE_ADDRESS);
  });

  it('names what is missing from the address and sends nothing', async () => {
    const { user, fetchMock } = renderCheckout({ [PLACE]: jsonResponse(placed, 201) });
    await screen.findByRole('listitem', { name: 'Drill' });
    await user.type(form().address(), '1 Main Street');
    await user.click(form().place);

    expect(form().city()).toHaveAccessibleDescription('City is required');
    expect(form().region()).toHaveAccessibleDescription(expect.stringContaining('Choose a state'));
    expect(form().postalCode()).toHaveAccessibleDescription(
      expect.stringContaining('Postal code is required'),
    );
    await waitFor(() => expect(form().city()).toHaveFocus());
    expect(requestLog(fetchMock)).not.toContain(PLACE);
    expect(requestLog(fetchMock)).not.toContain(QUOTE);
  });

  it('tells when the prices changed, and shows the new quote', async () => {
    let quotes = 0;
    const { user, fetchMock, router } = renderCheckout({
      [QUOTE]: ({ body }) => {
        quotes += 1;
        const quote = quoteFor(body as { address?: unknown }, quotes);
        // The second answer: the Drill got dearer.
        return jsonResponse(
          quotes === 1
            ? quote
            : { ...quote, lines: [{ ...quote.lines[0]!, tax: 90 }, quote.lines[1]] },
        );
      },
      [PLACE]: jsonResponse({ code: 'CONFLICT', message: PRICES_CHANGED_MESSAGE }, 409),
    });
    await screen.findByRole('listitem', { name: 'Drill' });
    await enterAddress(user, TEXAS);
    await screen.findByRole('group', { name: 'Shipping method' }, PRICED);
    await user.click(form().place);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(PRICES_CHANGED_MESSAGE);
    expect(lastRequest(fetchMock, PLACE).body).toMatchObject({ quoteId: uuid(6001) });
    await waitFor(
      () => expect(screen.getByRole('listitem', { name: 'Drill' })).toHaveTextContent('tax $90.00'),
      PRICED,
    );
    expect(router.state.location.pathname).toBe('/checkout');
    expect(screen.queryByText(CHECKOUT_PLACED_MESSAGE)).not.toBeInTheDocument();
  });

  it('shows the 503 when tax cannot be calculated, and places nothing', async () => {
    const { user, router } = renderCheckout({
      [QUOTE]: jsonResponse({ code: 'SERVICE_UNAVAILABLE', message: TAX_UNAVAILABLE_MESSAGE }, 503),
    });
    await screen.findByRole('listitem', { name: 'Drill' });
    await enterAddress(user, TEXAS);

    expect(await screen.findByText(TAX_UNAVAILABLE_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Order summary' })).not.toBeInTheDocument();
    await user.click(form().place);
    expect(await screen.findByRole('alert')).toHaveTextContent(TAX_UNAVAILABLE_MESSAGE);
    expect(router.state.location.pathname).toBe('/checkout');
  });

  it('says when nothing delivers to the address, and places nothing', async () => {
    const { user, fetchMock } = renderCheckout({
      [QUOTE]: jsonResponse({ code: 'CONFLICT', message: NO_SHIPPING_MESSAGE }, 409),
    });
    await screen.findByRole('listitem', { name: 'Drill' });
    await enterAddress(user, TEXAS);

    expect(await screen.findByText(NO_SHIPPING_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Shipping method' })).not.toBeInTheDocument();
    await user.click(form().place);
    expect(await screen.findByRole('alert')).toHaveTextContent(NO_SHIPPING_MESSAGE);
    expect(requestLog(fetchMock)).not.toContain(PLACE);
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
    await enterAddress(user, TEXAS);
    await screen.findByRole('group', { name: 'Shipping method' }, PRICED);

    await user.click(form().place);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(CHECKOUT_LINES_FAILED_MESSAGE);
    expect(alert).toHaveFocus();
    expect(screen.getByRole('listitem', { name: 'Drill' })).toHaveTextContent(ABOVE_STOCK_MESSAGE);
    expect(screen.getByRole('listitem', { name: 'Battery' })).toHaveTextContent(
      PRODUCT_GONE_MESSAGE,
    );
    expect(router.state.location.pathname).toBe('/checkout');
    expect(form().address()).toHaveValue('1 Main Street');
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
    await enterAddress(user, TEXAS);
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
      address: '1 Main Street, Austin, TX 78701, US',
      phone: TEXAS.phone,
      postal: TEXAS,
      createdAt: '2026-11-01T00:00:00.000Z',
    };
    const { user, fetchMock } = renderCheckout({
      [ADDRESSES]: jsonResponse([saved]),
      [PLACE]: jsonResponse(placed, 201),
      [SAVE_ADDRESS]: jsonResponse({ ...saved, _id: uuid(4002) }, 201),
    });
    await screen.findByRole('listitem', { name: 'Drill' });

    await user.selectOptions(
      await screen.findByLabelText('Saved address'),
      '1 Main Street, Austin, TX 78701, US (+1 512 555 0100)',
    );
    expect(form().address()).toHaveValue('1 Main Street');
    expect(form().city()).toHaveValue('Austin');
    expect(form().region()).toHaveValue('TX');
    expect(form().postalCode()).toHaveValue('78701');
    expect(form().phone()).toHaveValue('+1 512 555 0100');

    await user.type(form().address(), ', 2');
    await user.click(form().saveAddress());
    await screen.findByRole('group', { name: 'Shipping method' }, PRICED);
    await user.click(form().place);

    await waitFor(() =>
      expect(lastRequest(fetchMock, SAVE_ADDRESS).body).toEqual({
        ...TEXAS,
        line1: '1 Main Street, 2',
      }),
    );
    expect(lastRequest(fetchMock, PLACE).body).toMatchObject({
      address: { ...TEXAS, line1: '1 Main Street, 2' },
    });
  });

  it('offers the company’s delivery addresses to a member, and fills the form with the one picked', async () => {
    const yard = { ...TEXAS, line1: '5 Yard Lane', phone: '' };
    const { user, fetchMock } = renderCheckout({
      [`GET ${paths.companies}`]: jsonResponse({
        companies: [{ id: 'org-1', myRole: 'buyer' }].map((company) => ({
          ...company,
          name: 'Acme Builders',
          taxNumber: '',
          billingAddress: null,
          credit: { status: 'none', limit: 0, termsDays: 30, balance: 0, available: 0 },
          priceList: null,
          memberCount: 2,
          createdAt: '2026-11-01T00:00:00.000Z',
        })),
      }),
      [`GET ${paths.addresses('org-1')}`]: jsonResponse({
        addresses: [
          { id: uuid(4010), label: 'Yard', address: yard, createdAt: '2026-11-01T00:00:00.000Z' },
        ],
      }),
      [PLACE]: jsonResponse(placed, 201),
    });
    await screen.findByRole('listitem', { name: 'Drill' });
    const picker = await screen.findByLabelText('Saved address');
    expect(within(picker).getByRole('group', { name: 'Company addresses' })).toBeInTheDocument();
    await user.selectOptions(picker, 'Yard: 5 Yard Lane, Austin, TX 78701, US');
    expect(form().address()).toHaveValue('5 Yard Lane');
    expect(form().city()).toHaveValue('Austin');
    await screen.findByRole('group', { name: 'Shipping method' }, PRICED);
    await user.click(form().place);
    await waitFor(() =>
      expect(lastRequest(fetchMock, PLACE).body).toMatchObject({
        address: { line1: '5 Yard Lane', city: 'Austin', region: 'TX' },
      }),
    );
  });

  it('sends an address saved as one line by its id', async () => {
    const saved = {
      _id: uuid(4003),
      address: '9 Dock Road, Porto',
      phone: '+351 911 111 111',
      postal: null,
      createdAt: '2026-11-01T00:00:00.000Z',
    };
    const { user, fetchMock } = renderCheckout({
      [ADDRESSES]: jsonResponse([saved]),
      [PLACE]: jsonResponse(placed, 201),
    });
    await screen.findByRole('listitem', { name: 'Drill' });
    await user.selectOptions(
      await screen.findByLabelText('Saved address'),
      '9 Dock Road, Porto (+351 911 111 111)',
    );
    expect(screen.getByText('9 Dock Road, Porto')).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Delivery address' })).not.toBeInTheDocument();
    await screen.findByRole('group', { name: 'Shipping method' }, PRICED);
    expect(lastRequest(fetchMock, QUOTE).body).toEqual({ addressId: uuid(4003) });
    await user.click(form().place);

    await waitFor(() =>
      expect(lastRequest(fetchMock, PLACE).body).toEqual({
        addressId: uuid(4003),
        shippingMethod: US_METHODS[0]!.id,
        quoteId: uuid(6001),
        phone: '+351 911 111 111',
      }),
    );
    // Another address can still be typed.
    await user.click(screen.getByRole('button', { name: 'Enter another address' }));
    expect(form().address()).toHaveValue('');
  });

  it('says the basket is empty, with a way to the products, and offers no Place order', async () => {
    renderCheckout({ [BASKET]: jsonResponse(makeBasket([])) });

    expect(await screen.findByText(BASKET_EMPTY_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all products' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();
  });
});

describe('CheckoutPage for a company member (issue 37)', () => {
  const COMPANY = {
    id: 'org-1',
    name: 'Acme Builders',
    approvalRequired: false,
    creditAvailable: 5000,
    priceList: null,
  };
  /** The quote as a member of `company` gets it, for the payment method asked. */
  const companyQuote =
    (company: CheckoutQuote['company']): Answer =>
    ({ body }) => {
      const asked = body as { address?: unknown; paymentMethod?: 'card' | 'account' };
      return jsonResponse({
        ...quoteFor(asked, asked.paymentMethod === 'account' ? 2 : 1),
        paymentMethod: asked.paymentMethod ?? 'card',
        company,
      });
    };
  const paymentMethods = () => screen.findByRole('group', { name: 'Payment method' }, PRICED);

  it('offers no payment method to a buyer of no company', async () => {
    const { user } = renderCheckout();
    await screen.findByRole('listitem', { name: 'Drill' });
    await enterAddress(user, TEXAS);
    await screen.findByRole('group', { name: 'Shipping method' }, PRICED);
    expect(screen.queryByRole('group', { name: 'Payment method' })).not.toBeInTheDocument();
  });

  it('pays on account: quoted and placed with it, the invoice told, then My Orders', async () => {
    const { user, fetchMock, router } = renderCheckout({
      [QUOTE]: companyQuote(COMPANY),
      [PLACE]: jsonResponse(
        { ...placed, paymentMethod: 'account', invoice: { id: uuid(7001), number: 'INV-000042' } },
        201,
      ),
    });
    await screen.findByRole('listitem', { name: 'Drill' });
    await enterAddress(user, TEXAS);
    const methods = await paymentMethods();
    expect(methods).toHaveTextContent('Buying for Acme Builders. Credit available: $5,000.00');
    expect(within(methods).getByRole('radio', { name: 'Card' })).toBeChecked();
    const onAccount = within(methods).getByRole('radio', { name: 'On account' });
    expect(onAccount).toBeEnabled();
    expect(lastRequest(fetchMock, QUOTE).body).toEqual({ address: TEXAS });

    await user.click(onAccount);
    await waitFor(
      () =>
        expect(lastRequest(fetchMock, QUOTE).body).toEqual({
          address: TEXAS,
          paymentMethod: 'account',
        }),
      PRICED,
    );
    await waitFor(() => expect(onAccount).toBeChecked());
    expect(screen.queryByText(/will wait for approval/)).not.toBeInTheDocument();
    await user.click(form().place);

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myOrders'));
    expect(await screen.findByText('Order placed. Invoice INV-000042 issued')).toBeInTheDocument();
    expect(lastRequest(fetchMock, PLACE).body).toEqual({
      address: TEXAS,
      paymentMethod: 'account',
      shippingMethod: US_METHODS[0]!.id,
      quoteId: uuid(6002),
      phone: '+1 512 555 0100',
    });
  });

  it('says before placing that the order waits for approval, and after it, then My Orders', async () => {
    const { user, router } = renderCheckout({
      [QUOTE]: companyQuote({ ...COMPANY, approvalRequired: true }),
      [PLACE]: jsonResponse(
        {
          ...placed,
          approval: 'awaiting',
          orders: placed.orders.map((order) => ({ ...order, stat: 'awaiting_approval' })),
        },
        201,
      ),
    });
    await screen.findByRole('listitem', { name: 'Drill' });
    await enterAddress(user, TEXAS);
    await paymentMethods();
    expect(
      screen.getByText('This order is above your spending limit and will wait for approval.'),
    ).toBeVisible();
    await user.click(form().place);

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myOrders'));
    expect(await screen.findByText(AWAITING_APPROVAL_MESSAGE)).toBeInTheDocument();
  });

  it('offers on account only to a company with credit', async () => {
    const { user } = renderCheckout({
      [QUOTE]: companyQuote({ ...COMPANY, creditAvailable: null }),
    });
    await screen.findByRole('listitem', { name: 'Drill' });
    await enterAddress(user, TEXAS);
    const methods = await paymentMethods();
    expect(within(methods).getByRole('radio', { name: 'On account' })).toBeDisabled();
    expect(within(methods).getByRole('radio', { name: 'Card' })).toBeChecked();
    expect(methods).not.toHaveTextContent('Credit available');
  });

  it('says next to the payment method why on account was refused, and places nothing', async () => {
    const refused = creditLimitMessage(1_000);
    const { user, router } = renderCheckout({
      [QUOTE]: companyQuote(COMPANY),
      [PLACE]: jsonResponse(
        { code: 'CONFLICT', message: refused, fields: { paymentMethod: refused } },
        409,
      ),
    });
    await screen.findByRole('listitem', { name: 'Drill' });
    await enterAddress(user, TEXAS);
    const methods = await paymentMethods();
    await user.click(within(methods).getByRole('radio', { name: 'On account' }));
    await waitFor(() =>
      expect(within(methods).getByRole('radio', { name: 'On account' })).toBeChecked(),
    );
    await user.click(form().place);

    expect(await within(methods).findByRole('alert')).toHaveTextContent(refused);
    expect(methods).toHaveAccessibleDescription(expect.stringContaining(refused));
    expect(router.state.location.pathname).toBe('/checkout');
  });
});
