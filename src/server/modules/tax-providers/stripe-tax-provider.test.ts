import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PostalAddress } from '../../../shared/postal-address.ts';
import {
  refusedPort,
  startFakeStripe,
  type FakeStripeServer,
} from '../../testing/fake-stripe-server.ts';
import { TaxUnavailable, type TaxInput, type TaxProvider } from '../pricing/tax-provider.ts';
import { percentToPpm, stripeTaxProvider, type StripeTaxOptions } from './stripe-tax-provider.ts';
import { taxProviderForOf, taxProviderOf, vatIncludedCountry } from './index.ts';

// Stripe Tax as the tax provider against the local fake of Stripe's API over real HTTP
// (127.0.0.1). The fake's rates (fake-stripe-tax.ts): NY 4% state + 4.875% city, shipping taxed;
// TX 6.25%, shipping taxed; CA 7.25%, shipping not taxed; DE 19% / 7% reduced; elsewhere none.
// Every expected cent below is worked out by hand from those rates, rounded half up per
// jurisdiction and line, as Stripe does.

const SECRET = 'sk_test_local';
let fake: FakeStripeServer;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

function providerAt(port: number, options: StripeTaxOptions = {}): TaxProvider {
  return stripeTaxProvider(
    { secretKey: SECRET, api: { protocol: 'http', host: '127.0.0.1', port } },
    { deadlineMs: 2_000, maxNetworkRetries: 0, ...options },
  );
}
const provider = (options: StripeTaxOptions = {}) => providerAt(fake.port, options);

function address(fields: Partial<PostalAddress>): PostalAddress {
  return {
    name: 'Pat Buyer',
    company: '',
    line1: '1 Main St',
    line2: '',
    city: 'Springfield',
    region: '',
    postalCode: '',
    country: 'US',
    phone: '',
    ...fields,
  };
}
const NEW_YORK = address({ city: 'New York', region: 'NY', postalCode: '10001' });
const AUSTIN = address({ city: 'Austin', region: 'TX', postalCode: '78701' });
const LOS_ANGELES = address({ city: 'Los Angeles', region: 'CA', postalCode: '90001' });
const BERLIN = address({ city: 'Berlin', postalCode: '10115', country: 'DE' });

const line = (
  key: string,
  netCents: number,
  taxClass: 'standard' | 'reduced' | 'exempt' = 'standard',
  quantity = 1,
) => ({
  key,
  sku: `SKU-${key}`,
  quantity,
  netCents,
  taxClass,
});

