import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Overview } from '../../../../shared/admin-overview.ts';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { mockApi, requestLog } from '../../../test/api-routes.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { OverviewPage } from './overview-page.tsx';

const overview = (days: number): Overview => ({
  days,
  timeZone: 'UTC',
  daily: [
    { day: '2026-11-21', revenue: 0, paidOrders: 0 },
    { day: '2026-11-22', revenue: 259.98, paidOrders: 2 },
    { day: '2026-11-23', revenue: 1200, paidOrders: 1 },
  ],
  revenue: 1459.98,
  paidOrders: 3,
  averageOrderValue: 486.66,
  taxCollected: 87.6,
  shippingCharged: 25,
  discountGiven: 42.5,
  ordersByStatus: [
    { status: 'paid', count: 2 },
    { status: 'unpaid', count: 1 },
  ],
  topProducts: [{ productId: null, name: 'Cordless Drill', revenue: 1459.98, quantity: 4 }],
  lowStock: [
    {
      _id: '3f2b8c9e-1d4a-4f5b-9c6d-7e8f9a0b1c2d',
      name: 'Impact Driver',
      availableQuantity: 3,
      minQuantity: 2,
    },
  ],
});

describe('OverviewPage', () => {
  it("shows the period's figures, a chart with a table alternative, and low stock to edit", async () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat().resolvedOptions(),
      timeZone: 'Europe/Berlin',
    });
    const fetchMock = mockApi({
      [`GET ${apiPaths.failedMails}`]: jsonResponse([
        {
          id: 7,
          purchaseId: '3f2b8c9e-1d4a-4f5b-9c6d-7e8f9a0b1c2d',
          checkoutId: null,
          template: 'order.shipped',
          audience: 'customer',
          attempts: 10,
          lastError: '550 mailbox unavailable',
          createdAt: '2026-11-22T10:00:00.000Z',
          failedAt: '2026-11-23T10:00:00.000Z',
        },
      ]),
      [`GET ${apiPaths.adminOverview(30, 'Europe/Berlin')}`]: jsonResponse(overview(30)),
      [`GET ${apiPaths.adminOverview(7, 'Europe/Berlin')}`]: jsonResponse(overview(7)),
    });
    const { user } = renderWithProviders(<OverviewPage />);

    expect(await screen.findByText('$486.66')).toBeInTheDocument();
    expect(screen.getAllByText('$1,459.98')).toHaveLength(2); // revenue, and the top product
    // Issue 35: tax and shipping apart from the revenue (the goods' net).
    expect(screen.getByText('Tax collected').nextElementSibling).toHaveTextContent('$87.60');
    expect(screen.getByText('Shipping charged').nextElementSibling).toHaveTextContent('$25.00');
    expect(screen.getByText('Discount given').nextElementSibling).toHaveTextContent('$42.50');
    expect(
      screen.getByRole('img', { name: /Revenue per day from Nov 21 to Nov 23/ }),
    ).toBeInTheDocument();
    await user.click(screen.getByText('Show the numbers as a table'));
    const day = screen.getByRole('row', { name: '2026-11-23 $1,200.00 1' });
    expect(day).toBeVisible();
    expect(screen.getByRole('row', { name: 'Paid, to ship 2' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Cordless Drill 4 \$1,459.98/ })).toBeInTheDocument();
    const low = within(screen.getByRole('row', { name: /Impact Driver/ }));
    expect(low.getByRole('link', { name: 'Edit Impact Driver' })).toHaveAttribute(
      'href',
      '/dashboard/manageProducts/3f2b8c9e-1d4a-4f5b-9c6d-7e8f9a0b1c2d/edit',
    );

    const failed = within(screen.getByRole('region', { name: 'Mails that failed to send' }));
    expect(
      await failed.findByRole('cell', { name: '550 mailbox unavailable' }),
    ).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Period'), 'Last 7 days');
    await vi.waitFor(() =>
      expect(requestLog(fetchMock)).toContain(`GET ${apiPaths.adminOverview(7, 'Europe/Berlin')}`),
    );
  });

  it('offers a retry when the overview cannot be loaded', async () => {
    let fail = true;
    mockApi({
      [`GET ${apiPaths.failedMails}`]: jsonResponse([]),
      [`GET ${apiPaths.adminOverview(30, Intl.DateTimeFormat().resolvedOptions().timeZone)}`]:
        () =>
          fail
            ? jsonResponse({ code: 'SERVICE_UNAVAILABLE', message: 'Down for a moment' }, 503)
            : jsonResponse(overview(30)),
    });
    const { user } = renderWithProviders(<OverviewPage />);
    expect(await screen.findByText("We couldn't load the overview.")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('$486.66')).toBeInTheDocument();
  });
});
