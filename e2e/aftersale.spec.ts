import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { mailFilesIn } from '../src/server/testing/mail-files.ts';
import { register, signUpAdmin, uniqueEmail } from './support/accounts.ts';
import { orderAndOpenPayment, payWith } from './support/checkout.ts';
import { shipWithTracking } from './support/shipping.ts';

// After the sale (issue 25) in the browser: an admin and a customer, each in a browser context of
// their own; the customer orders and pays with the test card, the admin ships, refunds, handles the
// return and creates the recall.

async function mailInOutbox(to: string, subject: RegExp): Promise<string> {
  const folder = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let found = '';
  await expect
    .poll(
      () => {
        const mail = mailFilesIn(folder).find((m) => m.to.includes(to) && subject.test(m.subject));
        found = mail?.text ?? '';
        return Boolean(mail);
      },
      { message: `mail ${String(subject)} to ${to}` },
    )
    .toBe(true);
  return found;
}

interface Cast {
  admin: Page;
  customer: Page;
  email: string;
}

/** An admin and a customer (signed in, in their own contexts); the customer has paid for `product`. */
async function adminAndPayingCustomer(browser: Browser, product: string): Promise<Cast> {
  const admin = await (await browser.newContext()).newPage();
  await signUpAdmin(admin, 'Ada Aftersale');
  const customer = await (await browser.newContext()).newPage();
  const email = uniqueEmail('aftersale');
  await register(customer, 'Cora Customer', email);
  await orderAndOpenPayment(customer, product);
  await payWith(customer, '4242 4242 4242 4242');
  await expect(customer.getByText('Your payment is completed')).toBeVisible();
  return { admin, customer, email };
}

const adminRowOf = (cast: Cast) => cast.admin.getByRole('row').filter({ hasText: cast.email });
const myRowOf = (cast: Cast, product: string) =>
  cast.customer.getByRole('row').filter({ hasText: product });

async function ship(cast: Cast) {
  await cast.admin.goto('/dashboard/manageAllOrders');
  await shipWithTracking(cast.admin, adminRowOf(cast));
  await expect(adminRowOf(cast)).toContainText('shipped');
}

test('the admin refunds part of an order', async ({ browser }) => {
  test.slow();
  const product = 'Dual-Temperature Heat Gun';
  const cast = await adminAndPayingCustomer(browser, product);

  await cast.admin.goto('/dashboard/manageAllOrders');
  await adminRowOf(cast).getByRole('button', { name: 'Refund' }).click();
  const form = cast.admin.getByRole('form', { name: `Refund ${product}` });
  await form.getByLabel('Refund amount ($)').fill('10');
  await form.getByLabel('Reason').fill('Scratched case');
  await form.getByRole('button', { name: 'Refund' }).click();
  const dialog = cast.admin.getByRole('dialog', { name: `Refund $10.00 of ${product}?` });
  await dialog.getByRole('button', { name: 'Refund now' }).click();
  await expect(cast.admin.getByText('Refund done: $10.00')).toBeVisible();

  expect(await mailInOutbox(cast.email, /^Refund of \$10\.00/)).toContain('Reason: Scratched case');
  await cast.customer.goto('/dashboard/myOrders');
  const row = myRowOf(cast, product);
  await expect(row.getByText('Refunded $10.00')).toBeVisible();
  await expect(row.getByRole('button', { name: /^Credit note \d+$/ })).toBeVisible();
});

