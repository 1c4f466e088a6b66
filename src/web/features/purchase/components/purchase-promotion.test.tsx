import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { CODE_UNKNOWN_MESSAGE, codeKey } from '../../../../shared/promotions.ts';
import { PURCHASE_CONFIRMED_MESSAGE } from '../../../../shared/purchase.ts';
import { useAuth } from '../../../lib/auth/session.ts';
import { lastRequest, mockApi } from '../../../test/api-routes.ts';
import { customer, sessionResponse, storeAccessToken } from '../../../test/auth.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { makeLineQuote, makeProduct, makePurchase, uuid } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PurchasePage } from './purchase-page.tsx';

// Issue 36: a promotion code on the product page's purchase form, against a mocked pricing step
// that knows SAVE10 (10% off) and refuses any other code as unknown.

const drill = makeProduct(1, {
  name: 'Cordless Drill',
  price: 129.99,
  minQuantity: 10,
  availableQuantity: 50,
});
const QUOTE = `POST ${apiPaths.checkout}/quote`;
const PURCHASE = `POST ${apiPaths.purchases}`;
const PRICED = { timeout: 4000 };

type Answer = Parameters<typeof mockApi>[0][string];

/** 10 × 129.99 = 1,299.90; SAVE10 takes 129.99 off: 1,169.91 (no shipping, no tax). */
const pricingStep: Answer = ({ body }) => {
  const codes = (body as { codes?: string[] }).codes ?? [];
  if (codes.some((code) => codeKey(code) !== 'SAVE10'))
    return jsonResponse(
      {
        code: 'VALIDATION_FAILED',
        message: CODE_UNKNOWN_MESSAGE,
        fields: { codes: CODE_UNKNOWN_MESSAGE },
      },
      400,
    );
  const plain = makeLineQuote(body, drill.price);
  if (codes.length === 0) return jsonResponse(plain);
  const line = plain.lines[0]!;
  return jsonResponse({
    ...plain,
    quoteId: uuid(6100),
    lines: [{ ...line, discount: 129.99, lineTotal: 1169.91 }],
    discount: 129.99,
    total: 1169.91,
    promotions: [
      {
        id: uuid(8001),
        name: 'Trade show 10%',
        code: 'SAVE10',
        kind: 'percent_off',
        discount: 129.99,
        shippingDiscount: 0,
        lines: [{ productId: line.productId, sku: line.sku, discount: 129.99 }],
      },
    ],
  });
};

function BehindGuard() {
  return useAuth().status === 'signedIn' ? (
    <PurchasePage productId={drill._id} notFound={<h1>Nothing here</h1>} />
  ) : null;
}

function renderPurchase() {
  storeAccessToken('access-1');
  const fetchMock = mockApi({
    [`GET ${apiPaths.auth.session}`]: sessionResponse(customer, 'access-1'),
    [`GET ${apiPaths.product(drill._id)}`]: jsonResponse(drill),
    [`GET ${apiPaths.productRelated(drill._id)}`]: jsonResponse([]),
    [`GET ${apiPaths.productNotify(drill._id)}`]: jsonResponse({ subscribed: false }),
    [QUOTE]: pricingStep,
    [PURCHASE]: jsonResponse(
      makePurchase(1, { productId: drill._id, product: drill.name, orderQuantity: 10 }),
      201,
    ),
  });
  return {
    fetchMock,
    ...renderWithProviders(<BehindGuard />, { route: `/purchase/${drill._id}` }),
  };
}

const formShown = () =>
  screen.findByRole('form', { name: 'Purchase Cordless Drill' }, { timeout: 5000 });

describe('PurchaseForm promotion codes', () => {
  it('applies a code: its promotion and the discount in the summary, and purchases with it', async () => {
    const { user, fetchMock } = renderPurchase();
    const form = within(await formShown());
    await user.type(form.getByLabelText('Address'), '1 Main Street, Lisbon');
    await user.type(form.getByLabelText('Phone'), '+351 900 000 000');

    await user.type(form.getByLabelText('Promotion code'), 'save10');
    await user.click(form.getByRole('button', { name: 'Apply' }));

    expect(await form.findByRole('list', { name: 'Promotions' }, PRICED)).toHaveTextContent(
      'Trade show 10% (code SAVE10)−$129.99',
    );
    const summary = within(form.getByRole('group', { name: 'Order summary' }));
    await waitFor(
      () => expect(summary.getByText('Total').nextSibling).toHaveTextContent('$1,169.91'),
      PRICED,
    );
    expect(summary.getByText('Discount').nextSibling).toHaveTextContent('−$129.99');

    await user.click(form.getByRole('button', { name: 'Purchase' }));

    expect(await screen.findByText(PURCHASE_CONFIRMED_MESSAGE, {}, PRICED)).toBeInTheDocument();
    expect(lastRequest(fetchMock, PURCHASE).body).toMatchObject({
      productId: drill._id,
      orderQuantity: 10,
      quoteId: uuid(6100),
      codes: ['save10'],
    });
    // Used by this order: the form starts the next one without it.
    expect(form.queryByRole('list', { name: 'Codes applied:' })).not.toBeInTheDocument();
  });

  it("shows a refused code's message under the field and keeps nothing", async () => {
    const { user } = renderPurchase();
    const form = within(await formShown());
    const field = form.getByLabelText('Promotion code');

    await user.type(field, 'NOPE');
    await user.click(form.getByRole('button', { name: 'Apply' }));

    await waitFor(
      () =>
        expect(field).toHaveAccessibleDescription(expect.stringContaining(CODE_UNKNOWN_MESSAGE)),
      PRICED,
    );
    expect(form.queryByRole('list', { name: 'Codes applied:' })).not.toBeInTheDocument();
  });
});
