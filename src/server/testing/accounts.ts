import type { FastifyInstance } from 'fastify';
import { makeAdmin } from '../modules/users/users.service.ts';
import { outboxFolder } from '../modules/mail/mailer.ts';
import { mailFilesIn, type MailFile } from './mail-files.ts';
import type { TestApp } from './test-app.ts';

export const TEST_PASSWORD = 'Secret#123';

export interface SignedIn {
  email: string;
  name: string;
  /** The access token the client keeps in localStorage. */
  token: string;
  headers: { authorization: string };
}

let counter = 0;
/** A unique e-mail that also passes the spec's strict pattern (letters and digits only). */
export function uniqueEmail(prefix = 'customer'): string {
  counter += 1;
  return `${prefix}${process.pid}${Date.now().toString(36)}${counter}@example.com`.toLowerCase();
}

async function exchangeForAccessToken(app: FastifyInstance, email: string, identityToken: string) {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/user/${encodeURIComponent(email)}`,
    headers: { authorization: `Bearer ${identityToken}` },
  });
  if (res.statusCode !== 200)
    throw new Error(`PUT /api/user failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

/** Registers through the real identity endpoint and obtains the access token as the client does. */
export async function signUp(
  app: FastifyInstance,
  fields: { email?: string; name?: string; password?: string } = {},
): Promise<SignedIn> {
  const email = fields.email ?? uniqueEmail();
  const name = fields.name ?? 'Test Customer';
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { name, email, password: fields.password ?? TEST_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const token = await exchangeForAccessToken(app, email, (res.json() as { token: string }).token);
  return { email, name, token, headers: { authorization: `Bearer ${token}` } };
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  password = TEST_PASSWORD,
): Promise<SignedIn> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { token: string; user: { name: string } };
  const token = await exchangeForAccessToken(app, email, body.token);
  return { email, name: body.user.name, token, headers: { authorization: `Bearer ${token}` } };
}

/** A new account with the admin role (granted as the make-admin CLI does). */
export async function signUpAdmin(t: TestApp): Promise<SignedIn> {
  const account = await signUp(t.app, { email: uniqueEmail('admin'), name: 'Test Admin' });
  await makeAdmin(t.database.db, account.email);
  return account;
}

/** The messages written to the outbox for one recipient, oldest first. */
export function readOutbox(t: TestApp, to: string): MailFile[] {
  return mailFilesIn(outboxFolder(t.config.dataDir)).filter((mail) => mail.to.includes(to));
}

/** The first http(s) link in a text. */
export function linkIn(text: string): string {
  const link = text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in: ${text}`);
  return link;
}
