import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { user, verification } from '../../db/schema.ts';
import {
  linkIn,
  readOutbox,
  signIn,
  signUp,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../testing/accounts.ts';
import { buildTestApp, setUpTestApp } from '../../testing/test-app.ts';

const t = setUpTestApp();

/** The path and query of a link the app mailed (its host is PUBLIC_URL). */
const pathOf = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};

describe('registration and the access token', () => {
  it('registers, stores the display name, and exchanges the identity session for an access token', async () => {
    const account = await signUp(t.app, { name: 'Grace Hopper' });
    const check = await t.app.inject({
      url: `/api/admin/${account.email}`,
      headers: account.headers,
    });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ admin: false });
    const [row] = await t.database.db.select().from(user).where(eq(user.email, account.email));
    expect(row).toMatchObject({ name: 'Grace Hopper', role: 'user', emailVerified: false });
  });

  it('never issues a token for another e-mail, nor without a valid session', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const forBob = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${bob.email}`,
      headers: alice.headers,
    });
    expect(forBob.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'PUT', url: `/api/user/${alice.email}` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    for (const authorization of ['Bearer not-a-real-token', 'Bearer a.b', 'Basic abc', 'Bearer ']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/user/${alice.email}`,
        headers: { authorization },
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it('ignores a role sent at registration', async () => {
    const email = uniqueEmail();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Mallory', email, password: TEST_PASSWORD, role: 'admin' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(200);
    const [row] = await t.database.db.select().from(user).where(eq(user.email, email));
    expect(row?.role ?? 'user').toBe('user');
  });

  it('sends a verification link that proves the e-mail', async () => {
    const account = await signUp(t.app);
    const [mail] = readOutbox(t, account.email);
    expect(mail?.subject).toBe('Confirm your Toolhouse email address');
    const res = await t.app.inject(pathOf(linkIn(mail!.text)));
    expect(res.statusCode).toBe(302);
    const [row] = await t.database.db.select().from(user).where(eq(user.email, account.email));
    expect(row?.emailVerified).toBe(true);
  });
});

describe('sign-in and sign-out', () => {
  it('answers a wrong password and an unknown e-mail alike', async () => {
    const account = await signUp(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: account.email, password: 'Wrong#pass1' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: uniqueEmail('ghost'), password: 'Wrong#pass1' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    // Alike but for the request id, which every answer carries (the one error shape).
    expect({ ...unknown.json(), requestId: 'x' }).toEqual({ ...wrong.json(), requestId: 'x' });
  });

  it('revokes the access token on sign-out, leaving other sessions alone', async () => {
    const account = await signUp(t.app);
    const other = await signIn(t.app, account.email);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: account.headers,
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/admin/${account.email}`, headers: account.headers }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ url: `/api/admin/${account.email}`, headers: other.headers }))
        .statusCode,
    ).toBe(200);
  });

  it('never takes the session from a cookie on our own API', async () => {
    const account = await signUp(t.app);
    const res = await t.app.inject({
      url: `/api/admin/${account.email}`,
      headers: { cookie: `better-auth.session_token=${account.token}` },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('password reset', () => {
  const requestReset = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email, redirectTo: 'http://localhost:3000/reset' },
    });

  it('mails a single-use link, changes the password and ends the old sessions', async () => {
    const account = await signUp(t.app);
    const known = await requestReset(account.email);
    const unknown = await requestReset(uniqueEmail('nobody'));
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());

    const mail = readOutbox(t, account.email).find(
      (m) => m.subject === 'Reset your Toolhouse password',
    );
    const landing = await t.app.inject(pathOf(linkIn(mail!.text)));
    expect(landing.statusCode).toBe(302);
    const location = new URL(String(landing.headers.location));
    expect(location.pathname).toBe('/reset');
    const token = location.searchParams.get('token')!;

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { newPassword: 'Fresh#pass2', token },
    });
    expect(reset.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { newPassword: 'Other#pass3', token },
    });
    expect(again.statusCode).toBe(400);

    expect(
      (await t.app.inject({ url: `/api/admin/${account.email}`, headers: account.headers }))
        .statusCode,
    ).toBe(401);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: account.email, password: TEST_PASSWORD },
    });
    expect(old.statusCode).toBe(401);
    await signIn(t.app, account.email, 'Fresh#pass2');
  });

  it('refuses an expired reset token', async () => {
    const account = await signUp(t.app);
    await requestReset(account.email);
    const mail = readOutbox(t, account.email).find(
      (m) => m.subject === 'Reset your Toolhouse password',
    );
    const landing = await t.app.inject(pathOf(linkIn(mail!.text)));
    const token = new URL(String(landing.headers.location)).searchParams.get('token')!;
    await t.database.db
      .update(verification)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(verification.identifier, `reset-password:${token}`));
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { newPassword: 'Fresh#pass2', token },
    });
    expect(reset.statusCode).toBe(400);
    await signIn(t.app, account.email);
  });
});

describe('ADMIN_EMAILS', () => {
  it('promotes a listed account only once its e-mail is proven', async () => {
    const boss = uniqueEmail('boss');
    const listed = await buildTestApp({
      env: { ADMIN_EMAILS: `someone@example.com, ${boss.toUpperCase()}` },
    });
    try {
      const account = await signUp(listed.app, { email: boss });
      const before = await listed.app.inject({
        url: `/api/admin/${boss}`,
        headers: account.headers,
      });
      expect(before.json()).toEqual({ admin: false });

      const [mail] = readOutbox(listed, boss);
      await listed.app.inject(pathOf(linkIn(mail!.text)));
      const verified = await signIn(listed.app, boss);
      const after = await listed.app.inject({
        url: `/api/admin/${boss}`,
        headers: verified.headers,
      });
      expect(after.json()).toEqual({ admin: true });
    } finally {
      await listed.close();
    }
  });
});

describe('rate limits', () => {
  it('limits sign-in attempts per client IP, whatever forwarding headers the client sends', async () => {
    const limited = await buildTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const attempt = (headers: Record<string, string> = {}, remoteAddress = '203.0.113.7') =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress,
          headers,
          payload: { email: 'nobody@example.com', password: 'Wrong#pass1' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const refused = await attempt();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        requestId: expect.any(String),
      });
      expect(
        (
          await attempt({
            'x-forwarded-for': '198.51.100.1',
            'x-toolhouse-client-ip': '198.51.100.2',
          })
        ).statusCode,
      ).toBe(429);
      expect((await attempt({}, '203.0.113.8')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});
