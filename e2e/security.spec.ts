import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

// The built shop: security headers on every kind of answer, and no server secret in the client.

const webBuild = join(import.meta.dirname, '..', 'dist', 'web');
const SECRET = /\bsk_(test|live)_[0-9a-z]+|\brk_(test|live)_[0-9a-z]+|whsec_[0-9a-z]+/i;

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

test('the built client holds no server secret', () => {
  expect(existsSync(join(webBuild, 'index.html')), 'npm run build makes dist/web').toBe(true);
  const files = filesUnder(webBuild).filter((file) => /\.(js|mjs|html|css|map|json)$/.test(file));
  expect(files.some((file) => file.endsWith('.js'))).toBe(true);
  const leaks = files.filter((file) => SECRET.test(readFileSync(file, 'utf8')));
  expect(leaks).toEqual([]);
});

test('pages, API answers, errors and images carry the security headers', async ({ request }) => {
  const products = await request.get('/api/products');
  const img = ((await products.json()) as { img: string }[])[0]?.img ?? '';
  const answers = {
    page: await request.get('/'),
    'deep page': await request.get('/dashboard/my-orders'),
    'API JSON': products,
    'API 404': await request.get('/api/nope'),
    'API 401': await request.post('/api/purchase', { data: {} }),
    image: await request.get(img),
  };
  expect(answers.page.headers()['content-type']).toContain('text/html');
  expect(answers.image.headers()['content-type']).toBe('image/webp');
  for (const [what, res] of Object.entries(answers)) {
    const headers = res.headers();
    expect(headers['content-security-policy'], what).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy'], what).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(headers['x-content-type-options'], what).toBe('nosniff');
    expect(headers['x-frame-options'], what).toBe('DENY');
    expect(await res.text(), what).not.toMatch(SECRET);
  }
  // A hashed asset too.
  const html = await answers.page.text();
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const asset = await request.get(script ?? '/');
  expect(asset.headers()['x-content-type-options']).toBe('nosniff');
  expect(asset.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
});
