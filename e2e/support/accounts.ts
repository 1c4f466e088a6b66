import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { mailFilesIn } from '../../src/server/testing/mail-files.ts';

// Helpers for the account journeys: unique users, the mail outbox, the make-admin CLI.

export const PASSWORD = 'Secret#123';

let counter = 0;
/** Letters and digits only before the @, as the spec's e-mail pattern requires. */
export function uniqueEmail(prefix = 'shopper'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${process.pid}${counter}@example.com`;
}

function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set');
  return dir;
}

/** The newest link mailed to a recipient whose subject matches. */
export async function linkFromOutbox(to: string, subject: RegExp): Promise<string> {
  const folder = join(dataDir(), 'outbox');
  let link: string | undefined;
  await expect
    .poll(() => {
      const mail = mailFilesIn(folder)
        .reverse()
        .find((m) => m.to.includes(to) && subject.test(m.subject));
      link = mail?.text.match(/https?:\/\/\S+/)?.[0];
      return Boolean(link);
    })
    .toBe(true);
  return link!;
}

/** Runs `npm run make-admin -- <email>` beside the running shop, as an operator would. */
export function makeAdmin(email: string): void {
  execFileSync('npm', ['run', '--silent', 'make-admin', '--', email], {
    env: { ...process.env, DATA_DIR: dataDir() },
    stdio: 'pipe',
  });
}

export async function register(
  page: Page,
  name: string,
  email: string,
  password = PASSWORD,
): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
}

export async function logIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** A new admin, signed in: registers, is promoted with the CLI, and logs in again. */
export async function signUpAdmin(page: Page, name = 'Ada Admin'): Promise<string> {
  const email = uniqueEmail('admin');
  await register(page, name, email);
  await signOut(page);
  makeAdmin(email);
  await page.goto('/login');
  await logIn(page, email);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  return email;
}

/** Signs out as a user does, and waits until the page shows it. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
  ).toBeVisible();
}
