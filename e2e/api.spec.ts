import { expect, test } from '@playwright/test';

// The running shop's API, as a browser-less client sees it.
test('a bad product id is a 404 JSON error, unknown API paths too', async ({ request }) => {
  for (const path of [
    '/api/products/not-an-id',
    '/api/products/00000000-0000-4000-8000-000000000000',
    '/api/nope',
  ]) {
    const res = await request.get(path);
    expect(res.status()).toBe(404);
    expect(res.headers()['content-type']).toContain('application/json');
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });
  }
});

test('pages carry the security headers', async ({ request }) => {
  const res = await request.get('/allProducts');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(res.headers()['x-content-type-options']).toBe('nosniff');
});
