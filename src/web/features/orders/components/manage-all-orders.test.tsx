import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aftersalePaths } from '../../../../shared/aftersale.ts';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { productDeletedMessage } from '../../../../shared/product.ts';
import { CARRIER_REQUIRED_MESSAGE, TRACKING_NUMBER_MESSAGE } from '../../../../shared/shipment.ts';
import { ORDER_SHIPPED_MESSAGE, type Purchase } from '../../../../shared/purchase.ts';
import { adminPermissions, lastRequest, mockApi, requestLog } from '../../../test/api-routes.ts';
import { admin, sessionResponse, storeAccessToken } from '../../../test/auth.ts';
import { deferred, jsonResponse } from '../../../test/fetch-mock.ts';
import { makePurchase } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ManageAllOrders } from './manage-all-orders.tsx';
import { SHIP_PARCEL_LABEL } from './ship-dialog.tsx';

const ORDERS = `GET ${apiPaths.allPurchases}`;

const toShip = makePurchase(1, {
  product: 'Cordless Drill',
  customerName: 'Ana Lima',
  customerEmail: 'ana@example.com',
  totalPrice: 1559.88,
  paid: true,
  transactionId: 'pi_1',
});
const shipped = makePurchase(2, {
  product: 'Circular Saw',
  customerName: 'Tom Berg',
  customerEmail: 'tom@example.com',
  paid: true,
  transactionId: 'pi_2',
  stat: 'shipped',
});
const unpaid = makePurchase(3, {
  product: 'Angle Grinder',
  customerName: 'Eva Silva',
  customerEmail: 'eva@example.com',
});
const SHIP = `PUT ${apiPaths.purchase(toShip._id)}`;
const SHIP_PARCEL = `POST ${apiPaths.shipments}`;
const UPS_PARCEL = {
  id: '00000000-0000-4000-8000-0000000000a1',
  carrier: 'ups' as const,
  carrierName: 'UPS',
  trackingNumber: '1Z999AA10123456784',
  trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
  shippedAt: '2026-11-29T07:00:00.000Z',
};

/** Ship → the dialog: carrier and tracking number, then "Ship parcel". */
async function shipInDialog(
  user: ReturnType<typeof renderWithProviders>['user'],
  product: string,
  { carrier = 'UPS', trackingNumber = '1Z999AA10123456784' } = {},
) {
  await user.click(within(rowOf(product)).getByRole('button', { name: 'Ship' }));
  const dialog = within(screen.getByRole('dialog', { name: `Ship ${product}` }));
  await user.selectOptions(dialog.getByLabelText('Carrier'), carrier);
  if (trackingNumber) await user.type(dialog.getByLabelText('Tracking number'), trackingNumber);
  await user.click(dialog.getByRole('button', { name: SHIP_PARCEL_LABEL }));
  return dialog;
}
const DELETE_UNPAID = `DELETE ${apiPaths.purchase(unpaid._id)}`;

/** Signed in as an admin, whose permissions the staff guard loaded (Refund needs them). */
function signedInAdmin() {
  storeAccessToken('access-1');
  return {
    [`GET ${apiPaths.auth.session}`]: sessionResponse(admin, 'access-1'),
    'GET /api/me/permissions': jsonResponse(adminPermissions),
  };
}

function rowOf(product: string) {
  return screen.getByRole('cell', { name: product }).closest('tr')!;
}

/** The row whose text holds `text` (a product of a checkout of several: its reference follows). */
function rowWith(text: string) {
  return screen.getAllByRole('row').find((row) => row.textContent?.includes(text))!;
}

/** The admin's view of the orders, changing as the server would. */
function ordersServer(initial: Purchase[]) {
  let orders = initial;
  return {
    [ORDERS]: () => jsonResponse(orders),
    [SHIP]: () => {
      const result = { ...toShip, stat: 'shipped' as const, shipment: UPS_PARCEL };
      orders = orders.map((order) => (order._id === toShip._id ? result : order));
      return jsonResponse(result);
    },
    [DELETE_UNPAID]: () => {
      orders = orders.filter(({ _id }) => _id !== unpaid._id);
      return jsonResponse({ deletedCount: 1 });
    },
  };
}

