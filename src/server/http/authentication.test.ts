import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session, user } from '../db/schema.ts';
import { createAuth, type Auth } from '../modules/auth/auth.ts';
import { resolveAuthSecret } from '../modules/auth/auth-secret.ts';
import { createMailer } from '../modules/mail/mailer.ts';
import { makeAdmin } from '../modules/users/users.service.ts';
import { signIn, signUp, type SignedIn } from '../testing/accounts.ts';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';
import { registerAuthentication } from './authentication.ts';
import { signSessionToken } from './bearer-token.ts';
import { registerErrorHandler } from './error-handler.ts';
import { createSessionLookup, type SessionLookup } from './session-lookup.ts';

let t: TestApp;
let secret: string;
/** better-auth as the app builds it, on the same database and secret: the reference behaviour. */
let reference: Auth;
let lookup: SessionLookup;

beforeAll(async () => {
  t = await buildTestApp();
  secret = await resolveAuthSecret(t.database.db, t.config.authSecret);
  reference = createAuth({
    db: t.database.db,
    config: t.config,
    secret,
    mailer: createMailer(t.config, () => undefined),
    log: pino({ level: 'silent' }),
  });
  lookup = createSessionLookup(reference, t.database.pool);
});
afterAll(() => t.close());

const asUser = (account: SignedIn, authorization = account.headers.authorization) =>
  t.app.inject({ url: `/api/admin/${account.email}`, headers: { authorization } });
const listUsers = (authorization: string) =>
  t.app.inject({ url: '/api/user', headers: { authorization } });
const sessionRow = async (token: string) =>
  (await t.database.db.select().from(session).where(eq(session.token, token)))[0];

/** What better-auth's getSession finds for a header (its session token), or null. */
async function referenceToken(authorization: string): Promise<string | null> {
  const found = await reference.api.getSession({ headers: new Headers({ authorization }) });
  return found?.session.token ?? null;
}

describe('the Bearer token, as better-auth reads it', () => {
  it('accepts and refuses exactly the headers better-auth does', async () => {
    const account = await signUp(t.app);
    const raw = account.token;
    const signed = signSessionToken(raw, secret);
    const [value = '', signature = ''] = signed.split('.');
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const urlSafe = signature.replaceAll('+', '-').replaceAll('/', '_');
    const headers = [
      `Bearer ${raw}`,
      `bearer ${raw}`,
      `BEARER   ${raw}  `,
      `Bearer ${signed}`,
      `Bearer ${encodeURIComponent(signed)}`,
      `Bearer ${value}.${signature.slice(0, -1)}`,
      `Bearer ${value}.${urlSafe}`,
      `Bearer ${value}.${flipped}`,
      `Bearer ${value}x.${signature}`,
      `Bearer ${signed}.${signature}`,
      `Bearer ${signed}=junk`,
      `Bearer ${signed.slice(0, -2)}${signed.at(-2) === 'A' ? 'B' : 'A'}=`,
      `Bearer ${value}.`,
      `Bearer .${signature}`,
      `Bearer ${raw}x`,
      `Bearer ${raw.slice(0, -1)}`,
      `Bearer ${signSessionToken(raw, 'another secret of thirty-two chars!')}`,
      `Bearer`,
      `Bearer `,
      `Bearer%20${raw}`,
      `Basic ${raw}`,
      raw,
    ];
    for (const authorization of headers) {
      const expected = await referenceToken(authorization);
      const found = await lookup(authorization);
      expect(found?.sessionToken ?? null, authorization).toBe(expected);
    }
    // The cases that matter most, spelled out.
    expect(await referenceToken(`Bearer ${raw}`)).toBe(raw);
    expect(await referenceToken(`Bearer ${signed}`)).toBe(raw);
    expect(await referenceToken(`Bearer ${value}.${flipped}`)).toBeNull();
  });

  it('serves the signed form and refuses a tampered signature on the API', async () => {
    const account = await signUp(t.app);
    const signed = signSessionToken(account.token, secret);
    expect((await asUser(account, `Bearer ${signed}`)).statusCode).toBe(200);
    // One character of the signature changed (not the last one before `=`: its low bits are unused).
    const at = signed.indexOf('.') + 5;
    const tampered = `${signed.slice(0, at)}${signed[at] === 'A' ? 'B' : 'A'}${signed.slice(at + 1)}`;
    const refused = await asUser(account, `Bearer ${tampered}`);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const forged = signSessionToken(account.token, 'not the secret of this shop at all!');
    expect((await asUser(account, `Bearer ${forged}`)).statusCode).toBe(401);
  });
});

