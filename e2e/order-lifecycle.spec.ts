import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { mailFilesIn } from '../src/server/testing/mail-files.ts';
import { logIn, register, signOut, signUpAdmin, uniqueEmail } from './support/accounts.ts';
import { shipWithTracking } from './support/shipping.ts';

// The order lifecycle in the browser: order, pay with the test card, ship as admin with a carrier
// and tracking number; each step's mail in the outbox folder, the order's history (timeline) and
// the parcel's tracking link on screen.

/** The text of the mail to `to` with exactly this subject, once the outbox worker wrote it. */
async function mailInOutbox(to: string, subject: string): Promise<string> {
  const folder = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let found = '';
  await expect
    .poll(
      () => {
        // Admin mails go to every admin at once: the address is one of the To header's.
        const mail = mailFilesIn(folder).find((m) => m.to.includes(to) && m.subject === subject);
        found = mail?.text ?? '';
        return Boolean(mail);
      },
      { message: `mail "${subject}" to ${to}` },
    )
    .toBe(true);
  return found;
}

const PRODUCT = 'LED Cordless Work Light';
const TRACKING_PAGE = 'https://www.fedex.com/fedextrack/?trknbr=449044304137821';

async function openHistory(page: Page, rowText: string) {
  const row = page.getByRole('row').filter({ hasText: rowText });
  await row.getByRole('button', { name: 'History' }).click();
  return row.getByRole('list', { name: 'Order history' });
}

test('order, pay and ship: a mail at each step and the timeline in the browser', async ({
  page,
}) => {
  // A long journey: an admin, a customer who orders and pays, the admin ships, mails are read.
  test.slow();
  const adminEmail = await signUpAdmin(page, 'Otto Orders');
  await signOut(page);

  const email = uniqueEmail('lifecycle');
  await register(page, 'Lena Lifecycle', email);
  const products = (await (await page.request.get('/api/products')).json()) as {
    _id: string;
    name: string;
  }[];
  const product = products.find((p) => p.name === PRODUCT)!;
  await page.goto(`/purchase/${product._id}`);
  await page.getByRole('button', { name: 'Purchase' }).click();
  await expect(page.getByText('Purchase confirmed')).toBeVisible();
  expect(await mailInOutbox(email, `Order received: ${PRODUCT}`)).toContain('reserved it for you');

  await page.goto('/dashboard/myOrders');
  const row = page.getByRole('row').filter({ hasText: PRODUCT });
  await expect(row.getByText(/^Reserved until /)).toBeVisible();
  await row.getByRole('link', { name: 'Payment' }).click();
  await page.getByLabel('Card Number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Your payment is completed')).toBeVisible();
  expect(await mailInOutbox(email, `Payment received: ${PRODUCT}`)).toContain('ending in 4242');
  expect(await mailInOutbox(adminEmail, `New paid order ready to ship: ${PRODUCT}`)).toContain(
    'Lena Lifecycle paid',
  );
  await signOut(page);

  await page.goto('/login');
  await logIn(page, adminEmail);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.goto('/dashboard/manageAllOrders');
  const adminRow = page.getByRole('row').filter({ hasText: email });
  await expect(adminRow.getByText('Test mode')).toBeVisible();
  // Issue 35: Ship asks for the carrier and the tracking number; the mail links to the parcel.
  await shipWithTracking(page, adminRow, {
    carrier: 'FedEx',
    trackingNumber: '449044304137821',
    whileOpen: async () => {
      const { violations } = await new AxeBuilder({ page }).include('dialog').analyze();
      expect(
        violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => v.id),
      ).toEqual([]);
    },
  });
  await expect(adminRow).toContainText('shipped');
  await expect(adminRow).toContainText('FedEx · Tracking number 449044304137821');
  const shippedMail = await mailInOutbox(email, `Your order has shipped: ${PRODUCT}`);
  expect(shippedMail).toContain('on its way');
  expect(shippedMail).toContain('It travels with FedEx, tracking number 449044304137821.');
  expect(shippedMail).toContain(`Track parcel: ${TRACKING_PAGE}`);
  await signOut(page);

  await page.goto('/login');
  await logIn(page, email);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.goto('/dashboard/myOrders');
  const history = await openHistory(page, PRODUCT);
  await expect(history.getByRole('listitem')).toHaveText([
    /^Placed by the customer/,
    /^Paid by the customer/,
    /^Shipped by the shop/,
  ]);
  const mine = page.getByRole('row').filter({ hasText: PRODUCT });
  await expect(mine.getByText('Test mode')).toBeVisible();
  // The customer follows the parcel from My Orders, to the same page as the mail's link.
  await expect(mine).toContainText('FedEx · Tracking number 449044304137821');
  await expect(mine.getByRole('link', { name: 'Track parcel' })).toHaveAttribute(
    'href',
    TRACKING_PAGE,
  );
  const download = page.waitForEvent('download');
  await mine.getByRole('button', { name: 'Download receipt' }).click();
  expect((await download).suggestedFilename()).toMatch(/^toolhouse-receipt-.+\.pdf$/);
});
