import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFakeStripeTax } from './fake-stripe-tax.ts';

/**
 * A local stand-in for Stripe's API over real HTTP at 127.0.0.1, for tests of provider faults
 * (no network). `mode` says how it answers next: like Stripe, or with a fault. It keeps
 * intents by idempotency key as Stripe does, so a retry with the same key gets the same intent.
 * It also calculates tax as Stripe Tax does, from a fixed table (fake-stripe-tax.ts).
 */
export type FakeStripeMode =
  | 'ok'
  /** Never answers (the connection stays open). */
  | 'hang'
  /** Makes the intent or the refund, then never answers: a timeout after Stripe acted. */
  | 'act-then-hang'
  /** Makes the refund, then answers 500. */
  | 'act-then-500'
  /** Makes the refund, then drops the connection (no answer). */
  | 'act-then-drop'
  | 'error-500'
  | 'rate-limited-429'
  /** 409: another request with the same idempotency key is still running at Stripe. */
  | 'key-in-use-409'
  /** 200 with a body that is not JSON. */
  | 'garbage'
  /** 200 with an intent that has no client secret. */
  | 'no-secret';

export interface FakeStripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  /** The Authorization header: the secret key the client sent. */
  authorization: string | undefined;
  body: URLSearchParams;
}

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string | null;
  metadata: Record<string, string>;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number | null;
  payment_intent: string;
  status: string;
  metadata: Record<string, string>;
}

export interface FakeStripeServer {
  host: string;
  port: number;
  mode: FakeStripeMode;
  /** When set, the mode applies only to the requests it accepts; the others are answered 'ok'. */
  faultOnly: ((request: FakeStripeRequest) => boolean) | undefined;
  requests: FakeStripeRequest[];
  intents: Map<string, FakeIntent>;
  /** Cents refunded per intent id (refunds with an amount, or the whole rest). */
  refunded: Map<string, number>;
  /** Every refund made, oldest first (one per idempotency key, as at Stripe). */
  refunds: FakeRefund[];
  /**
   * When set, the answer of a tax calculation (POST /v1/tax/calculations, fake-stripe-tax.ts) as
   * it is sent: a test makes it malformed (a line missing, an amount that is not a number).
   */
  editTaxAnswer: ((calculation: Record<string, unknown>) => unknown) | undefined;
  /** Back to answering 'ok', with no requests, intents or idempotency keys recorded. */
  reset(): void;
  /** Connections held open by 'hang' are cut too. */
  close(): Promise<void>;
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
  response.end(JSON.stringify(body));
}