describe('sessions on every request', () => {
  it('refuses an expired session and removes it, as better-auth does', async () => {
    const account = await signUp(t.app);
    await t.database.db
      .update(session)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(session.token, account.token));
    const res = await asUser(account);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await sessionRow(account.token)).toBeUndefined();
  });

  it('refuses a revoked session on the very next request', async () => {
    const account = await signUp(t.app);
    const other = await signIn(t.app, account.email);
    expect((await asUser(account)).statusCode).toBe(200);
    await t.database.db.delete(session).where(eq(session.token, account.token));
    expect((await asUser(account)).statusCode).toBe(401);
    expect((await asUser(other)).statusCode).toBe(200);
  });

  it('extends a session that is used, once a day, as better-auth does', async () => {
    const account = await signUp(t.app);
    await t.database.db
      .update(session)
      .set({ expiresAt: sql`now() + interval '1 hour'` })
      .where(eq(session.token, account.token));
    expect((await asUser(account)).statusCode).toBe(200);
    const refreshed = await sessionRow(account.token);
    // Seven days (better-auth's default lifetime) from now, give or take a slow machine.
    expect(refreshed!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
  });

  it('reads the role from the database on every request: a grant and a withdrawal apply at once', async () => {
    const account = await signUp(t.app);
    const { authorization } = account.headers;
    expect((await listUsers(authorization)).statusCode).toBe(403);
    await makeAdmin(t.database.db, account.email);
    expect((await listUsers(authorization)).statusCode).toBe(200);
    expect((await asUser(account)).json()).toEqual({ admin: true });
    await t.database.db.update(user).set({ role: 'user' }).where(eq(user.email, account.email));
    expect((await listUsers(authorization)).statusCode).toBe(403);
    expect((await asUser(account)).json()).toEqual({ admin: false });
  });
});

describe('when the session store does not answer', () => {
  it('answers 503 in the one error shape, not 401', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    const down = {
      query: () =>
        Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    };
    registerAuthentication(app, reference, down as never);
    app.get('/private', () => ({ ok: true }));
    try {
      const res = await app.inject({
        url: '/private',
        headers: { authorization: 'Bearer some-token' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        requestId: expect.any(String),
      });
      // No token at all: no lookup, so a plain 401.
      expect((await app.inject('/private')).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});

describe('which routes check the caller', () => {
  it('every route but a public one, in nested plugins too; a public one never looks a session up', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    let lookups = 0;
    const counting = {
      // The session lookups (the function that keeps the query's plan is made on the first).
      query: (text: string) => {
        if (text.startsWith('SELECT * FROM session_of_token')) lookups += 1;
        return Promise.resolve({ rows: [] });
      },
    };
    registerAuthentication(app, reference, counting as never);
    await app.register(async (module) => {
      module.get('/public', { config: { access: 'public' } }, () => ({ ok: true }));
      module.get('/optional', { config: { access: 'optional' } }, (request) => ({
        user: request.user,
      }));
      module.get('/secure-by-default', () => ({ ok: true }));
      module.route({
        method: ['GET', 'POST'],
        url: '/admin',
        config: { access: 'admin' },
        handler: () => ({ ok: true }),
      });
    });
    try {
      // A well-formed signed token, so a route that checks does ask the session store.
      const authorization = `Bearer ${signSessionToken('no-such-session', secret)}`;
      const call = (url: string, method: 'GET' | 'POST' = 'GET') =>
        app.inject({
          method,
          url,
          headers: { authorization },
          payload: method === 'POST' ? {} : undefined,
        });

      const open = await call('/public');
      expect(open.statusCode).toBe(200);
      expect(lookups).toBe(0);

      expect((await call('/optional')).json()).toEqual({ user: null });
      expect(lookups).toBe(1);
      expect((await call('/secure-by-default')).statusCode).toBe(401);
      expect((await call('/admin')).statusCode).toBe(401);
      expect((await call('/admin', 'POST')).statusCode).toBe(401);
      expect(lookups).toBe(4);
      // The HEAD route Fastify adds for a GET is checked like its GET.
      const head = await app.inject({
        method: 'HEAD',
        url: '/secure-by-default',
        headers: { authorization },
      });
      expect(head.statusCode).toBe(401);
      expect(lookups).toBe(5);
    } finally {
      await app.close();
    }
  });
});
