import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../shared/errors.ts';
import { PAYMENT_UNAVAILABLE_MESSAGE } from '../../../shared/payment.ts';
import type { AppError } from '../../errors.ts';
import {
  refusedPort,
  startFakeStripe,
  type FakeStripeServer,
} from '../../testing/fake-stripe-server.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { guardProvider } from './provider-guard.ts';
import { classifyStripeError } from './stripe-errors.ts';
import {
  createStripeClient,
  createStripeProvider,
  intentKeyOf,
  type StripeClientOptions,
} from './stripe-provider.ts';

// The Stripe adapter against a local fake of Stripe's API over real HTTP (127.0.0.1, no network):
// every provider fault becomes 503 or 502 in the one error shape, never a hang or a 500.

// Short bounds so the faults show quickly; generous against a slow, shared machine.
const TIMEOUT_MS = 300;
const SECRET = { secretKey: 'sk_test_local' };
const ORDER = { checkoutId: '11111111-1111-4111-8111-111111111111', amountCents: 8_500 };

let fake: FakeStripeServer;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

function providerAt(options: StripeClientOptions = {}): PaymentProvider {
  const stripe = createStripeClient(SECRET, {
    host: fake.host,
    port: fake.port,
    protocol: 'http',
    timeoutMs: TIMEOUT_MS,
    maxNetworkRetries: 0,
    ...options,
  });
  return createStripeProvider(stripe);
}

/** The error a call fails with (it must fail). */
async function failureOf(call: Promise<unknown>): Promise<AppError> {
  try {
    await call;
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected the call to fail');
}

const unavailable = {
  statusCode: 503,
  code: ErrorCode.Unavailable,
  message: PAYMENT_UNAVAILABLE_MESSAGE,
};
const createIntent = (provider: PaymentProvider) =>
  provider.createIntent({ ...ORDER, currency: 'usd' });

describe('Stripe adapter against a local fake', () => {
  it('creates, retrieves and refunds when Stripe answers', async () => {
    const provider = providerAt();
    const created = await createIntent(provider);
    expect(created.clientSecret).toMatch(/^pi_local\w+_secret_/);
    expect(await provider.retrieveIntent(created.intentId)).toMatchObject({
      id: created.intentId,
      amountCents: 8_500,
      checkoutId: ORDER.checkoutId,
    });
    expect(await provider.retrieveIntent('pi_unknown')).toBeNull();
    await provider.refund(created.intentId);
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/refunds',
      idempotencyKey: `refund-${created.intentId}`,
    });
  });

  it('answers 503 when Stripe refuses connections', async () => {
    const stripe = createStripeClient(SECRET, {
      host: '127.0.0.1',
      port: await refusedPort(),
      protocol: 'http',
      timeoutMs: TIMEOUT_MS,
      maxNetworkRetries: 0,
    });
    const provider = createStripeProvider(stripe);
    expect(await failureOf(createIntent(provider))).toMatchObject({
      ...unavailable,
      reason: 'unreachable',
    });
    expect(await failureOf(provider.retrieveIntent('pi_x'))).toMatchObject(unavailable);
    expect(await failureOf(provider.refund('pi_x'))).toMatchObject(unavailable);
  });

  it('answers 503 when Stripe hangs past the timeout, for every call', async () => {
    fake.mode = 'hang';
    const provider = providerAt();
    for (const call of [
      createIntent(provider),
      provider.retrieveIntent('pi_x'),
      provider.refund('pi_x'),
    ]) {
      expect(await failureOf(call)).toMatchObject({ ...unavailable, reason: 'timeout' });
    }
  });

  it('answers 503 to a Stripe 500, after the SDK retried with the same idempotency key', async () => {
    fake.mode = 'error-500';
    const provider = providerAt({ maxNetworkRetries: 1 });
    expect(await failureOf(createIntent(provider))).toMatchObject({
      ...unavailable,
      reason: 'provider_error',
    });
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests.map((r) => r.idempotencyKey)).toEqual([
      intentKeyOf(ORDER.checkoutId, ORDER.amountCents),
      intentKeyOf(ORDER.checkoutId, ORDER.amountCents),
    ]);
  });

  it('answers 503 when Stripe rate-limits us (429)', async () => {
    fake.mode = 'rate-limited-429';
    const provider = providerAt();
    expect(await failureOf(createIntent(provider))).toMatchObject({
      ...unavailable,
      reason: 'rate_limited',
    });
    expect(await failureOf(provider.refund('pi_x'))).toMatchObject(unavailable);
  });

  it('answers 502 to an answer it cannot use', async () => {
    const provider = providerAt();
    fake.mode = 'garbage';
    expect(await failureOf(createIntent(provider))).toMatchObject({
      statusCode: 502,
      code: ErrorCode.BadGateway,
      message: PAYMENT_UNAVAILABLE_MESSAGE,
    });
    fake.mode = 'no-secret';
    expect(await failureOf(createIntent(provider))).toMatchObject({ statusCode: 502 });
  });

  it('finds the intent again after a create that timed out once Stripe had made it', async () => {
    fake.mode = 'act-then-hang';
    const provider = providerAt();
    expect(await failureOf(createIntent(provider))).toMatchObject({ statusCode: 503 });
    expect(fake.intents.size).toBe(1);
    const [made] = [...fake.intents.values()];
    fake.mode = 'ok';
    const retried = await createIntent(provider);
    expect(retried.intentId).toBe(made!.id);
    expect(fake.intents.size).toBe(1);
    expect(new Set(fake.requests.map((r) => r.idempotencyKey))).toEqual(
      new Set([intentKeyOf(ORDER.checkoutId, ORDER.amountCents)]),
    );
  });
});