describe('ManageAllOrders', () => {
  it('shows a spinner, then every order under the count with the spec columns', async () => {
    const orders = deferred<Response>();
    mockApi({ ...signedInAdmin(), [ORDERS]: () => orders.promise });
    renderWithProviders(<ManageAllOrders />);

    expect(screen.getByRole('status', { name: 'Loading orders' })).toBeInTheDocument();
    orders.resolve(jsonResponse([toShip, shipped, unpaid]));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage All Orders: 3' }),
    ).toBeInTheDocument();
    await within(rowOf('Cordless Drill')).findByRole('button', { name: 'Refund' });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Email',
      'Product',
      'Total Price',
      'Action',
    ]);
    expect(
      within(rowOf('Cordless Drill'))
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual([
      'Ana Lima',
      'ana@example.com',
      'Cordless Drill',
      '$1,559.88',
      'ShipDownload receiptRefundHistory',
    ]);
  });

  it('offers Ship only for a paid, pending order; shipped shows its status; unpaid can go', async () => {
    mockApi({ [ORDERS]: jsonResponse([toShip, shipped, unpaid]) });
    renderWithProviders(<ManageAllOrders />);
    await screen.findByRole('heading', { level: 1, name: 'Manage All Orders: 3' });

    const paidPending = within(rowOf('Cordless Drill'));
    expect(paidPending.getByRole('button', { name: 'Ship' })).toHaveAccessibleDescription(
      'Cordless Drill',
    );
    expect(paidPending.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    const paidShipped = within(rowOf('Circular Saw'));
    expect(paidShipped.getByText('shipped')).toBeInTheDocument();
    expect(paidShipped.queryByRole('button', { name: 'Ship' })).not.toBeInTheDocument();
    expect(paidShipped.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    const notPaid = within(rowOf('Angle Grinder'));
    expect(notPaid.getByText('Unpaid')).toBeInTheDocument();
    expect(notPaid.getByText(/^Reserved until /)).toBeInTheDocument();
    expect(notPaid.queryByRole('button', { name: 'Download receipt' })).not.toBeInTheDocument();
    expect(notPaid.getByRole('button', { name: 'Delete' })).toHaveAccessibleDescription(
      'Angle Grinder',
    );
    expect(notPaid.queryByRole('button', { name: 'Ship' })).not.toBeInTheDocument();
  });

  it('offers Ship for an invoiced order on account (its invoice is its payment); one awaiting approval waits', async () => {
    const invoiced = makePurchase(4, {
      product: 'Site Radio',
      onAccount: true,
      invoiceNumber: 'INV-000042',
      reservedUntil: null,
    });
    const awaiting = makePurchase(5, { product: 'Rotary Hammer', stat: 'awaiting_approval' });
    mockApi({ [ORDERS]: jsonResponse([invoiced, awaiting]) });
    renderWithProviders(<ManageAllOrders />);
    await screen.findByRole('heading', { level: 1, name: 'Manage All Orders: 2' });

    const onAccount = within(rowOf('Site Radio'));
    expect(onAccount.getByRole('button', { name: 'Ship' })).toBeInTheDocument();
    expect(onAccount.getByText(/Invoice INV-000042/)).toBeInTheDocument();
    expect(onAccount.queryByText('Unpaid')).not.toBeInTheDocument();
    expect(onAccount.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    const waiting = within(rowOf('Rotary Hammer'));
    expect(waiting.getByText('Awaiting approval')).toBeInTheDocument();
    expect(waiting.queryByRole('button', { name: 'Ship' })).not.toBeInTheDocument();
  });

  it('shows the checkout and PO reference of an order placed with one', async () => {
    const withPo = makePurchase(7, {
      product: 'Angle Grinder',
      checkoutReference: 'C-1042',
      poReference: 'PO-117',
    });
    mockApi({ [ORDERS]: jsonResponse([withPo]) });
    renderWithProviders(<ManageAllOrders />);

    expect(await screen.findByText('Checkout C-1042 · PO reference PO-117')).toBeInTheDocument();
  });

  it('ships an order with its carrier and tracking number: a toast, the row shows the parcel', async () => {
    const fetchMock = mockApi({ ...signedInAdmin(), ...ordersServer([toShip, unpaid]) });
    const { user } = renderWithProviders(<ManageAllOrders />);
    await screen.findByRole('heading', { level: 1, name: 'Manage All Orders: 2' });

    await shipInDialog(user, 'Cordless Drill');

    expect(await screen.findByText(ORDER_SHIPPED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const row = within(rowOf('Cordless Drill'));
    expect(row.getByText('shipped')).toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Ship' })).not.toBeInTheDocument();
    expect(row.getByRole('link', { name: 'Track parcel' })).toHaveAttribute(
      'href',
      UPS_PARCEL.trackingUrl,
    );
    const request = lastRequest(fetchMock, SHIP);
    expect(request.body).toEqual({
      stat: 'shipped',
      carrier: 'ups',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(request.headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('asks for the carrier and a valid tracking number before shipping', async () => {
    const fetchMock = mockApi({ ...signedInAdmin(), ...ordersServer([toShip]) });
    const { user } = renderWithProviders(<ManageAllOrders />);
    await screen.findByRole('heading', { level: 1, name: 'Manage All Orders: 1' });

    await user.click(within(rowOf('Cordless Drill')).getByRole('button', { name: 'Ship' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Ship Cordless Drill' }));
    await user.type(dialog.getByLabelText('Tracking number'), '1Z 999');
    await user.click(dialog.getByRole('button', { name: SHIP_PARCEL_LABEL }));

    expect(dialog.getByLabelText('Carrier')).toHaveAccessibleDescription(CARRIER_REQUIRED_MESSAGE);
    expect(dialog.getByLabelText('Tracking number')).toHaveAccessibleDescription(
      TRACKING_NUMBER_MESSAGE,
    );
    expect(requestLog(fetchMock)).not.toContain(SHIP);
  });

  it('ships other paid orders of the same checkout in the same parcel', async () => {
    const checkoutId = toShip.checkoutId;
    const sibling = makePurchase(4, {
      product: 'Jigsaw',
      paid: true,
      transactionId: 'pi_1',
      checkoutId,
    });
    const inParcel = [toShip, sibling].map((o) => ({
      ...o,
      stat: 'shipped' as const,
      shipment: UPS_PARCEL,
    }));
    let orders: Purchase[] = [toShip, sibling, shipped];
    const fetchMock = mockApi({
      ...signedInAdmin(),
      [ORDERS]: () => jsonResponse(orders),
      [SHIP_PARCEL]: () => {
        orders = [...inParcel, shipped];
        return jsonResponse({ shipment: { ...UPS_PARCEL, checkoutId }, orders: inParcel }, 201);
      },
    });
    const { user } = renderWithProviders(<ManageAllOrders />);
    await screen.findByRole('heading', { level: 1, name: 'Manage All Orders: 3' });

    await user.click(within(rowWith('Cordless Drill')).getByRole('button', { name: 'Ship' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Ship Cordless Drill' }));
    const group = within(dialog.getByRole('group', { name: 'Also in this parcel' }));
    // Only the same checkout's orders that can ship (not Circular Saw, shipped and elsewhere).
    expect(group.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual([
      'Jigsaw × 10',
    ]);
    await user.click(group.getByRole('checkbox', { name: 'Jigsaw × 10' }));
    await user.selectOptions(dialog.getByLabelText('Carrier'), 'UPS');
    await user.type(dialog.getByLabelText('Tracking number'), '1Z999AA10123456784{Enter}');

    expect(await screen.findByText(ORDER_SHIPPED_MESSAGE)).toBeInTheDocument();
    expect(lastRequest(fetchMock, SHIP_PARCEL).body).toEqual({
      orderIds: [toShip._id, sibling._id],
      carrier: 'ups',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(
      within(rowWith('Jigsaw')).getByRole('link', { name: 'Track parcel' }),
    ).toBeInTheDocument();
  });

  it("shows the server's message when an order can't be shipped (409)", async () => {
    mockApi({
      [ORDERS]: jsonResponse([toShip]),
      [SHIP]: jsonResponse({ code: 'CONFLICT', message: 'Only paid, pending orders ship.' }, 409),
    });
    const { user } = renderWithProviders(<ManageAllOrders />);
    await screen.findByRole('heading', { level: 1, name: 'Manage All Orders: 1' });

    const dialog = await shipInDialog(user, 'Cordless Drill');

    // Said in the dialog, which stays open (a toast would sit behind the modal).
    expect(await dialog.findByRole('alert')).toHaveTextContent('Only paid, pending orders ship.');
    expect(screen.queryByText(ORDER_SHIPPED_MESSAGE)).not.toBeInTheDocument();
  });

  it('deletes an unpaid order after confirmation', async () => {
    const fetchMock = mockApi(ordersServer([toShip, unpaid]));
    const { user } = renderWithProviders(<ManageAllOrders />);
    await screen.findByRole('heading', { level: 1, name: 'Manage All Orders: 2' });

    await user.click(within(rowOf('Angle Grinder')).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', {
      name: 'Are you sure you want to delete Angle Grinder?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(productDeletedMessage('Angle Grinder'))).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Angle Grinder' })).not.toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Manage All Orders: 1' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(requestLog(fetchMock).filter((r) => r === ORDERS)).toHaveLength(2));
  });

  it('offers no Refund to an account that may not refund (warehouse)', async () => {
    storeAccessToken('access-1');
    mockApi({
      [`GET ${apiPaths.auth.session}`]: sessionResponse(admin, 'access-1'),
      'GET /api/me/permissions': jsonResponse({
        ...adminPermissions,
        role: 'warehouse',
        permissions: ['orders.view', 'orders.fulfil'],
      }),
      [ORDERS]: jsonResponse([toShip]),
    });
    renderWithProviders(<ManageAllOrders />);
    await screen.findByRole('heading', { level: 1, name: 'Manage All Orders: 1' });
    const row = within(rowOf('Cordless Drill'));
    expect(await row.findByRole('button', { name: 'Ship' })).toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('refunds with one Idempotency-Key per submit, retried once with it after a 503', async () => {
    let calls = 0;
    const fetchMock = mockApi({
      ...signedInAdmin(),
      [ORDERS]: jsonResponse([toShip]),
      [`POST ${aftersalePaths.refunds(toShip._id)}`]: () => {
        calls += 1;
        if (calls === 1)
          return jsonResponse({ code: 'SERVICE_UNAVAILABLE', message: 'Try again.' }, 503);
        return jsonResponse(
          {
            _id: '00000000-0000-4000-8000-0000000000f1',
            number: 1,
            purchaseId: toShip._id,
            amount: 10,
            reason: 'Scratched case',
            createdAt: '2026-11-26T03:00:00.000Z',
            quantity: 0,
            net: 10,
            tax: 0,
            shipping: 0,
            shippingTax: 0,
            discount: 0,
          },
          201,
        );
      },
    });
    const { user } = renderWithProviders(<ManageAllOrders />);
    const row = within(
      (await screen.findByRole('cell', { name: 'Cordless Drill' })).closest('tr')!,
    );
    await user.click(await row.findByRole('button', { name: 'Refund' }));
    const form = screen.getByRole('form', { name: 'Refund Cordless Drill' });
    await user.type(within(form).getByLabelText('Refund amount ($)'), '10');
    await user.type(within(form).getByLabelText('Reason'), 'Scratched case');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Refund now' }),
    );
    expect(await screen.findByText('Refund done: $10.00')).toBeInTheDocument();
    const keys = fetchMock.mock.calls
      .filter(([input, init]) => init?.method === 'POST' && String(input).includes('/refunds'))
      .map(([, init]) => new Headers(init?.headers).get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[\x21-\x7e]{16,}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('refunds units with their tax and, when ticked, the shipping (issue 35)', async () => {
    const taxed = {
      ...toShip,
      tax: 7.25,
      shipping: 10,
      shippingTax: 0.73,
      amount: toShip.totalPrice + 17.98,
    };
    const fetchMock = mockApi({
      ...signedInAdmin(),
      [ORDERS]: jsonResponse([taxed]),
      [`POST ${aftersalePaths.refunds(toShip._id)}`]: () =>
        jsonResponse(
          {
            _id: '00000000-0000-4000-8000-0000000000f2',
            number: 2,
            purchaseId: toShip._id,
            amount: 64.36,
            reason: 'Dented',
            createdAt: '2026-11-26T03:00:00.000Z',
            quantity: 2,
            net: 50,
            tax: 3.63,
            shipping: 10,
            shippingTax: 0.73,
            discount: 0,
          },
          201,
        ),
    });
    const { user } = renderWithProviders(<ManageAllOrders />);
    const row = within(
      (await screen.findByRole('cell', { name: 'Cordless Drill' })).closest('tr')!,
    );
    // The order's stored shipping, tax (goods and shipping) and amount under its total.
    expect(row.getByText(/Shipping \$10\.00 · Tax \$7\.98 · Amount/)).toBeInTheDocument();
    await user.click(await row.findByRole('button', { name: 'Refund' }));
    const form = screen.getByRole('form', { name: 'Refund Cordless Drill' });
    const shipping = within(form).getByRole('checkbox', { name: 'Refund shipping' });
    expect(shipping).not.toBeChecked();
    await user.type(within(form).getByLabelText('Or units to refund (with their tax)'), '2');
    await user.click(shipping);
    await user.type(within(form).getByLabelText('Reason'), 'Dented');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Refund now' }),
    );
    expect(await screen.findByText('Refund done: $64.36')).toBeInTheDocument();
    const [sent] = fetchMock.mock.calls.filter(
      ([input, init]) => init?.method === 'POST' && String(input).includes('/refunds'),
    );
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      quantity: '2',
      refundShipping: true,
      reason: 'Dented',
    });
  });

  it("shows a discounted order's discount and promotions under its total (issue 36)", async () => {
    const discounted = {
      ...toShip,
      discount: 25,
      amount: toShip.totalPrice - 25,
      promotions: [
        {
          name: 'Spring saws',
          code: 'SAW25',
          kind: 'amount_off' as const,
          discount: 25,
          shippingDiscount: 0,
        },
      ],
    };
    mockApi({ ...signedInAdmin(), [ORDERS]: jsonResponse([discounted]) });
    const { user } = renderWithProviders(<ManageAllOrders />);
    const row = within(
      (await screen.findByRole('cell', { name: 'Cordless Drill' })).closest('tr')!,
    );
    expect(
      row.getByText(/^Discount -\$25\.00 · Shipping \$0\.00 · Tax \$0\.00 · Amount/),
    ).toBeInTheDocument();
    expect(row.getByText('Promotions: Spring saws (code SAW25)')).toBeInTheDocument();
    // The refund form says what was paid: the goods before the discount, and the discount.
    await user.click(await row.findByRole('button', { name: 'Refund' }));
    const form = screen.getByRole('form', { name: 'Refund Cordless Drill' });
    expect(
      within(form).getByText(/^Paid \$.*: goods \$.*, discount -\$25\.00, tax \$0\.00/),
    ).toBeInTheDocument();
  });

  it('offers a retry when the orders cannot be loaded', async () => {
    let answer = jsonResponse({ code: 'INTERNAL', message: 'Boom' }, 500);
    mockApi({ [ORDERS]: () => answer });
    const { user } = renderWithProviders(<ManageAllOrders />);

    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load the orders.");
    answer = jsonResponse([unpaid]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage All Orders: 1' }),
    ).toBeInTheDocument();
  });
});
