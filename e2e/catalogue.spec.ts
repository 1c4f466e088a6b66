import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { mailFilesIn } from '../src/server/testing/mail-files.ts';
import { hydrated } from './support/hydration.ts';
import { logIn, register, signUpAdmin, signOut, uniqueEmail } from './support/accounts.ts';

// Issue 24 as a buyer and an admin see it: a category, a gallery stepped through with the keyboard,
// a back-in-stock alert and its one mail.

async function picture(background: string) {
  const buffer = await sharp({ create: { width: 320, height: 240, channels: 3, background } })
    .png()
    .toBuffer();
  return { name: `${background.slice(1)}.png`, mimeType: 'image/png', buffer };
}

async function bearerOf(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  return { authorization: `Bearer ${token ?? ''}` };
}

test('browse a category, open a product and step through its gallery with the keyboard', async ({
  page,
}) => {
  // Signs an admin up and uploads pictures: more than the default budget on a busy machine.
  test.slow();
  await page.goto('/category/saws');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Saws' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(4);
  await expect(page.getByRole('heading', { name: 'Orbital Jigsaw' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '20V Cordless Drill/Driver' })).toHaveCount(0);

  // An admin gives the jigsaw two more pictures (through the API, as the admin screen does).
  await signUpAdmin(page);
  const headers = await bearerOf(page);
  const search = await (
    await page.request.get('/api/products/search?category=saws&q=jigsaw')
  ).json();
  const jigsaw = search.items[0] as Record<string, unknown> & { _id: string };
  const uploaded: string[] = [];
  for (const colour of ['#336699', '#993366']) {
    const res = await page.request.post('/api/images', {
      headers,
      multipart: { image: await picture(colour) },
    });
    expect(res.status()).toBe(201);
    uploaded.push(((await res.json()) as { data: { url: string } }).data.url);
  }
  const saved = await page.request.put(`/api/products/${jigsaw._id}`, {
    headers,
    data: {
      name: jigsaw['name'],
      price: jigsaw['price'],
      description: jigsaw['description'],
      img: jigsaw['img'],
      minQuantity: jigsaw['minQuantity'],
      availableQuantity: jigsaw['availableQuantity'],
      images: uploaded,
    },
  });
  expect(saved.status()).toBe(200);

  await page.goto('/category/saws');
  await hydrated(page);
  await page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'Orbital Jigsaw' }) })
    .getByRole('link', { name: 'Purchase' })
    .click();
  const gallery = page.getByRole('region', { name: 'Pictures of Orbital Jigsaw' });
  await expect(gallery.getByRole('img', { name: 'Orbital Jigsaw, picture 1 of 3' })).toBeVisible();
  await gallery.getByRole('button', { name: 'Next picture' }).focus();
  await page.keyboard.press('Enter');
  await expect(gallery.getByRole('img', { name: 'Orbital Jigsaw, picture 2 of 3' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(gallery.getByRole('img', { name: 'Orbital Jigsaw, picture 3 of 3' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(gallery.getByRole('img', { name: 'Orbital Jigsaw, picture 1 of 3' })).toBeVisible();
  await gallery.getByRole('button', { name: 'Show picture 3 of 3' }).focus();
  await page.keyboard.press('Enter');
  await expect(gallery.getByRole('img', { name: 'Orbital Jigsaw, picture 3 of 3' })).toBeVisible();
});

test('subscribe to a sold-out tool, the admin restocks, the mail arrives once', async ({
  page,
}) => {
  // Three sign-ins and a restock: more than the default budget on a busy machine.
  test.slow();
  // The admin makes a tool that cannot be ordered (stock below its minimum).
  const adminEmail = await signUpAdmin(page);
  const adminHeaders = await bearerOf(page);
  const upload = await page.request.post('/api/images', {
    headers: adminHeaders,
    multipart: { image: await picture('#556b2f') },
  });
  const img = ((await upload.json()) as { data: { url: string } }).data.url;
  const name = `Track Saw ${Date.now().toString(36)}`;
  const body = { name, price: 399, description: 'Plunge track saw.', img, minQuantity: 5 };
  const created = await page.request.post('/api/products', {
    headers: adminHeaders,
    data: { ...body, availableQuantity: 2 },
  });
  expect(created.status()).toBe(201);
  const productId = ((await created.json()) as { insertedId: string }).insertedId;
  await signOut(page);

  // A customer asks to be told.
  const email = uniqueEmail('waiting');
  await register(page, 'Wanda Waiting', email);
  await page.goto(`/purchase/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Purchase' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Notify me when it is back' }).click();
  await expect(page.getByRole('button', { name: 'Stop notifying me' })).toBeVisible();
  await signOut(page);

  // The admin restocks in Edit Product.
  await page.goto('/login');
  await logIn(page, adminEmail);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.goto(`/dashboard/manageProducts/${productId}/edit`);
  await page.getByLabel('Available Quantity').fill('40');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(`Product ${name} is updated`)).toBeVisible();

  const folder = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const subject = `${name} is back in stock`;
  const mails = () =>
    mailFilesIn(folder).filter((mail) => mail.to.includes(email) && mail.subject === subject);
  await expect.poll(() => mails().length, { timeout: 15_000 }).toBe(1);
  expect(mails()[0]!.text).toContain(`/purchase/${productId}`);
});
