import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CheckoutQuote } from '../../shared/pricing.ts';
import { emptyAddress } from './address-form.tsx';
import { QuotedLinePrice, QuoteTotals } from './quote-totals.tsx';

// Issue 36: the promotions and the discount in a quote's summary, worked out by hand.

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const standard = {
  id: uuid(1),
  name: 'Standard',
  deliveryText: '',
  price: 10,
  tax: 1.9,
  collect: false,
};
const line = {
  productId: uuid(2),
  sku: 'TH-00002',
  name: 'Saw',
  variantLabel: '',
  quantity: 10,
  unitPrice: 100,
  discount: 100,
  lineTotal: 900,
  tax: 171,
  taxRate: 19,
};
const tenPercent = {
  id: uuid(3),
  name: 'Saws 10%',
  code: null,
  kind: 'percent_off' as const,
  discount: 100,
  shippingDiscount: 0,
  lines: [{ productId: line.productId, sku: line.sku, discount: 100 }],
};

/** Germany (19%, prices with VAT): the saw 1,000.00 less 100.00, its VAT 171.00 on 900.00. */
const german: CheckoutQuote = {
  quoteId: uuid(4),
  expiresAt: '2026-11-29T10:30:00.000Z',
  address: emptyAddress('DE'),
  lines: [line],
  shippingMethods: [standard],
  shippingMethod: standard,
  subtotal: 1000,
  discount: 100,
  promotions: [tenPercent],
  shipping: 10,
  tax: 172.9,
  total: 1082.9,
  weightGrams: 1000,
  pricesIncludeTax: true,
  taxNote: null,
  paymentMethod: 'card',
  company: null,
};

const row = (term: string) => screen.getByText(term).nextSibling;

describe('QuoteTotals with promotions', () => {
  it('shows an automatic promotion and the discount with the VAT it saves where prices include VAT', () => {
    render(<QuoteTotals quote={german} />);

    // 100.00 off and the 19.00 of VAT on it: the gross lines 1,071.00 were 1,190.00.
    const promotions = screen.getByRole('list', { name: 'Promotions' });
    expect(within(promotions).getByRole('listitem')).toHaveTextContent('Saws 10%−$119.00');
    expect(row('Subtotal')).toHaveTextContent('$1,190.00');
    expect(row('Discount')).toHaveTextContent('−$119.00');
    expect(row('Shipping (Standard)')).toHaveTextContent('$11.90');
    expect(row('Total')).toHaveTextContent('$1,082.90');
  });

  it('shows a line discount net where tax is added', () => {
    render(<QuotedLinePrice quote={{ ...german, pricesIncludeTax: false }} line={line} />);

    expect(screen.getByText('Discount: −$100.00')).toBeInTheDocument();
    expect(screen.getByText('Price: $900.00, tax $171.00')).toBeInTheDocument();
  });

  it("shows free shipping's saving as the shipping it took off, and the shipping as Free", () => {
    const free = { ...standard, price: 0, tax: 0 };
    render(
      <QuoteTotals
        quote={{
          ...german,
          lines: [{ ...line, discount: 0, lineTotal: 1000, tax: 82.5, taxRate: 8.25 }],
          shippingMethods: [free],
          shippingMethod: free,
          discount: 0,
          promotions: [
            {
              ...tenPercent,
              name: 'Free delivery weekend',
              code: 'SHIPFREE',
              kind: 'free_shipping',
              discount: 0,
              shippingDiscount: 12.5,
              lines: [],
            },
          ],
          shipping: 0,
          tax: 82.5,
          total: 1082.5,
          pricesIncludeTax: false,
        }}
      />,
    );

    expect(screen.getByRole('listitem')).toHaveTextContent(
      'Free delivery weekend (code SHIPFREE): free shipping−$12.50',
    );
    expect(row('Shipping (Standard)')).toHaveTextContent('Free');
    expect(screen.queryByText('Discount')).not.toBeInTheDocument();
    expect(row('Total')).toHaveTextContent('$1,082.50');
  });
});
