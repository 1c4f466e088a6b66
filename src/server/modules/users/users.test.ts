import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UserListSchema } from '../../../shared/user.ts';
import { auditLog, user } from '../../db/schema.ts';
import { CLI_ACTOR, makeAdmin } from './users.service.ts';
import { signUp, type SignedIn } from '../../testing/accounts.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';

const t = setUpAppWithAccounts();

describe('GET /api/admin/{email}', () => {
  it('answers for oneself, and for anyone to an admin', async () => {
    expect(
      (
        await t.app.inject({ url: `/api/admin/${t.customer.email}`, headers: t.customer.headers })
      ).json(),
    ).toEqual({ admin: false });
    expect(
      (await t.app.inject({ url: `/api/admin/${t.admin.email}`, headers: t.admin.headers })).json(),
    ).toEqual({ admin: true });
    expect(
      (
        await t.app.inject({ url: `/api/admin/${t.customer.email}`, headers: t.admin.headers })
      ).json(),
    ).toEqual({ admin: false });
    expect(
      (
        await t.app.inject({
          url: `/api/admin/${t.admin.email.toUpperCase()}`,
          headers: t.admin.headers,
        })
      ).json(),
    ).toEqual({ admin: true });
  });

  it('refuses a customer asking about someone else, and anonymous callers', async () => {
    expect(
      (await t.app.inject({ url: `/api/admin/${t.admin.email}`, headers: t.customer.headers }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: `/api/admin/${t.admin.email}` })).statusCode).toBe(401);
  });
});

describe('GET /api/user', () => {
  it('lists users for admins, without any secret', async () => {
    const res = await t.app.inject({ url: '/api/user', headers: t.admin.headers });
    expect(res.statusCode).toBe(200);
    const users = UserListSchema.parse(res.json());
    expect(users.map((u) => u.email)).toEqual(
      expect.arrayContaining([t.customer.email, t.other.email, t.admin.email]),
    );
    for (const row of res.json() as Record<string, unknown>[])
      expect(Object.keys(row).sort()).toEqual(['_id', 'email', 'name', 'role']);
    expect(res.body).not.toMatch(/password|token|scrypt/i);
  });

  it('is refused to customers and anonymous callers', async () => {
    expect((await t.app.inject({ url: '/api/user', headers: t.customer.headers })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ url: '/api/user' })).statusCode).toBe(401);
  });
});