test('a customer returns a shipped tool; the admin receives and refunds it', async ({
  browser,
}) => {
  test.slow();
  const product = '7-1/4" Circular Saw';
  const cast = await adminAndPayingCustomer(browser, product);
  await ship(cast);

  await cast.customer.goto('/dashboard/myOrders');
  const row = myRowOf(cast, product);
  await row.getByRole('button', { name: 'Request a return' }).click();
  const form = row.getByRole('form', { name: `Return ${product}` });
  await form.getByLabel('Quantity to return').fill('1');
  await form.getByLabel('Reason').selectOption('Defective or damaged');
  await form.getByLabel('Note').fill('The blade wobbles.');
  await form.getByRole('button', { name: 'Send return request' }).click();
  await expect(row.getByText('Return of 1: Requested')).toBeVisible();

  await cast.admin.goto('/dashboard/returns');
  const returnRow = cast.admin.getByRole('row').filter({ hasText: cast.email });
  await returnRow.getByRole('button', { name: /^Approve the return/ }).click();
  await expect(returnRow).toContainText('Approved');
  expect(await mailInOutbox(cast.email, /^Return approved/)).toContain('Pack the tool');
  await returnRow.getByLabel('Put the units back into stock').check();
  await returnRow.getByRole('button', { name: /^Mark received/ }).click();
  await expect(returnRow).toContainText('Restocked');
  await returnRow.getByRole('button', { name: /^Refund \$159\.00/ }).click();
  await cast.admin.getByRole('dialog').getByRole('button', { name: 'Refund now' }).click();
  await expect(returnRow).toContainText('Refunded');

  await cast.customer.reload();
  await expect(row.getByText('Return of 1: Refunded')).toBeVisible();
  await expect(row.getByText('Refunded $159.00')).toBeVisible();
});

test('a customer registers a serial number and sees the warranty end', async ({ browser }) => {
  test.slow();
  const product = '5" Random Orbit Sander';
  const cast = await adminAndPayingCustomer(browser, product);
  await ship(cast);

  const serial = `RS-${Date.now().toString(36).toUpperCase()}`;
  await cast.customer.goto('/dashboard/myOrders');
  const row = myRowOf(cast, product);
  await row.getByLabel('Serial number', { exact: true }).fill(serial.toLowerCase());
  await row.getByRole('button', { name: 'Register serial' }).click();
  await expect(row.getByText(new RegExp(`^${serial}: Warranty until `))).toBeVisible();

  await cast.admin.goto('/dashboard/warranty');
  await cast.admin.getByLabel('Serial number', { exact: true }).fill(serial);
  await cast.admin.getByRole('button', { name: 'Look up' }).click();
  const found = cast.admin.getByRole('definition').filter({ hasText: cast.email });
  await expect(found).toBeVisible();
});

test('a recall reaches a buyer, who acknowledges it', async ({ browser }) => {
  test.slow();
  const product = '12" Sliding Compound Miter Saw';
  const cast = await adminAndPayingCustomer(browser, product);
  const today = new Date().toISOString().slice(0, 10);
  const title = `Fence lock ${Date.now().toString(36)}`;

  await cast.admin.goto('/dashboard/recalls');
  const form = cast.admin.getByRole('form', { name: 'New recall' });
  await form.getByLabel('Product', { exact: true }).selectOption({ label: product });
  await form.getByLabel('Paid from').fill(today);
  await form.getByLabel('Paid until').fill(today);
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Hazard').fill('The fence lock can slip during a cut.');
  await form
    .getByLabel('What to do')
    .fill('Stop using the saw and contact us for a free repair kit.');
  await form.getByRole('button', { name: 'Create recall' }).click();
  await cast.admin.getByRole('dialog').getByRole('button', { name: 'Create and notify' }).click();
  const recallRow = cast.admin.getByRole('row').filter({ hasText: title });
  await expect(recallRow).toBeVisible();

  expect(await mailInOutbox(cast.email, new RegExp(`^Safety recall: ${title}`))).toContain(
    'The fence lock can slip',
  );
  await cast.customer.goto('/dashboard/myOrders');
  const banner = cast.customer.getByRole('region', { name: `Safety recall: ${title}` });
  await expect(banner).toContainText('contact us for a free repair kit');
  await banner.getByRole('button', { name: 'I have read this' }).click();
  await expect(banner.getByText('You have read this notice.')).toBeVisible();
  // The banner and the after-sale controls of My Orders pass axe (no serious or critical issue).
  const { violations } = await new AxeBuilder({ page: cast.customer }).analyze();
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);
  await cast.customer.screenshot({
    path: test.info().outputPath('my-orders-recall.png'),
    fullPage: true,
  });

  await cast.admin.reload();
  // Notified and acknowledged: this buyer (and any other test's buyer of the saw today).
  const cells = recallRow.getByRole('cell');
  // Columns after the title (a row header): product, paid between, notified, acknowledged.
  await expect(cells.nth(2)).not.toHaveText('0');
  await expect(cells.nth(3)).not.toHaveText('0');
});