/** The error the call fails with: it must fail with TaxUnavailable (never an answer). */
async function unavailable(call: Promise<unknown>): Promise<TaxUnavailable> {
  const error = await call.then(
    (answer) => new Error(`expected TaxUnavailable, got ${JSON.stringify(answer)}`),
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(TaxUnavailable);
  return error as TaxUnavailable;
}

const taxRequests = () => fake.requests.filter((r) => r.path.startsWith('/v1/tax/'));

describe('stripeTaxProvider: what Stripe Tax answers', () => {
  it('New York: each line and the shipping taxed by state and city, rounded per jurisdiction and line', async () => {
    const answer = await provider().calculate({
      address: NEW_YORK,
      lines: [line('drill', 12_345, 'standard', 2), line('washer', 10)],
      shippingCents: 995,
    });
    expect(answer).toEqual({
      lines: [
        // 12345 × 4% = 493.8 → 494; × 4.875% = 601.81875 → 602.
        { key: 'drill', taxCents: 1_096, ratePpm: 88_750 },
        // 10 × 4% = 0.4 → 0; × 4.875% = 0.4875 → 0: Stripe's cents, not 10 × 8.875% = 0.8875 → 1.
        { key: 'washer', taxCents: 0, ratePpm: 88_750 },
      ],
      // 995 × 4% = 39.8 → 40; × 4.875% = 48.50625 → 49.
      shippingTaxCents: 89,
      shippingRatePpm: 88_750,
      pricesIncludeTax: false,
    });
  });

  it('sends net cents, the line keys, quantities, tax codes by class, the delivery address and the shipping', async () => {
    await provider().calculate({
      address: { ...NEW_YORK, line2: '', company: 'Acme' },
      lines: [
        line('drill', 12_345, 'standard', 2),
        line('manual', 1_999, 'reduced'),
        line('voucher', 500, 'exempt'),
      ],
      shippingCents: 995,
    });
    const [request] = taxRequests();
    expect(request).toMatchObject({ method: 'POST', path: '/v1/tax/calculations' });
    expect(request?.authorization).toBe(`Bearer ${SECRET}`);
    const body = Object.fromEntries(request?.body ?? []);
    expect(body).toMatchObject({
      currency: 'usd',
      'line_items[0][amount]': '12345',
      'line_items[0][reference]': 'drill',
      'line_items[0][quantity]': '2',
      'line_items[0][tax_code]': 'txcd_99999999',
      'line_items[0][tax_behavior]': 'exclusive',
      'line_items[1][amount]': '1999',
      'line_items[1][reference]': 'manual',
      'line_items[1][tax_code]': 'txcd_35010000',
      'line_items[2][reference]': 'voucher',
      'line_items[2][tax_code]': 'txcd_00000000',
      'customer_details[address][line1]': '1 Main St',
      'customer_details[address][city]': 'New York',
      'customer_details[address][state]': 'NY',
      'customer_details[address][postal_code]': '10001',
      'customer_details[address][country]': 'US',
      'customer_details[address_source]': 'shipping',
      'shipping_cost[amount]': '995',
      'shipping_cost[tax_code]': 'txcd_92010001',
      'shipping_cost[tax_behavior]': 'exclusive',
    });
    // Nothing about the buyer but the place: no name, company or phone; empty fields left out.
    expect(Object.keys(body).filter((name) => name.startsWith('customer_details'))).toEqual([
      'customer_details[address][country]',
      'customer_details[address][line1]',
      'customer_details[address][city]',
      'customer_details[address][state]',
      'customer_details[address][postal_code]',
      'customer_details[address_source]',
    ]);
    expect(request?.body.getAll('expand[0]')).toEqual(['line_items']);
  });

  it('Germany: standard, reduced and exempt classes, shipping at the standard rate, VAT included', async () => {
    const answer = await provider().calculate({
      address: BERLIN,
      lines: [
        line('saw', 10_000),
        line('manual', 1_999, 'reduced'),
        line('voucher', 5_000, 'exempt'),
      ],
      shippingCents: 1_490,
    });
    expect(answer).toEqual({
      lines: [
        { key: 'saw', taxCents: 1_900, ratePpm: 190_000 },
        // 1999 × 7% = 139.93 → 140.
        { key: 'manual', taxCents: 140, ratePpm: 70_000 },
        { key: 'voucher', taxCents: 0, ratePpm: 0 },
      ],
      // 1490 × 19% = 283.1 → 283.
      shippingTaxCents: 283,
      shippingRatePpm: 190_000,
      pricesIncludeTax: true,
    });
  });

  it('California: lines taxed, shipping not', async () => {
    const answer = await provider().calculate({
      address: LOS_ANGELES,
      lines: [line('drill', 2_000)],
      shippingCents: 1_000,
    });
    expect(answer).toEqual({
      lines: [{ key: 'drill', taxCents: 145, ratePpm: 72_500 }],
      shippingTaxCents: 0,
      shippingRatePpm: 0,
      pricesIncludeTax: false,
    });
  });

  it('Texas: half a cent rounds up, less rounds down; free shipping is not sent', async () => {
    const answer = await provider().calculate({
      address: AUSTIN,
      lines: [line('a', 1_000), line('b', 999), line('c', 8), line('d', 7)],
      shippingCents: 0,
    });
    // 6.25% of 1000 = 62.5 → 63; of 999 = 62.4375 → 62; of 8 = 0.5 → 1; of 7 = 0.4375 → 0.
    expect(answer.lines.map((l) => [l.key, l.taxCents, l.ratePpm])).toEqual([
      ['a', 63, 62_500],
      ['b', 62, 62_500],
      ['c', 1, 62_500],
      ['d', 0, 62_500],
    ]);
    expect(answer).toMatchObject({ shippingTaxCents: 0, shippingRatePpm: 0 });
    expect(taxRequests()[0]?.body.has('shipping_cost[amount]')).toBe(false);
  });

  it('a place where the shop does not collect: Stripe answers no tax, and so do we', async () => {
    const answer = await provider().calculate({
      address: address({ city: 'Sydney', region: 'NSW', postalCode: '2000', country: 'AU' }),
      lines: [line('drill', 2_000)],
      shippingCents: 500,
    });
    expect(answer).toEqual({
      lines: [{ key: 'drill', taxCents: 0, ratePpm: 0 }],
      shippingTaxCents: 0,
      shippingRatePpm: 0,
      pricesIncludeTax: false,
    });
  });

  it('reads every line of a long basket (Stripe lists 10 at first, the rest page by page)', async () => {
    const lines = Array.from({ length: 23 }, (_, i) => line(`line-${i}`, 150 + i));
    const answer = await provider().calculate({ address: BERLIN, lines, shippingCents: 0 });
    // 19%, half up, in whole cents: (net × 19 + 50) div 100.
    expect(answer.lines).toEqual(
      lines.map((l) => ({
        key: l.key,
        taxCents: Math.floor((l.netCents * 19 + 50) / 100),
        ratePpm: 190_000,
      })),
    );
    expect(answer.lines[0]?.taxCents).toBe(29); // 150 × 19% = 28.5 → 29
    expect(taxRequests().map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/tax/calculations',
      expect.stringMatching(/^GET \/v1\/tax\/calculations\/taxcalc_\w+\/line_items$/),
    ]);
  });

  it('sends no line without an amount (its tax is 0); with every line free, the shipping alone', async () => {
    const answer = await provider().calculate({
      address: BERLIN,
      lines: [line('free', 0), line('saw', 10_000)],
      shippingCents: 0,
    });
    expect(answer.lines).toEqual([
      { key: 'free', taxCents: 0, ratePpm: 0 },
      { key: 'saw', taxCents: 1_900, ratePpm: 190_000 },
    ]);
    expect(taxRequests()[0]?.body.get('line_items[0][reference]')).toBe('saw');
    expect(taxRequests()[0]?.body.has('line_items[1][reference]')).toBe(false);

    fake.reset();
    const shippingOnly = await provider().calculate({
      address: BERLIN,
      lines: [line('free', 0)],
      shippingCents: 500,
    });
    expect(shippingOnly).toEqual({
      lines: [{ key: 'free', taxCents: 0, ratePpm: 0 }],
      shippingTaxCents: 95,
      shippingRatePpm: 190_000,
      pricesIncludeTax: true,
    });
    expect(Object.fromEntries(taxRequests()[0]?.body ?? [])).toMatchObject({
      'line_items[0][amount]': '500',
      'line_items[0][tax_code]': 'txcd_92010001',
    });

    fake.reset();
    expect(
      await provider().calculate({ address: BERLIN, lines: [line('free', 0)], shippingCents: 0 }),
    ).toEqual({
      lines: [{ key: 'free', taxCents: 0, ratePpm: 0 }],
      shippingTaxCents: 0,
      shippingRatePpm: 0,
      pricesIncludeTax: true,
    });
    expect(taxRequests()).toEqual([]);
  });

  it('retries once within the deadline after a 500', async () => {
    let failures = 0;
    fake.mode = 'error-500';
    fake.faultOnly = () => (failures += 1) === 1;
    const answer = await provider({ maxNetworkRetries: 1 }).calculate({
      address: AUSTIN,
      lines: [line('a', 1_000)],
      shippingCents: 0,
    });
    expect(answer.lines).toEqual([{ key: 'a', taxCents: 63, ratePpm: 62_500 }]);
    expect(taxRequests()).toHaveLength(2);
  });
});

