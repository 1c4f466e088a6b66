import { describe, expect, it } from 'vitest';
import { pageOf, pageRoutes } from './page-routes.ts';

describe('pageRoutes', () => {
  it('builds links with their parameters encoded', () => {
    expect(pageRoutes.allProducts.href()).toBe('/allProducts');
    expect(pageRoutes.purchase.href({ productId: 'a/b c' })).toBe('/purchase/a%2Fb%20c');
    expect(pageRoutes.editProduct.href({ productId: 'p1' })).toBe(
      '/dashboard/manageProducts/p1/edit',
    );
  });

  it('finds the page of a path as the router does: any case, a trailing slash, the alias', () => {
    expect(pageOf('/home')).toEqual({ name: 'home', pattern: '/home' });
    expect(pageOf('/ALLPRODUCTS/')).toEqual({ name: 'allProducts', pattern: '/allProducts' });
    expect(pageOf('/dashboard/payment/o1')).toEqual({
      name: 'payment',
      pattern: '/dashboard/payment/:id',
    });
    expect(pageOf('/dashboard/payment')).toBeUndefined();
  });
});
