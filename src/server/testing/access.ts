import type { FastifyInstance, HTTPMethods } from 'fastify';
import { expect } from 'vitest';
import type { SignedIn } from './accounts.ts';

/** An endpoint for admins only: 401 without a token, 403 to a customer's. */
export async function expectAdminsOnly(
  app: FastifyInstance,
  { method = 'GET', url }: { method?: HTTPMethods; url: string },
  customer: SignedIn,
): Promise<void> {
  expect((await app.inject({ method, url })).statusCode).toBe(401);
  expect((await app.inject({ method, url, headers: customer.headers })).statusCode).toBe(403);
}
