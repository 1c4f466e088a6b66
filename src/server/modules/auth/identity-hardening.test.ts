import { randomUUID } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { NAME_MAX_LENGTH } from '../../../shared/auth.ts';
import { account, user, verification } from '../../db/schema.ts';
import {
  linkIn,
  readOutbox,
  signIn,
  signUp,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../testing/accounts.ts';
import { setUpTestApp } from '../../testing/test-app.ts';
import { createAuth } from './auth.ts';
import { isIdentityEndpointOpen } from './identity-endpoints.ts';

const t = setUpTestApp();

const signUpWith = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload });

const RESET_SUBJECT = 'Reset your Toolhouse password';
const resetMails = (email: string) =>
  readOutbox(t, email).filter((m) => m.subject === RESET_SUBJECT);
const requestReset = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email, redirectTo: 'http://localhost:3000/reset' },
  });
const resetPassword = (token: string, newPassword: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { newPassword, token },
  });

/** The reset token of the newest reset mail (the link redirects to the page with it). */
async function mailedResetToken(email: string): Promise<string> {
  const mail = resetMails(email).at(-1);
  const link = new URL(linkIn(mail!.text));
  const landing = await t.app.inject(link.pathname + link.search);
  return new URL(String(landing.headers.location)).searchParams.get('token')!;
}

async function userIdOf(email: string): Promise<string> {
  const [row] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row!.id;
}

/** A reset token as better-auth stores one, as if mailed earlier. */
async function outstandingResetToken(userId: string): Promise<string> {
  const token = randomUUID().replaceAll('-', '');
  await t.database.db.insert(verification).values({
    id: randomUUID(),
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt: sql`now() + interval '1 hour'`,
  });
  return token;
}

describe('registration rules on the server', () => {
  it.each([
    ['no special character', '1234567'],
    ['a plain word', 'password'],
    ['eight spaces', '        '],
    ['too short', 'a#b'],
  ])('refuses a password with %s', async (_label, password) => {
    const email = uniqueEmail();
    const res = await signUpWith({ name: 'Eve', email, password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      requestId: expect.any(String),
      fields: { password: expect.any(String) },
    });
    const rows = await t.database.db.select().from(user).where(eq(user.email, email));
    expect(rows).toEqual([]);
  });

  it.each(['Upper@example.com', 'dots.in@example.com', 'a@b.toolong', 'plain'])(
    'refuses the e-mail %s (outside the spec pattern)',
    async (email) => {
      const res = await signUpWith({ name: 'Eve', email, password: TEST_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Provide a valid Email' });
    },
  );

  it('refuses a name that is too long or blank, and keeps a trimmed one', async () => {
    const long = await signUpWith({
      name: 'x'.repeat(10_000),
      email: uniqueEmail(),
      password: TEST_PASSWORD,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toHaveProperty('name');
    const blank = await signUpWith({ name: '   ', email: uniqueEmail(), password: TEST_PASSWORD });
    expect(blank.statusCode).toBe(400);

    const email = uniqueEmail();
    const longest = 'n'.repeat(NAME_MAX_LENGTH);
    const ok = await signUpWith({ name: `  ${longest}  `, email, password: TEST_PASSWORD });
    expect(ok.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(user).where(eq(user.email, email));
    expect(row?.name).toBe(longest);
  });
});

describe('password reset', () => {
  it('refuses a new password the spec refuses, and the token stays usable', async () => {
    const customer = await signUp(t.app);
    await requestReset(customer.email);
    const token = await mailedResetToken(customer.email);
    const weak = await resetPassword(token, 'password');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Password must contain atleast one special character',
    });
    expect((await resetPassword(token, 'Strong#pass9')).statusCode).toBe(200);
    await signIn(t.app, customer.email, 'Strong#pass9');
  });

  it('sends one mail per account per 15 minutes, with the same answer every time', async () => {
    const customer = await signUp(t.app);
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await requestReset(customer.email));
    const unknown = await requestReset(uniqueEmail('nobody'));
    for (const answer of [...answers, unknown]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(answers[0]!.json());
    }
    expect(resetMails(customer.email)).toHaveLength(1);
    // The requests that sent no mail left no usable token behind.
    const tokens = await t.database.db
      .select()
      .from(verification)
      .where(
        and(
          like(verification.identifier, 'reset-password:%'),
          eq(verification.value, await userIdOf(customer.email)),
        ),
      );
    expect(tokens).toHaveLength(1);
    // The one mail sent still works.
    const token = await mailedResetToken(customer.email);
    expect((await resetPassword(token, 'Strong#pass9')).statusCode).toBe(200);
  });

  it('voids every outstanding reset token when the password changes', async () => {
    const customer = await signUp(t.app);
    const userId = await userIdOf(customer.email);
    const earlier = await outstandingResetToken(userId);
    await requestReset(customer.email);
    expect(
      (await resetPassword(await mailedResetToken(customer.email), 'Strong#pass9')).statusCode,
    ).toBe(200);
    const stale = await resetPassword(earlier, 'Attacker#pass1');
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ code: 'INVALID_TOKEN' });

    // Any other way the password changes (here an operator's UPDATE) voids them too.
    const another = await outstandingResetToken(userId);
    await t.database.db
      .update(account)
      .set({ password: 'another-hash' })
      .where(eq(account.userId, userId));
    expect((await resetPassword(another, 'Attacker#pass1')).statusCode).toBe(400);
  });
});

describe('identity endpoints the shop does not use', () => {
  it('does not list sessions (nor their tokens)', async () => {
    const customer = await signUp(t.app);
    await signIn(t.app, customer.email);
    const res = await t.app.inject({ url: '/api/auth/list-sessions', headers: customer.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', requestId: expect.any(String) });
  });

  it('answers 404 on every better-auth endpoint outside the shop’s list', async () => {
    // The list comes from better-auth itself, so an endpoint a new version adds is checked too.
    const auth = createAuth({
      db: t.database.db,
      config: {
        ...t.config,
        openId: {
          issuer: 'http://127.0.0.1:9',
          clientId: 'id',
          clientSecret: 'secret',
          name: 'OpenID',
        },
      },
      secret: 'x'.repeat(32),
      mailer: { send: async () => undefined },
      log: pino({ level: 'silent' }),
    });
    const customer = await signUp(t.app);
    const closed: string[] = [];
    for (const endpoint of Object.values(auth.api) as {
      path?: string;
      options?: { method?: string | string[] };
    }[]) {
      if (!endpoint.path) continue;
      const methods = [endpoint.options?.method ?? 'GET'].flat().filter((m) => m !== '*');
      for (const method of methods) {
        const path = endpoint.path.replace(/:[a-zA-Z]+/g, 'x');
        if (isIdentityEndpointOpen(method, path)) continue;
        if (method !== 'GET' && method !== 'POST') continue;
        const res = await t.app.inject({
          method: method as 'GET' | 'POST',
          url: `/api/auth${path}`,
          headers: { ...customer.headers, origin: t.config.publicUrl },
          ...(method === 'POST' && { payload: {} }),
        });
        expect(res.statusCode, `${method} ${path}`).toBe(404);
        closed.push(`${method} ${path}`);
      }
    }
    expect(closed).toEqual(
      expect.arrayContaining([
        'GET /list-sessions',
        'POST /update-user',
        'POST /change-email',
        'POST /delete-user',
        'POST /get-access-token',
        'GET /list-accounts',
      ]),
    );
  });
});