describe('PUT /api/user/admin/{email}', () => {
  it('lets an admin make another user admin, once', async () => {
    const target = await signUp(t.app);
    const first = await t.app.inject({
      method: 'PUT',
      url: `/api/user/admin/${target.email}`,
      headers: t.admin.headers,
    });
    expect(first.json()).toEqual({ modifiedCount: 1 });
    const second = await t.app.inject({
      method: 'PUT',
      url: `/api/user/admin/${target.email}`,
      headers: t.admin.headers,
    });
    expect(second.json()).toEqual({ modifiedCount: 0 });
    expect(
      (await t.app.inject({ url: `/api/admin/${target.email}`, headers: target.headers })).json(),
    ).toEqual({ admin: true });
  });

  it('records who made whom an admin, role before and after, once', async () => {
    const target = await signUp(t.app);
    const [targetRow] = await t.database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, target.email));
    for (let i = 0; i < 2; i += 1)
      await t.app.inject({
        method: 'PUT',
        url: `/api/user/admin/${target.email}`,
        headers: t.admin.headers,
      });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, targetRow!.id));
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'user.make-admin',
        actorEmail: t.admin.email,
        actorId: expect.any(String),
        targetType: 'user',
        before: { email: target.email, role: 'user' },
        after: { email: target.email, role: 'admin' },
      }),
    ]);
  });

  it('records the command-line tool as the actor when no admin is given', async () => {
    const target = await signUp(t.app);
    expect(await makeAdmin(t.database.db, target.email, CLI_ACTOR)).toEqual({ modifiedCount: 1 });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.make-admin'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      actorEmail: 'cli',
      before: { email: target.email, role: 'user' },
      after: { email: target.email, role: 'admin' },
    });
  });

  it('refuses self-promotion and promotion by customers', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/admin/${t.customer.email}`,
      headers: t.customer.headers,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    const [row] = await t.database.db
      .select({ role: user.role })
      .from(user)
      .where(eq(user.email, t.customer.email));
    expect(row?.role).toBe('user');
  });

  it('reads the role from the database on every request', async () => {
    const promoted = await signUp(t.app);
    expect((await t.app.inject({ url: '/api/user', headers: promoted.headers })).statusCode).toBe(
      403,
    );
    await t.database.db.update(user).set({ role: 'admin' }).where(eq(user.email, promoted.email));
    expect((await t.app.inject({ url: '/api/user', headers: promoted.headers })).statusCode).toBe(
      200,
    );
  });

  it('cannot change a role through the identity service', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: t.customer.headers,
      payload: { role: 'admin' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    const [row] = await t.database.db
      .select({ role: user.role })
      .from(user)
      .where(eq(user.email, t.customer.email));
    expect(row?.role).toBe('user');
  });
});

describe('profiles', () => {
  const save = (who: SignedIn, email: string, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/userProfile/${encodeURIComponent(email)}`,
      headers: who.headers,
      payload,
    });
  const load = (who: SignedIn, email: string) =>
    t.app.inject({
      url: `/api/userProfile?email=${encodeURIComponent(email)}`,
      headers: who.headers,
    });

  it('starts blank, saves location, phone and LinkedIn, and ignores name, e-mail and role', async () => {
    expect((await load(t.customer, t.customer.email)).json()).toEqual([
      { name: 'Carla Customer', email: t.customer.email, location: '', phone: '', linkedin: '' },
    ]);
    const res = await save(t.customer, t.customer.email, {
      name: 'Someone Else',
      email: 'else@example.com',
      role: 'admin',
      location: ' Berlin ',
      phone: '+49 30 1234567',
      linkedin: 'https://www.linkedin.com/in/carla',
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      name: 'Carla Customer',
      email: t.customer.email,
      location: 'Berlin',
      phone: '+49 30 1234567',
      linkedin: 'https://www.linkedin.com/in/carla',
    };
    expect(res.json()).toEqual(expected);
    expect((await load(t.customer, t.customer.email)).json()).toEqual([expected]);
    expect(
      (await save(t.customer, t.customer.email, { location: 'Hamburg' })).json(),
    ).toMatchObject({
      location: 'Hamburg',
      phone: '',
    });
  });

  it.each([
    [{ linkedin: 'javascript:alert(1)' }, 'linkedin', 'LinkedIn must be an http(s) URL'],
    [{ linkedin: 'linkedin.com/in/x' }, 'linkedin', 'LinkedIn must be an http(s) URL'],
    [{ location: 'x'.repeat(101) }, 'location', 'Location must be at most 100 characters'],
    [{ phone: '1'.repeat(31) }, 'phone', 'Phone must be at most 30 characters'],
    [{ phone: 12345 }, 'phone', expect.any(String)],
  ])('refuses %j', async (payload, field, message) => {
    const res = await save(t.customer, t.customer.email, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ [field]: message });
  });

  it("keeps customers out of each other's profiles; admins may help", async () => {
    expect((await load(t.customer, t.other.email)).statusCode).toBe(403);
    expect((await save(t.customer, t.other.email, { location: 'Hacked' })).statusCode).toBe(403);
    expect((await load(t.other, t.other.email)).json()[0].location).toBe('');
    expect((await save(t.admin, t.other.email, { location: 'Lisbon' })).statusCode).toBe(200);
    expect((await load(t.admin, t.other.email)).json()[0].location).toBe('Lisbon');
    expect(
      (await t.app.inject({ url: `/api/userProfile?email=${t.customer.email}` })).statusCode,
    ).toBe(401);
  });

  it('answers an admin asking about an unknown account with no profile (GET) or 404 (PUT)', async () => {
    expect((await load(t.admin, 'nobody@example.com')).json()).toEqual([]);
    expect((await save(t.admin, 'nobody@example.com', { location: 'x' })).statusCode).toBe(404);
  });
});
