import type { Product } from '../../shared/product.ts';
import type { Review } from '../../shared/review.ts';

/** A valid UUID whose last digits are n, so ids stay readable in failures. */
export function uuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

export function makeProduct(n: number, overrides: Partial<Product> = {}): Product {
  return {
    _id: uuid(n),
    name: `Product ${n}`,
    price: 100 + n,
    description: `Description of product ${n}`,
    img: `/images/product-${n}.webp`,
    minQuantity: 10,
    availableQuantity: 500,
    ...overrides,
  };
}

export function makeReview(n: number, overrides: Partial<Review> = {}): Review {
  return {
    _id: uuid(1000 + n),
    name: `Customer ${n}`,
    rating: 4,
    review: `Review text ${n}`,
    ...overrides,
  };
}
