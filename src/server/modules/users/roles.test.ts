import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LAST_ADMIN_MESSAGE } from '../../../shared/user.ts';
import { user } from '../../db/schema.ts';
import { signUp } from '../../testing/accounts.ts';
import { signUpWithRole } from '../../testing/staff.ts';
import { setUpTestApp } from '../../testing/test-app.ts';

const t = setUpTestApp();

const setRole = (headers: { authorization: string }, email: string, role: string) =>
  t.app.inject({ method: 'PUT', url: `/api/user/role/${email}`, headers, payload: { role } });

describe('PUT /api/user/role/{email}', () => {
  it('grants and revokes staff roles, audited, and refuses a made-up role', async () => {
    const admin = await signUpWithRole(t, 'admin');
    const someone = await signUp(t.app);
    const granted = await setRole(admin.headers, someone.email, 'warehouse');
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toEqual({ email: someone.email, role: 'warehouse' });
    const shipList = await t.app.inject({
      method: 'GET',
      url: '/api/purchase1',
      headers: someone.headers,
    });
    expect(shipList.statusCode).toBe(200);

    expect((await setRole(admin.headers, someone.email, 'user')).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/purchase1', headers: someone.headers }))
        .statusCode,
    ).toBe(403);
    expect((await setRole(admin.headers, someone.email, 'owner')).statusCode).toBe(400);
    expect((await setRole(admin.headers, 'nobody@example.com', 'admin')).statusCode).toBe(404);

    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/audit?action=user.set-role&actor=${encodeURIComponent(admin.email)}`,
      headers: admin.headers,
    });
    expect(audit.statusCode).toBe(200);
    const { entries, total } = audit.json() as {
      entries: { before: unknown; after: unknown }[];
      total: number;
    };
    expect(total).toBe(2);
    expect(entries[0]).toMatchObject({
      before: { email: someone.email, role: 'warehouse' },
      after: { email: someone.email, role: 'user' },
    });
  });

  it('the last admin stays an admin, also when two admins demote each other at once', async () => {
    // Only these two are admins in this database from here on.
    await t.database.db.update(user).set({ role: 'user' }).where(eq(user.role, 'admin'));
    const first = await signUpWithRole(t, 'admin');
    const second = await signUpWithRole(t, 'admin');
    const answers = await Promise.all([
      setRole(first.headers, second.email, 'user'),
      setRole(second.headers, first.email, 'user'),
    ]);
    const codes = answers.map((res) => res.statusCode).sort();
    // One wins; the other is refused: by the rule (409), or because its caller is no admin now (403).
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const admins = await t.database.db.select().from(user).where(eq(user.role, 'admin'));
    expect(admins).toHaveLength(1);

    const last = admins[0]?.email === first.email ? first : second;
    const refused = await setRole(last.headers, last.email, 'catalogue');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: LAST_ADMIN_MESSAGE });
  });
});

describe('GET /api/audit', () => {
  it('filters by date and exports CSV', async () => {
    const admin = await signUpWithRole(t, 'admin');
    const today = new Date().toISOString().slice(0, 10);
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/audit?from=${today}&to=${today}&page=1`,
      headers: admin.headers,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ page: 1, pageSize: 50 });
    expect((page.json() as { total: number }).total).toBeGreaterThan(0);
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/audit?from=2000-01-01&to=2000-01-02',
      headers: admin.headers,
    });
    expect(none.json()).toMatchObject({ entries: [], total: 0 });
    const reversed = await t.app.inject({
      method: 'GET',
      url: '/api/audit?from=2000-01-02&to=2000-01-01',
      headers: admin.headers,
    });
    expect(reversed.statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/audit?from=yesterday',
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(400);

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/audit.csv?action=user.set-role',
      headers: admin.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('When,Actor,Action,Target type,Target,Before,After');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines[1]).toContain('user.set-role');
  });
});
