import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { quotePaths, type Quote } from '../../../../shared/quote.ts';
import { lastRequest, mockApi } from '../../../test/api-routes.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { uuid } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ManageQuotesPage, QUOTE_SENT_MESSAGE } from './manage-quotes-page.tsx';
import { MyQuotesPage } from './my-quotes-page.tsx';

const makeQuote = (n: number, fields: Partial<Quote> = {}): Quote => ({
  _id: uuid(n),
  reference: `Q-${n}`,
  productId: uuid(100 + n),
  product: `Product ${n}`,
  sku: `SKU-${n}`,
  customerEmail: `trade${n}@example.com`,
  quantity: 100,
  targetPrice: 70,
  message: 'Fleet order',
  status: 'requested',
  price: null,
  expiresAt: null,
  reply: '',
  checkoutId: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...fields,
});

describe('Quotes (admin)', () => {
  it('answers a request with a unit price and days, and says so', async () => {
    let quote = makeQuote(1);
    const fetchMock = mockApi({
      [`GET ${quotePaths.quotes}`]: () => jsonResponse([quote]),
      [`POST ${quotePaths.action(quote._id, 'answer')}`]: () => {
        quote = { ...quote, status: 'quoted', price: 75, expiresAt: '2099-01-01T00:00:00.000Z' };
        return jsonResponse(quote);
      },
    });
    const { user } = renderWithProviders(<ManageQuotesPage />);
    const card = within(
      await screen.findByRole('article', { name: 'Q-1: Product 1' }, { timeout: 5000 }),
    );
    expect(card.getByText('trade1@example.com')).toBeInTheDocument();
    // Issue 34: a quote is for a variant; its SKU is shown.
    expect(card.getByText('SKU-1')).toBeInTheDocument();
    await user.type(card.getByLabelText('Unit price'), '75');
    await user.clear(card.getByLabelText('Valid for (days)'));
    await user.type(card.getByLabelText('Valid for (days)'), '31');
    await user.click(card.getByRole('button', { name: 'Send quote' }));
    expect(await card.findByText('Valid for must be between 1 and 30 days')).toBeInTheDocument();
    await user.clear(card.getByLabelText('Valid for (days)'));
    await user.type(card.getByLabelText('Valid for (days)'), '10');
    await user.click(card.getByRole('button', { name: 'Send quote' }));
    expect(await screen.findByText(QUOTE_SENT_MESSAGE)).toBeInTheDocument();
    expect(lastRequest(fetchMock, `POST ${quotePaths.action(quote._id, 'answer')}`).body).toEqual({
      price: '75',
      validDays: '10',
      note: '',
    });
    await waitFor(() => expect(screen.getByText('Quoted')).toBeInTheDocument());
  });
});

describe('My Quotes', () => {
  it('offers Accept and pay on a live quote and Withdraw on a request', async () => {
    mockApi({
      [`GET ${quotePaths.quotes}`]: jsonResponse([
        makeQuote(2, { status: 'quoted', price: 75, expiresAt: '2099-01-01T00:00:00.000Z' }),
        makeQuote(3),
      ]),
    });
    renderWithProviders(<MyQuotesPage />);
    const quoted = within(
      await screen.findByRole('article', { name: 'Q-2: Product 2' }, { timeout: 5000 }),
    );
    expect(quoted.getByText('$75.00 (total $7,500.00)')).toBeInTheDocument();
    expect(quoted.getByRole('button', { name: 'Accept and pay' })).toBeInTheDocument();
    expect(quoted.queryByRole('button', { name: 'Withdraw' })).toBeNull();
    const requested = within(screen.getByRole('article', { name: 'Q-3: Product 3' }));
    expect(requested.getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    expect(requested.queryByRole('button', { name: 'Accept and pay' })).toBeNull();
  });
});
