import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_CARDS } from '../../../shared/payment.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { placeTestOrder } from '../../testing/orders.ts';

// Issue 38: paying costs no more than placing. Each payment call of a paid order, as the web
// client makes them (with an Idempotency-Key where it sends one), is ONE statement on the app's
// pool besides the caller's session lookup: no transaction, no order or intent read twice.

const t = setUpAppWithAccounts();
const card = { number: TEST_CARDS.success, expMonth: 12, expYear: 2099, cvc: '123' };

afterEach(() => {
  vi.restoreAllMocks();
});

/** What `run` sent through the app's pool: each statement's first words, and transactions. */
async function statementsOf(run: () => Promise<void>) {
  const query = vi.spyOn(t.database.pool, 'query');
  const connect = vi.spyOn(t.database.pool, 'connect');
  await run();
  const texts = query.mock.calls.map(([text]) => {
    const sql = typeof text === 'string' ? text : (text as { text: string }).text;
    return sql.replace(/\s+/g, ' ').trim().slice(0, 60);
  });
  const transactions = connect.mock.calls.length;
  vi.restoreAllMocks();
  return { texts, transactions };
}

const SESSION = /^SELECT \* FROM session_of_token_/;
/** A statement's function made on a process's first call of it (src/server/db/kept-plan.ts). */
const FIRST_CALL = /^(SELECT EXISTS \(SELECT FROM pg_proc|CREATE FUNCTION )/;
/** The statements of a call but its session lookup and its functions made once. */
const ofTheCall = (texts: string[]) =>
  texts.filter((text) => !SESSION.test(text) && !FIRST_CALL.test(text));

describe('the payment calls of a paid order', () => {
  it('are one statement each (besides the session lookup), and pay the order', async () => {
    const { order } = await placeTestOrder(t, t.customer);
    const key = () => ({ ...t.customer.headers, 'idempotency-key': randomUUID() });

    let clientSecret = '';
    const intent = await statementsOf(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: key(),
        payload: { purchaseId: order._id },
      });
      expect(res.statusCode, res.body).toBe(200);
      clientSecret = res.json<{ clientSecret: string }>().clientSecret;
    });
    expect(intent.transactions).toBe(0);
    expect(ofTheCall(intent.texts), intent.texts.join('\n')).toHaveLength(1);

    let intentId = '';
    const confirm = await statementsOf(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/test-processor/confirm',
        payload: { clientSecret, card, billingDetails: { name: 'Carla', email: t.customer.email } },
      });
      expect(res.statusCode, res.body).toBe(200);
      intentId = res.json<{ paymentIntent: { id: string } }>().paymentIntent.id;
    });
    expect(confirm.transactions).toBe(0);
    expect(ofTheCall(confirm.texts), confirm.texts.join('\n')).toHaveLength(1);

    const patch = await statementsOf(async () => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/purchase/${order._id}`,
        headers: key(),
        payload: { transactionId: intentId },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ _id: order._id, paid: true, transactionId: intentId });
    });
    expect(patch.transactions).toBe(0);
    expect(ofTheCall(patch.texts), patch.texts.join('\n')).toHaveLength(1);

    // Paid as the general path pays: the timeline, the receipt number, the mails queued.
    const detail = await t.app.inject({
      url: `/api/purchase/${order._id}`,
      headers: t.customer.headers,
    });
    const paid = detail.json<{
      paid: boolean;
      receiptNumber: number | null;
      timeline: { event: string }[];
    }>();
    expect(paid.paid).toBe(true);
    expect(paid.receiptNumber).toEqual(expect.any(Number));
    expect(paid.timeline.map((entry) => entry.event)).toEqual(['placed', 'paid']);
  });

  it('answer a repeated call with the same key as the first, and another body with 422', async () => {
    const { order } = await placeTestOrder(t, t.customer);
    const headers = { ...t.customer.headers, 'idempotency-key': randomUUID() };
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers,
      payload: { purchaseId: order._id },
    });
    expect(intent.statusCode, intent.body).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers,
      payload: { purchaseId: order._id },
    });
    expect(again.json()).toEqual(intent.json());
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers,
      payload: { checkoutId: order.checkoutId },
    });
    expect(other.statusCode).toBe(422);
  });
});
