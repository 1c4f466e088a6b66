import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../../test/fixtures.ts';
import { selectRecentProducts } from './recent-products.ts';

describe('selectRecentProducts', () => {
  it('reverses the list and keeps the first six without changing the input', () => {
    const products = Array.from({ length: 9 }, (_, index) => makeProduct(index + 1));
    const recent = selectRecentProducts(products);
    expect(recent.map((product) => product.name)).toEqual([
      'Product 9',
      'Product 8',
      'Product 7',
      'Product 6',
      'Product 5',
      'Product 4',
    ]);
    expect(products[0]?.name).toBe('Product 1');
  });
});