describe('stripeTaxProvider: never a silent zero', () => {
  const input: TaxInput = {
    address: NEW_YORK,
    lines: [line('drill', 12_345), line('bits', 2_000)],
    shippingCents: 995,
  };

  it.each([
    ['a 500', 'error-500'],
    ['a 429', 'rate-limited-429'],
    ['a 409', 'key-in-use-409'],
    ['a body that is not JSON', 'garbage'],
  ] as const)('%s → TaxUnavailable, told to onFailure', async (_, mode) => {
    fake.mode = mode;
    const onFailure = vi.fn();
    await unavailable(provider({ onFailure, maxNetworkRetries: 1 }).calculate(input));
    expect(onFailure).toHaveBeenCalledOnce();
  });

  it('a refusal (400: Stripe cannot place a US address without a ZIP code) → TaxUnavailable', async () => {
    await unavailable(provider().calculate({ ...input, address: { ...NEW_YORK, postalCode: '' } }));
    expect(taxRequests()).toHaveLength(1);
  });

  it.each([
    ['a negative line', [line('drill', -100)], 0],
    ['a fraction of a cent', [line('drill', 100.5)], 0],
    ['a negative shipping', [line('drill', 100)], -1],
  ])('%s is not taxed as 0 → TaxUnavailable, nothing sent', async (_, lines, shippingCents) => {
    await unavailable(provider().calculate({ address: NEW_YORK, lines, shippingCents }));
    expect(taxRequests()).toEqual([]);
  });

  it('nobody listening → TaxUnavailable', async () => {
    await unavailable(providerAt(await refusedPort(), { maxNetworkRetries: 1 }).calculate(input));
  });

  it('Stripe never answering → TaxUnavailable at the deadline, the retry included', async () => {
    fake.mode = 'hang';
    const started = Date.now();
    await unavailable(provider({ deadlineMs: 400, maxNetworkRetries: 1 }).calculate(input));
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(350);
    expect(took).toBeLessThan(1_500);
  });

  it('a page of line items never answering → TaxUnavailable at the deadline', async () => {
    fake.mode = 'hang';
    fake.faultOnly = (request) => request.method === 'GET';
    const lines = Array.from({ length: 12 }, (_, i) => line(`line-${i}`, 100));
    await unavailable(provider({ deadlineMs: 400 }).calculate({ ...input, lines }));
  });

  type Calculation = Record<string, unknown> & {
    line_items: { data: Record<string, unknown>[] };
    shipping_cost: Record<string, unknown> | null;
  };
  const firstLine = (c: Calculation) => c.line_items.data[0] as Record<string, unknown>;
  it.each<[string, (c: Calculation) => unknown]>([
    [
      'a line missing',
      (c) => ({ ...c, line_items: { ...c.line_items, data: c.line_items.data.slice(1) } }),
    ],
    [
      'a line answered twice',
      (c) => ({
        ...c,
        line_items: { ...c.line_items, data: [firstLine(c), ...c.line_items.data] },
      }),
    ],
    ['a line of another reference', (c) => ((firstLine(c).reference = 'other'), c)],
    ['no line items (not expanded)', ({ line_items: _, ...c }) => c],
    ['a tax that is text', (c) => ((firstLine(c).amount_tax = '1096'), c)],
    ['a tax with a fraction', (c) => ((firstLine(c).amount_tax = 1095.6), c)],
    ['a negative tax', (c) => ((firstLine(c).amount_tax = -1), c)],
    ['a tax above the amount', (c) => ((firstLine(c).amount_tax = 12_346), c)],
    ['a line amount that was not sent', (c) => ((firstLine(c).amount = 12_000), c)],
    [
      'a line without its breakdown',
      ({ line_items, ...c }) => ({
        ...c,
        line_items: {
          ...line_items,
          data: line_items.data.map(({ tax_breakdown: _, ...item }) => item),
        },
      }),
    ],
    [
      'a rate that is not a number',
      (c) => (
        ((
          firstLine(c).tax_breakdown as { tax_rate_details: { percentage_decimal: string } }[]
        )[0]!.tax_rate_details.percentage_decimal = 'eight'),
        c
      ),
    ],
    ['the shipping missing', (c) => ({ ...c, shipping_cost: null })],
    [
      'the shipping tax missing',
      (c) => ({ ...c, shipping_cost: { ...c.shipping_cost, amount_tax: undefined } }),
    ],
    ['another currency', (c) => ({ ...c, currency: 'eur' })],
    ['an empty object', () => ({})],
  ])('an answer with %s → TaxUnavailable', async (_, edit) => {
    fake.editTaxAnswer = (calculation) => edit(calculation as Calculation);
    const onFailure = vi.fn();
    await unavailable(provider({ onFailure }).calculate(input));
    expect(onFailure).toHaveBeenCalledOnce();
  });

  it('the same answer unedited is used (the edits above are what fails)', async () => {
    fake.editTaxAnswer = (calculation) => calculation;
    const answer = await provider().calculate(input);
    // 2000 × 4% = 80; × 4.875% = 97.5 → 98.
    expect(answer.lines).toEqual([
      { key: 'drill', taxCents: 1_096, ratePpm: 88_750 },
      { key: 'bits', taxCents: 178, ratePpm: 88_750 },
    ]);
  });
});

