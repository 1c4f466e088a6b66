import { describe, expect, it } from 'vitest';
import { rateVital, routePatternOf } from './vitals.ts';

describe('routePatternOf', () => {
  it('names the route pattern, never the ids in the path', () => {
    expect(routePatternOf('/')).toBe('/');
    expect(routePatternOf('/allProducts')).toBe('/allProducts');
    expect(routePatternOf('/purchase/3f2b8c9e-1d4a-4f5b-9c6d-7e8f9a0b1c2d')).toBe(
      '/purchase/:productId',
    );
    expect(routePatternOf('/dashboard/payment/abc/')).toBe('/dashboard/payment/:id');
    expect(routePatternOf('/dashboard/manageProducts/x/edit')).toBe(
      '/dashboard/manageProducts/:productId/edit',
    );
    expect(routePatternOf('/no/such/page')).toBe('*');
  });
});

describe('rateVital', () => {
  it("uses Google's thresholds, inclusive of the good bound", () => {
    expect(rateVital('LCP', 2500)).toBe('good');
    expect(rateVital('LCP', 2501)).toBe('needs-improvement');
    expect(rateVital('LCP', 4001)).toBe('poor');
    expect(rateVital('CLS', 0.1)).toBe('good');
    expect(rateVital('INP', 500)).toBe('needs-improvement');
  });
});
