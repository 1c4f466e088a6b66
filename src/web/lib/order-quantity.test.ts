import { describe, expect, it } from 'vitest';
import {
  ABOVE_MAXIMUM_MESSAGE,
  ABOVE_STOCK_MESSAGE,
  ADDRESS_MAX,
  BELOW_MINIMUM_MESSAGE,
  ORDER_QUANTITY_REQUIRED_MESSAGE,
  PurchaseBodySchema,
} from '../../shared/purchase.ts';
import { orderQuantityMessage, schemaRule } from './order-quantity.ts';

const stock = { minQuantity: 10, availableQuantity: 50 };

describe('orderQuantityMessage', () => {
  it.each([
    ['', ORDER_QUANTITY_REQUIRED_MESSAGE],
    ['  ', ORDER_QUANTITY_REQUIRED_MESSAGE],
    ['9', BELOW_MINIMUM_MESSAGE],
    ['0', BELOW_MINIMUM_MESSAGE],
    ['-12', BELOW_MINIMUM_MESSAGE],
    ['51', ABOVE_STOCK_MESSAGE],
    ['10.5', 'Order Quantity must be a whole number'],
    ['10', undefined],
    ['50', undefined],
  ])('%j gives %j', (text, message) => {
    expect(orderQuantityMessage(text, stock)).toBe(message);
  });

  it('names the largest allowed quantity, not the stock, when the stock is larger', () => {
    const plenty = { minQuantity: 1, availableQuantity: 5_000_000 };
    expect(ABOVE_MAXIMUM_MESSAGE).toBe('Order Quantity can be at most 1,000,000');
    expect(orderQuantityMessage('1000001', plenty)).toBe(ABOVE_MAXIMUM_MESSAGE);
    expect(orderQuantityMessage('1000000', plenty)).toBeUndefined();
  });

  it('says the stock is short when even the minimum is more than there is', () => {
    expect(orderQuantityMessage('10', { minQuantity: 10, availableQuantity: 4 })).toBe(
      ABOVE_STOCK_MESSAGE,
    );
  });
});

describe('schemaRule', () => {
  it("passes valid values and gives the schema's first message otherwise", () => {
    const rule = schemaRule(PurchaseBodySchema.shape.address);
    expect(rule('1 Main Street')).toBe(true);
    expect(rule('x'.repeat(ADDRESS_MAX + 1))).toBe(
      `Address must be at most ${ADDRESS_MAX} characters`,
    );
  });
});