/** Listens on a free port, or on `port` (to come back where a client already points). */
export async function startFakeStripe(port = 0): Promise<FakeStripeServer> {
  const byKey = new Map<string, FakeIntent>();
  const refundsByKey = new Map<string, FakeRefund>();
  let made = 0;
  let refundsMade = 0;
  const tax = createFakeStripeTax();
  const fake: FakeStripeServer = {
    host: '127.0.0.1',
    port: 0,
    mode: 'ok',
    faultOnly: undefined,
    requests: [],
    intents: new Map(),
    refunded: new Map(),
    refunds: [],
    editTaxAnswer: undefined,
    reset() {
      fake.editTaxAnswer = undefined;
      tax.reset();
      fake.refunded.clear();
      fake.refunds.length = 0;
      refundsByKey.clear();
      fake.mode = 'ok';
      fake.faultOnly = undefined;
      fake.requests.length = 0;
      fake.intents.clear();
      byKey.clear();
    },
    close: () => Promise.resolve(),
  };

  const createIntent = (key: string | undefined, body: URLSearchParams) => {
    const existing = key ? byKey.get(key) : undefined;
    if (existing) return existing;
    made += 1;
    // Unique across fakes too, as Stripe's ids are.
    const id = `pi_local${made}x${randomBytes(6).toString('hex')}`;
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount: Number(body.get('amount')),
      currency: body.get('currency') ?? '',
      status: 'requires_payment_method',
      client_secret: `${id}_secret_local`,
      metadata: { checkoutId: body.get('metadata[checkoutId]') ?? '' },
    };
    fake.intents.set(id, intent);
    if (key) byKey.set(key, intent);
    return intent;
  };

  /** As Stripe: one refund per idempotency key; a part never beyond what is left to refund. */
  const createRefund = (
    key: string | undefined,
    body: URLSearchParams,
  ): { status: number; body: unknown } => {
    const intentId = body.get('payment_intent') ?? '';
    const refundKey = key ? `refund:${key}` : undefined;
    const again = refundKey ? refundsByKey.get(refundKey) : undefined;
    if (again) return { status: 200, body: again };
    const intent = fake.intents.get(intentId);
    const left = intent ? intent.amount - (fake.refunded.get(intentId) ?? 0) : Infinity;
    const amount = body.has('amount') ? Number(body.get('amount')) : left;
    if (amount > left)
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'amount_too_large',
            message: 'Refund amount is greater than unrefunded amount on charge',
          },
        },
      };
    if (intent) fake.refunded.set(intentId, (fake.refunded.get(intentId) ?? 0) + amount);
    refundsMade += 1;
    const metadata: Record<string, string> = {};
    for (const [name, value] of body)
      if (name.startsWith('metadata[')) metadata[name.slice(9, -1)] = value;
    const refund: FakeRefund = {
      id: `re_local${refundsMade}`,
      object: 'refund',
      amount: Number.isFinite(amount) ? amount : null,
      payment_intent: intentId,
      status: 'succeeded',
      metadata,
    };
    fake.refunds.push(refund);
    if (refundKey) refundsByKey.set(refundKey, refund);
    return { status: 200, body: refund };
  };

  const server = createServer((request, response) => {
    void readBody(request).then((text) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const key = request.headers['idempotency-key'];
      const body = new URLSearchParams(text);
      const method = request.method ?? 'GET';
      const recorded: FakeStripeRequest = {
        method,
        path: url.pathname,
        idempotencyKey: typeof key === 'string' ? key : undefined,
        authorization: request.headers.authorization,
        body,
      };
      fake.requests.push(recorded);
      const creating = method === 'POST' && url.pathname === '/v1/payment_intents';
      const refunding = method === 'POST' && url.pathname === '/v1/refunds';
      const keyOf = typeof key === 'string' ? key : undefined;
      const mode = !fake.faultOnly || fake.faultOnly(recorded) ? fake.mode : 'ok';
      switch (mode) {
        case 'hang':
          return;
        case 'act-then-hang':
          if (creating) createIntent(keyOf, body);
          if (refunding) createRefund(keyOf, body);
          return;
        case 'act-then-500':
          if (refunding) createRefund(keyOf, body);
          return json(response, 500, {
            error: { type: 'api_error', message: 'An unknown error occurred' },
          });
        case 'act-then-drop':
          if (refunding) createRefund(keyOf, body);
          return response.socket?.destroy();
        case 'error-500':
          // As Stripe says it: retrying may help.
          return json(response, 500, {
            error: { type: 'api_error', message: 'An unknown error occurred' },
          });
        case 'rate-limited-429':
          return json(response, 429, {
            error: { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many' },
          });
        case 'key-in-use-409':
          return json(response, 409, {
            error: {
              type: 'idempotency_error',
              message: 'There is currently another in-progress request using this idempotency key.',
            },
          });
        case 'garbage':
          response.writeHead(200, { 'content-type': 'application/json' });
          return response.end('<html>not json</html>');
        case 'no-secret':
          if (creating)
            return json(response, 200, { ...createIntent(undefined, body), client_secret: null });
          break;
        case 'ok':
          break;
      }
      if (creating)
        return json(response, 200, createIntent(typeof key === 'string' ? key : undefined, body));
      const retrieved = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)$/)?.[1];
      if (method === 'GET' && retrieved) {
        const intent = fake.intents.get(decodeURIComponent(retrieved));
        if (!intent)
          return json(response, 404, {
            error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such' },
          });
        return json(response, 200, intent);
      }
      if (refunding) {
        const answer = createRefund(keyOf, body);
        return json(response, answer.status, answer.body);
      }
      if (method === 'POST' && url.pathname === '/v1/tax/calculations') {
        const answer = tax.calculate(body);
        const edited =
          answer.status === 200 && fake.editTaxAnswer
            ? fake.editTaxAnswer(answer.body as Record<string, unknown>)
            : answer.body;
        return json(response, answer.status, edited);
      }
      const calculation = url.pathname.match(/^\/v1\/tax\/calculations\/([^/]+)\/line_items$/)?.[1];
      if (method === 'GET' && calculation) {
        const answer = tax.listLineItems(decodeURIComponent(calculation), url.searchParams);
        return json(response, answer.status, answer.body);
      }
      if (method === 'GET' && url.pathname === '/v1/refunds') {
        // Newest first, as Stripe lists; one page holds them all here.
        const intentId = url.searchParams.get('payment_intent');
        const data = fake.refunds.filter((r) => !intentId || r.payment_intent === intentId);
        return json(response, 200, {
          object: 'list',
          url: '/v1/refunds',
          has_more: false,
          data: [...data].reverse(),
        });
      }
      return json(response, 400, { error: { type: 'invalid_request_error', message: 'no' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  fake.port = (server.address() as AddressInfo).port;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

/** A port on 127.0.0.1 where nothing listens (connection refused). */
export async function refusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