describe('provider guard', () => {
  it('bounds every method, including ones added later, by its deadline', async () => {
    const never = () => new Promise<never>(() => undefined);
    const failures: string[] = [];
    const guarded = guardProvider(
      { name: 'stripe', retrieveIntent: never, cancelIntent: never },
      {
        deadlineMs: 50,
        classify: classifyStripeError,
        onFailure: ({ method }) => failures.push(method),
      },
    );
    expect(guarded.name).toBe('stripe');
    expect(await failureOf(guarded.cancelIntent())).toMatchObject({
      ...unavailable,
      reason: 'timeout',
    });
    expect(await failureOf(guarded.retrieveIntent())).toMatchObject(unavailable);
    expect(failures).toEqual(['cancelIntent', 'retrieveIntent']);
  });

  it('passes errors that are not the provider’s unchanged', async () => {
    const bug = new TypeError('a bug of ours');
    const guarded = guardProvider(
      { refund: () => Promise.reject(bug) },
      { deadlineMs: 1_000, classify: classifyStripeError },
    );
    expect(await failureOf(guarded.refund())).toBe(bug);
  });
});

describe('a partial refund through the Stripe adapter', () => {
  const part = { amountCents: 1_000, key: 'refund-part-1' };
  const paidIntent = async (provider: PaymentProvider) => (await createIntent(provider)).intentId;

  it('is found afterwards by its key (metadata.refundKey), also among other refunds', async () => {
    const provider = providerAt();
    const intentId = await paidIntent(provider);
    expect(await provider.findRefund(intentId, part.key)).toBeNull();
    await provider.refund(intentId, { amountCents: 500, key: 'refund-other' });
    await provider.refund(intentId, part);
    expect(fake.refunds.at(-1)?.metadata).toEqual({ refundKey: part.key });
    expect(await provider.findRefund(intentId, part.key)).toBe('succeeded');
    fake.refunds.at(-1)!.status = 'canceled';
    expect(await provider.findRefund(intentId, part.key)).toBe('failed');
  });

  it('answers 502 only for a clear refusal, 503 whenever Stripe may have refunded', async () => {
    const provider = providerAt();
    const intentId = await paidIntent(provider);
    fake.refunded.set(intentId, ORDER.amountCents);
    expect(await failureOf(provider.refund(intentId, part))).toMatchObject({ statusCode: 502 });
    fake.refunded.set(intentId, 0);
    for (const mode of [
      'act-then-500',
      'act-then-drop',
      'act-then-hang',
      'key-in-use-409',
      'rate-limited-429',
      'garbage',
    ] as const) {
      fake.mode = mode;
      expect(await failureOf(provider.refund(intentId, part)), mode).toMatchObject(unavailable);
    }
  });
});
