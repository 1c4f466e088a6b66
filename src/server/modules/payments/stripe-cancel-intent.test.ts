import { describe, expect, it } from 'vitest';
import { createStripeClient, createStripeProvider } from './stripe-provider.ts';

// cancelIntent at Stripe: POST /v1/payment_intents/{id}/cancel; an intent already canceled (or
// succeeded meanwhile) answers payment_intent_unexpected_state, which is not an error for us.

function stripeAnswering(status: number, body: unknown) {
  const calls: { method: string; path: string }[] = [];
  const fetchFn = (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    calls.push({ method: init?.method ?? 'GET', path: url.pathname });
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json', 'request-id': 'req_1' },
      }),
    );
  };
  const provider = createStripeProvider(
    createStripeClient({ secretKey: 'sk_test_offline' }, { fetchFn: fetchFn as typeof fetch }),
  );
  return { provider, calls };
}

describe('Stripe cancelIntent', () => {
  it('cancels the intent at Stripe', async () => {
    const { provider, calls } = stripeAnswering(200, {
      id: 'pi_1',
      object: 'payment_intent',
      status: 'canceled',
    });
    await provider.cancelIntent('pi_1');
    expect(calls).toEqual([{ method: 'POST', path: '/v1/payment_intents/pi_1/cancel' }]);
  });

  it('is idempotent: an intent already canceled is fine', async () => {
    const { provider } = stripeAnswering(400, {
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: 'You cannot cancel this PaymentIntent because it has a status of canceled.',
      },
    });
    await expect(provider.cancelIntent('pi_1')).resolves.toBeUndefined();
  });

  it('other failures are thrown (the outbox retries them)', async () => {
    const { provider } = stripeAnswering(401, {
      error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
    });
    // Mapped like every provider call (provider-guard.ts): an answer we cannot use is a 502.
    await expect(provider.cancelIntent('pi_1')).rejects.toMatchObject({ statusCode: 502 });
  });
});
