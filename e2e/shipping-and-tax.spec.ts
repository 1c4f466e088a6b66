import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { mailFilesIn } from '../src/server/testing/mail-files.ts';
import { logIn, register, signOut, signUpAdmin, uniqueEmail } from './support/accounts.ts';
import { payWith } from './support/checkout.ts';
import { hydrated } from './support/hydration.ts';
import { shipWithTracking } from './support/shipping.ts';

// Issue 35: a customer in New York and one in Berlin check out the same basket and each sees and
// pays the right shipping, tax and total; staff ship the Berlin order with a tracking number and
// the customer follows it from the mail. The seeded shop's rates (src/server/db/seed/shipping.ts,
// drizzle/0031): the US zone's Express is $24.95; the EU's Standard is $49.95 from 10 to 30 kg; New
// York's sales tax is 4% (state rate, also on shipping); Germany's VAT 19%, shown included.
const TOOL = 'Reciprocating Saw';
const PRICE_CENTS = 16_900;
const QUANTITY = 5; // its minimum order: 15.5 kg

/** Tax on a net amount in cents at `percent`, rounded half up to the cent (worked out here). */
const taxOf = (cents: number, percent: number) => Math.floor((cents * percent + 50) / 100);
const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The text of the newest mail to `to` with this subject, once the outbox wrote it. */
async function mailTo(to: string, subject: string): Promise<string> {
  const folder = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let text = '';
  await expect
    .poll(
      () => {
        const mail = mailFilesIn(folder)
          .reverse()
          .find((m) => m.to.includes(to) && m.subject === subject);
        text = mail?.text ?? '';
        return Boolean(mail);
      },
      { message: `mail "${subject}" to ${to}` },
    )
    .toBe(true);
  return text;
}

/** Signs up, puts the tool's minimum order in the basket and opens the checkout. */
async function basketAndCheckout(page: Page, name: string, email: string) {
  await register(page, name, email);
  await page.goto(`/allProducts?q=${encodeURIComponent(TOOL)}`);
  await hydrated(page);
  await page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: TOOL, exact: true }) })
    .getByRole('button', { name: 'Add to basket' })
    .click();
  await expect(page.getByText('Added to basket')).toBeVisible();
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  return page.getByRole('group', { name: 'Delivery address' });
}

/** The order summary's value for `term`. */
const summaryValue = (page: Page, term: string | RegExp) =>
  page
    .getByRole('group', { name: 'Order summary' })
    .locator('dt', { hasText: term })
    .locator('xpath=following-sibling::dd[1]');

test('a customer in New York and one in Berlin pay the right shipping and tax; the parcel is tracked', async ({
  page,
}) => {
  // Three accounts, two checkouts and payments, a shipment and its mail.
  test.slow();
  const net = PRICE_CENTS * QUANTITY;

  // New York: tax added (4% on the saw and on shipping), Express chosen.
  const nyEmail = uniqueEmail('newyork');
  const ny = await basketAndCheckout(page, 'Nora York', nyEmail);
  await ny.getByLabel('Address', { exact: true }).fill('350 Fifth Avenue');
  await ny.getByLabel('City', { exact: true }).fill('New York');
  await ny.getByLabel('Region', { exact: true }).selectOption('NY');
  await ny.getByLabel('Postal code', { exact: true }).fill('10118');
  const methods = page.getByRole('group', { name: 'Shipping method' });
  // The choice is priced again by the server before the radio shows it chosen.
  await methods.getByRole('radio', { name: /^Express/ }).click();
  await expect(methods.getByRole('radio', { name: /^Express/ })).toBeChecked();
  const express = 2_495;
  const nyTax = taxOf(net, 4) + taxOf(express, 4);
  const nyTotal = net + express + nyTax;
  await expect(summaryValue(page, 'Shipping (Express)')).toHaveText(dollars(express));
  await expect(summaryValue(page, /^Tax$/)).toHaveText(dollars(nyTax));
  await expect(summaryValue(page, /^Total$/)).toHaveText(dollars(nyTotal));
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\//);
  await expect(page.getByText(`Please pay ${dollars(nyTotal)}`)).toBeVisible();
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByText('Your payment is completed')).toBeVisible();
  await signOut(page);

  // Berlin: prices shown with 19% VAT included, the cheapest method (Standard, by weight).
  const deEmail = uniqueEmail('berlin');
  const de = await basketAndCheckout(page, 'Bernd Berlin', deEmail);
  await de.getByLabel('Country', { exact: true }).selectOption('DE');
  await de.getByLabel('Address', { exact: true }).fill('Unter den Linden 1');
  await de.getByLabel('City', { exact: true }).fill('Berlin');
  await de.getByLabel('Postal code', { exact: true }).fill('10117');
  const standard = 4_995;
  const lineVat = taxOf(net, 19);
  const shippingVat = taxOf(standard, 19);
  const deTotal = net + standard + lineVat + shippingVat;
  await expect(summaryValue(page, /^Subtotal$/)).toHaveText(dollars(net + lineVat));
  await expect(summaryValue(page, 'Shipping (Standard)')).toHaveText(
    dollars(standard + shippingVat),
  );
  await expect(summaryValue(page, /^Total$/)).toHaveText(dollars(deTotal));
  await expect(page.getByText(`includes VAT ${dollars(lineVat + shippingVat)}`)).toBeVisible();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\//);
  await expect(page.getByText(`Please pay ${dollars(deTotal)}`)).toBeVisible();
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByText('Your payment is completed')).toBeVisible();
  await signOut(page);

  // Staff ship the Berlin order with DHL Express and its tracking number.
  await signUpAdmin(page, 'Sven Shipping');
  await page.goto('/dashboard/manageAllOrders');
  const row = page.getByRole('row').filter({ hasText: deEmail });
  await shipWithTracking(page, row, { carrier: 'DHL Express', trackingNumber: '1234567890' });
  await expect(row).toContainText('DHL Express · Tracking number 1234567890');
  await signOut(page);

  // The customer follows the parcel from the mail, to the page My Orders links to as well.
  const mail = await mailTo(deEmail, `Your order has shipped: ${TOOL}`);
  const tracking = mail.match(/Track parcel: (\S+)/)?.[1];
  expect(tracking).toContain('1234567890');
  await page.goto('/login');
  await logIn(page, deEmail);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.goto('/dashboard/myOrders');
  const mine = page.getByRole('row').filter({ hasText: TOOL });
  await expect(mine.getByRole('link', { name: 'Track parcel' })).toHaveAttribute('href', tracking!);
});
