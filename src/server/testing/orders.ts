import { expect } from 'vitest';
import { PurchaseSchema, type Purchase } from '../../shared/purchase.ts';
import type { SignedIn } from './accounts.ts';
import { createProduct, type TestProduct } from './factories.ts';
import type { TestApp } from './test-app.ts';

interface TestOrder {
  /** The product to create for it (createProduct's fields). */
  product?: Partial<Omit<TestProduct, 'id'>>;
  orderQuantity?: number;
  address?: string;
  phone?: string;
}

/** A new product and the customer's order of it, placed through POST /api/purchase (a 201). */
export async function placeTestOrder(
  t: TestApp,
  who: SignedIn,
  { product = {}, orderQuantity = 2, address, phone }: TestOrder = {},
): Promise<{ order: Purchase; productId: string }> {
  const item = await createProduct(t.database.db, product);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: who.headers,
    payload: { productId: item.id, orderQuantity, address, phone },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { order: PurchaseSchema.parse(res.json()), productId: item.id };
}
