import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aftersalePaths, type MyAftersale } from '../../../../shared/aftersale.ts';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { useAuth } from '../../../lib/auth/session.ts';
import { lastRequest, mockApi } from '../../../test/api-routes.ts';
import { customer, sessionResponse, storeAccessToken } from '../../../test/auth.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { makePurchase } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { MyOrders } from './my-orders.tsx';

// My Orders after the sale (issue 25): refunds, warranty, returns and recall banners per order.

const SESSION = `GET ${apiPaths.auth.session}`;
const ORDERS = `GET ${apiPaths.myPurchases(customer.email)}`;
const AFTERSALE = `GET ${aftersalePaths.mine}`;
const saw = makePurchase(2, {
  product: 'Circular Saw',
  paid: true,
  transactionId: 'pi_test_123',
  stat: 'shipped',
  orderQuantity: 2,
});
const RECALL_ID = '00000000-0000-4000-8000-0000000000aa';
const REFUND_ID = '00000000-0000-4000-8000-0000000000bb';

function aftersale(acknowledged: boolean): MyAftersale {
  return {
    [saw._id]: {
      refunded: 25.5,
      refunds: [
        {
          _id: REFUND_ID,
          number: 7,
          purchaseId: saw._id,
          amount: 25.5,
          reason: 'Scratched',
          createdAt: '2026-11-20T10:00:00.000Z',
          quantity: 0,
          net: 25.5,
          tax: 0,
          shipping: 0,
          shippingTax: 0,
          discount: 0,
        },
      ],
      returns: [],
      returnable: 2,
      serials: [{ serial: 'TH-0001', endsAt: '2029-11-20T10:00:00.000Z' }],
      unregistered: 1,
      recalls: [
        {
          _id: RECALL_ID,
          title: 'Guard may detach',
          hazard: 'The guard can come loose.',
          remedy: 'Stop using it.',
          acknowledged,
        },
      ],
    },
  };
}

function BehindGuard() {
  return useAuth().status === 'signedIn' ? <MyOrders /> : null;
}

describe('My Orders after the sale', () => {
  it('shows Refunded, Warranty until and the recall banner, and acknowledges the recall', async () => {
    let read = false;
    storeAccessToken('access-1');
    const fetchMock = mockApi({
      [SESSION]: sessionResponse(customer, 'access-1'),
      [ORDERS]: jsonResponse([saw]),
      [AFTERSALE]: () => jsonResponse(aftersale(read)),
      [`POST ${aftersalePaths.acknowledgeRecall(RECALL_ID)}`]: () => {
        read = true;
        return jsonResponse({ acknowledged: true });
      },
    });
    renderWithProviders(<BehindGuard />, { route: '/dashboard/myOrders' });

    expect(await screen.findByText('Refunded $25.50', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/TH-0001: Warranty until/)).toBeInTheDocument();
    const banner = screen.getByRole('region', { name: 'Safety recall: Guard may detach' });
    expect(within(banner).getByText('The guard can come loose.')).toBeInTheDocument();

    await userEvent.click(within(banner).getByRole('button', { name: 'I have read this' }));
    expect(await within(banner).findByText('You have read this notice.')).toBeInTheDocument();
    expect(
      lastRequest(fetchMock, `POST ${aftersalePaths.acknowledgeRecall(RECALL_ID)}`),
    ).toBeDefined();
  });

  it('checks a return request before sending it, then sends quantity, reason and note', async () => {
    storeAccessToken('access-1');
    const fetchMock = mockApi({
      [SESSION]: sessionResponse(customer, 'access-1'),
      [ORDERS]: jsonResponse([saw]),
      [AFTERSALE]: jsonResponse(aftersale(true)),
      [`POST ${aftersalePaths.returnsOf(saw._id)}`]: jsonResponse(
        {
          _id: '00000000-0000-4000-8000-0000000000cc',
          purchaseId: saw._id,
          product: 'Circular Saw',
          sku: 'CS-1',
          customerName: 'C',
          customerEmail: customer.email,
          quantity: 1,
          value: 10,
          reason: 'Wrong item',
          note: 'Ordered the wrong size',
          status: 'requested',
          rejectReason: null,
          restocked: null,
          createdAt: '2026-11-20T10:00:00.000Z',
        },
        201,
      ),
    });
    renderWithProviders(<BehindGuard />, { route: '/dashboard/myOrders' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Request a return' }, { timeout: 5000 }),
    );
    const form = screen.getByRole('form', { name: 'Return Circular Saw' });
    await userEvent.click(within(form).getByRole('button', { name: 'Send return request' }));
    expect(await within(form).findByText('Choose a reason')).toBeInTheDocument();

    await userEvent.selectOptions(within(form).getByLabelText('Reason'), 'Wrong item');
    await userEvent.type(within(form).getByLabelText('Note'), 'Ordered the wrong size');
    await userEvent.click(within(form).getByRole('button', { name: 'Send return request' }));
    await waitFor(() =>
      expect(lastRequest(fetchMock, `POST ${aftersalePaths.returnsOf(saw._id)}`).body).toEqual({
        quantity: 1,
        reason: 'Wrong item',
        note: 'Ordered the wrong size',
      }),
    );
  });
});
