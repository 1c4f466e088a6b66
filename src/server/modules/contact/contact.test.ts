import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessage, newsletterSubscriber } from '../../db/schema.ts';
import { setUpTestApp } from '../../testing/test-app.ts';

const t = setUpTestApp();

const countRows = async (table: typeof contactMessage | typeof newsletterSubscriber) =>
  (await t.database.db.select({ n: count() }).from(table))[0]!.n;

describe('POST /api/contact', () => {
  it('stores a valid message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: ' Ada Lovelace ',
        email: 'Ada@Example.com',
        message: 'Do you ship to Norway?',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ received: true });
    const [row] = await t.database.db
      .select()
      .from(contactMessage)
      .where(eq(contactMessage.email, 'ada@example.com'));
    expect(row).toMatchObject({ name: 'Ada Lovelace', message: 'Do you ship to Norway?' });
  });

  it.each([
    [{ email: 'a@b.co', message: 'hi' }, 'name', 'Name is required'],
    [{ name: '   ', email: 'a@b.co', message: 'hi' }, 'name', 'Name is required'],
    [{ name: 'A', message: 'hi' }, 'email', 'Email is required'],
    [{ name: 'A', email: 'not-an-email', message: 'hi' }, 'email', 'Provide a valid Email'],
    [{ name: 'A', email: 'a@b.co', message: '' }, 'message', 'Message is required'],
    [
      { name: 'A', email: 'a@b.co', message: 'x'.repeat(5001) },
      'message',
      'Message must be at most 5000 characters',
    ],
    [{ name: 42, email: 'a@b.co', message: 'hi' }, 'name', 'Name is required'],
  ])('refuses %j with a field message and stores nothing', async (payload, field, message) => {
    const before = await countRows(contactMessage);
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: message } });
    expect(await countRows(contactMessage)).toBe(before);
  });

  it('refuses malformed JSON and non-JSON bodies with 4xx', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('BAD_REQUEST');
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'text/plain' },
      payload: 'name=x',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('POST /api/newsletter', () => {
  it('subscribes an address once, however often and in whatever case it is sent', async () => {
    const before = await countRows(newsletterSubscriber);
    for (const email of ['fan@example.com', 'FAN@example.com', ' fan@example.com ']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/newsletter',
        payload: { email },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ subscribed: true });
    }
    expect(await countRows(newsletterSubscriber)).toBe(before + 1);
  });

  it('subscribes once under parallel duplicates', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/newsletter',
          payload: { email: 'race@example.com' },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const rows = await t.database.db
      .select()
      .from(newsletterSubscriber)
      .where(eq(newsletterSubscriber.email, 'race@example.com'));
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{}, 'Email is required'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'nobody' }, 'Provide a valid Email'],
  ])('refuses %j', async (payload, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/newsletter', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ email: message });
  });
});
