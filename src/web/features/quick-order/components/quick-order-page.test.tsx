import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import type { QuickOrderResult } from '../../../../shared/variant.ts';
import { useAuth } from '../../../lib/auth/session.ts';
import { lastRequest, mockApi, requestLog } from '../../../test/api-routes.ts';
import { customer, sessionResponse, storeAccessToken } from '../../../test/auth.ts';
import { deferred, jsonResponse } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { QuickOrderPage } from './quick-order-page.tsx';

const SEND = `POST ${apiPaths.quickOrder}`;
type Answer = Parameters<typeof mockApi>[0][string];

const answered: QuickOrderResult = {
  lines: [
    { sku: 'DRL-18V', quantity: 2, problem: null, name: 'Drill (18V)' },
    { sku: 'NOPE-1', quantity: 1, problem: 'Unknown SKU NOPE-1', name: null },
    {
      sku: 'BAT-5AH',
      quantity: 9,
      problem: 'Ordered Quantity is more than available quantity in stock (4 available)',
      name: 'Battery 5.0 Ah',
    },
  ],
  added: 1,
  notices: [],
};

/** The page renders behind RequireAuth: shown once the session is restored, as the guard does. */
function BehindGuard() {
  return useAuth().status === 'signedIn' ? <QuickOrderPage /> : null;
}

function renderPage(routes: Record<string, Answer> = {}) {
  storeAccessToken('access-1');
  const fetchMock = mockApi({
    [`GET ${apiPaths.auth.session}`]: sessionResponse(customer, 'access-1'),
    [SEND]: jsonResponse(answered),
    ...routes,
  });
  return { fetchMock, ...renderWithProviders(<BehindGuard />, { route: '/quickOrder' }) };
}

async function form() {
  const quick = await screen.findByRole('form', { name: 'Quick Order' });
  return {
    lines: within(quick).getByLabelText('Lines'),
    upload: within(quick).getByLabelText('Upload CSV'),
    add: within(quick).getByRole('button', { name: 'Add to basket' }),
  };
}

const resultRows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('QuickOrderPage', () => {
  it('sends the pasted lines and shows each line’s result; what was not added stays to fix', async () => {
    const { user, fetchMock } = renderPage();
    const { lines, add } = await form();
    await user.click(lines);
    await user.paste('DRL-18V\t2\nNOPE-1,1\n\nBAT-5AH 9\n');
    await user.click(add);

    expect(await screen.findByText('1 of 3 lines added to your basket.')).toBeInTheDocument();
    expect(lastRequest(fetchMock, SEND).body).toEqual({
      lines: [
        { sku: 'DRL-18V', quantity: 2 },
        { sku: 'NOPE-1', quantity: 1 },
        { sku: 'BAT-5AH', quantity: 9 },
      ],
    });
    expect(resultRows()).toEqual([
      ['DRL-18V', 'Drill (18V)', '2', 'Added'],
      ['NOPE-1', '—', '1', 'Unknown SKU NOPE-1'],
      [
        'BAT-5AH',
        'Battery 5.0 Ah',
        '9',
        'Ordered Quantity is more than available quantity in stock (4 available)',
      ],
    ]);
    expect(screen.getByRole('link', { name: 'Go to basket' })).toHaveAttribute('href', '/basket');
    expect(lines).toHaveValue('NOPE-1 1\nBAT-5AH 9');
  });

  it('reads an uploaded CSV into the lines, header and all', async () => {
    const { user, fetchMock } = renderPage();
    const { lines, upload, add } = await form();
    const csv = new File(['SKU,Quantity\r\nDRL-18V,3\r\nBAT-5AH,4\r\n'], 'order.csv', {
      type: 'text/csv',
    });
    await user.upload(upload, csv);
    // A text box's value has its line breaks as \n.
    await waitFor(() => expect(lines).toHaveValue('SKU,Quantity\nDRL-18V,3\nBAT-5AH,4\n'));
    await user.click(add);
    await screen.findByText('1 of 3 lines added to your basket.');
    expect(lastRequest(fetchMock, SEND).body).toEqual({
      lines: [
        { sku: 'DRL-18V', quantity: 3 },
        { sku: 'BAT-5AH', quantity: 4 },
      ],
    });
  });

  it('says which lines cannot be read and sends nothing', async () => {
    const { user, fetchMock } = renderPage();
    const { lines, add } = await form();
    await user.type(lines, 'DRL-18V 2{Enter}BAT-5AH{Enter}CHG-1 two');
    await user.click(add);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Nothing was sent');
    expect(alert).toHaveTextContent('Line 2 (BAT-5AH): Add a quantity after the SKU');
    expect(alert).toHaveTextContent('Line 3 (CHG-1 two): Quantity must be a whole number');
    expect(lines).toHaveAttribute('aria-invalid', 'true');
    expect(requestLog(fetchMock)).not.toContain(SEND);

    // An empty box asks for a line.
    await user.clear(lines);
    await user.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Add at least one line: a SKU and a quantity',
    );
    expect(requestLog(fetchMock)).not.toContain(SEND);
  });

  it('shows a spinner while sending, and the server’s error when it refuses', async () => {
    const answer = deferred<Response>();
    const { user } = renderPage({ [SEND]: () => answer.promise });
    const { lines, add } = await form();
    await user.type(lines, 'DRL-18V 2');
    await user.click(add);

    expect(await screen.findByRole('status')).toHaveTextContent('Adding to basket…');
    expect(add).toBeDisabled();
    answer.resolve(
      jsonResponse(
        { code: 'CONFLICT', message: 'Your basket can hold at most 50 lines', requestId: 'r1' },
        409,
      ),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your basket can hold at most 50 lines',
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(add).toBeEnabled();
    expect(lines).toHaveValue('DRL-18V 2');
  });
});