describe('percentToPpm', () => {
  it.each([
    ['8.875', 88_750],
    ['19.0', 190_000],
    ['19', 190_000],
    ['5.5', 55_000],
    ['0.0', 0],
    ['7.12345', 71_235],
    ['7.12344', 71_234],
  ])('%s%% is %i ppm', (percentage, ppm) => {
    expect(percentToPpm(percentage)).toBe(ppm);
  });

  it.each(['', '-1', 'eight', '1e2', '8.', '1000'])('refuses %j', (percentage) => {
    expect(() => percentToPpm(percentage)).toThrow(/not a tax percentage/);
  });
});

describe('vatIncludedCountry', () => {
  it.each(['DE', 'FR', 'AT', 'IE', 'GR', 'SE', 'GB', 'NO', 'CH', 'de'])(
    '%s: prices include VAT',
    (country) => {
      expect(vatIncludedCountry(country)).toBe(true);
    },
  );
  it.each(['US', 'CA', 'AU', 'JP', 'TR', ''])('%j: tax is added', (country) => {
    expect(vatIncludedCountry(country)).toBe(false);
  });
});

describe('taxProviderOf', () => {
  const builtin: TaxProvider = {
    name: 'builtin',
    calculate: () => Promise.reject(new Error('unused')),
  };

  it('is the built-in provider unless TAX_PROVIDER=stripe', () => {
    expect(
      taxProviderOf(
        { taxProvider: 'builtin', stripeTax: undefined, taxTimeoutSeconds: 3 },
        builtin,
      ),
    ).toBe(builtin);
  });

  it('per set of tables: the built-in one as given, or one Stripe Tax for all', () => {
    const builtinFor = (rate: number) => ({ ...builtin, rate });
    const off = { taxProvider: 'builtin', stripeTax: undefined, taxTimeoutSeconds: 3 } as const;
    expect(taxProviderForOf(off, builtinFor)).toBe(builtinFor);
    const stripeFor = taxProviderForOf(
      {
        ...off,
        taxProvider: 'stripe',
        stripeTax: {
          secretKey: SECRET,
          api: { protocol: 'http', host: '127.0.0.1', port: fake.port },
        },
      },
      builtinFor,
    );
    expect(stripeFor(1).name).toBe('stripe');
    expect(stripeFor(2)).toBe(stripeFor(1));
  });

  it('is Stripe Tax at STRIPE_API_URL with TAX_TIMEOUT_SECONDS, and logs its failures', async () => {
    const log = { warn: vi.fn() };
    const stripe = taxProviderOf(
      {
        taxProvider: 'stripe',
        stripeTax: {
          secretKey: SECRET,
          api: { protocol: 'http', host: '127.0.0.1', port: fake.port },
        },
        taxTimeoutSeconds: 0.5,
      },
      builtin,
      log,
    );
    expect(stripe.name).toBe('stripe');
    const input = { address: AUSTIN, lines: [line('a', 1_000)], shippingCents: 0 };
    expect((await stripe.calculate(input)).lines).toEqual([
      { key: 'a', taxCents: 63, ratePpm: 62_500 },
    ]);

    fake.mode = 'hang';
    const started = Date.now();
    await unavailable(stripe.calculate(input));
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(log.warn).toHaveBeenCalledWith({ err: expect.any(Error) }, 'Stripe Tax call failed');
  });
});
