import type Stripe from 'stripe';
import { z } from 'zod';
import type { TaxClass } from '../../../shared/postal-address.ts';
import { createStripeClient, type StripeClientOptions } from '../payments/index.ts';
import {
  TaxUnavailable,
  type TaxAnswer,
  type TaxInput,
  type TaxProvider,
} from '../pricing/index.ts';
import type { StripeTaxSettings } from './tax-providers.config.ts';
import { vatIncludedCountry } from './vat-included.ts';

// Stripe Tax as the tax provider (TAX_PROVIDER=stripe; issue 35, docs/decisions/053): one
// POST /v1/tax/calculations per quote. Catalogue prices are net, so every amount is sent
// tax-exclusive; the tax of each line is Stripe's `amount_tax` (rounded per line by Stripe), its
// rate the sum of its breakdown's percentages. Whatever goes wrong, the answer is TaxUnavailable,
// never a zero.

/** The default deadline of one calculation, its retry included (TAX_TIMEOUT_SECONDS). */
export const STRIPE_TAX_DEADLINE_MS = 3_000;

/** Stripe's product tax codes for the variants' tax classes. */
export const STRIPE_TAX_CODES: Record<TaxClass, string> = {
  /** General - Tangible Goods: the standard rate. */
  standard: 'txcd_99999999',
  /** Books (printed): the goods most countries tax at a reduced rate (manuals, handbooks). */
  reduced: 'txcd_35010000',
  /** Nontaxable. */
  exempt: 'txcd_00000000',
};
/** Stripe's tax code for shipping charges. */
export const STRIPE_SHIPPING_TAX_CODE = 'txcd_92010001';

/** The reference of the shipping when it is sent as the only line (no line has an amount). */
const SHIPPING_REFERENCE = 'shipping';
/** One page of line items: as many as Stripe lists at once. */
const PAGE = 100;

export interface StripeTaxOptions {
  /** The whole call's deadline (the retry and reading the answer included). */
  deadlineMs?: number;
  /** The client's retries on a network failure or a 5xx, within the deadline (default 1). */
  maxNetworkRetries?: number;
  /** Told of every failure with its cause (e.g. to log it) before TaxUnavailable is thrown. */
  onFailure?: (error: unknown) => void;
  /** The fetch the client uses (tests). */
  fetchFn?: StripeClientOptions['fetchFn'];
}

const BreakdownSchema = z.array(
  z.object({
    amount: z.number().int().min(0),
    /** Null where no tax is imposed (an exempt product). */
    tax_rate_details: z.object({ percentage_decimal: z.string() }).nullable(),
  }),
);
const LineItemSchema = z.object({
  id: z.string(),
  reference: z.string(),
  amount: z.number().int().min(0),
  amount_tax: z.number().int().min(0),
  tax_breakdown: BreakdownSchema,
});
type LineItem = z.infer<typeof LineItemSchema>;
const LineItemsSchema = z.object({ data: z.array(LineItemSchema), has_more: z.boolean() });
const CalculationSchema = z.object({
  id: z.string().nullable(),
  currency: z.literal('usd'),
  line_items: LineItemsSchema,
  shipping_cost: z
    .object({
      amount: z.number().int().min(0),
      amount_tax: z.number().int().min(0),
      tax_breakdown: BreakdownSchema,
    })
    .nullable()
    .optional(),
});

/** Stripe answered, but not with what was asked (a missing line, an amount it was not sent). */
export class UnusableTaxAnswer extends Error {
  override readonly name = 'UnusableTaxAnswer';
}

/** "8.875" (percent) as parts per million: 88750, exactly (rounded half up past the 4th decimal). */
export function percentToPpm(percentage: string): number {
  const match = /^(\d{1,3})(?:\.(\d+))?$/.exec(percentage.trim());
  if (!match) throw new UnusableTaxAnswer(`not a tax percentage: ${JSON.stringify(percentage)}`);
  const decimals = (match[2] ?? '').padEnd(5, '0');
  const ppm = Number(match[1]) * 10_000 + Number(decimals.slice(0, 4));
  return Number(decimals[4]) >= 5 ? ppm + 1 : ppm;
}

/** The rate of a breakdown: the sum of its jurisdictions' rates (a US state, county and city). */
const ratePpmOf = (breakdown: z.infer<typeof BreakdownSchema>) =>
  breakdown.reduce(
    (sum, part) =>
      sum + (part.tax_rate_details ? percentToPpm(part.tax_rate_details.percentage_decimal) : 0),
    0,
  );

function taxedLine(item: LineItem, sentCents: number) {
  if (item.amount !== sentCents)
    throw new UnusableTaxAnswer(
      `line ${item.reference}: sent ${sentCents}, answered ${item.amount}`,
    );
  // No sales tax or VAT is more than the amount it is on: such an answer is not Stripe's.
  if (item.amount_tax > item.amount)
    throw new UnusableTaxAnswer(`line ${item.reference}: tax ${item.amount_tax} on ${item.amount}`);
  return { taxCents: item.amount_tax, ratePpm: ratePpmOf(item.tax_breakdown) };
}

async function withinDeadline<T>(deadlineMs: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Stripe Tax did not answer within ${deadlineMs} ms`)),
      deadlineMs,
    );
  });
  try {
    return await Promise.race([work(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** The calculation's request: what Stripe is sent (docs/decisions/053). */
function calculationParams(input: TaxInput): {
  params: Stripe.Tax.CalculationCreateParams;
  shippingAsLine: boolean;
} {
  const { address } = input;
  const sent = input.lines.filter((line) => line.netCents > 0);
  // Stripe needs a line: with none left (every line free), the shipping is sent as the line.
  const shippingAsLine = sent.length === 0;
  const lineItems: Stripe.Tax.CalculationCreateParams.LineItem[] = shippingAsLine
    ? [
        {
          amount: input.shippingCents,
          reference: SHIPPING_REFERENCE,
          tax_code: STRIPE_SHIPPING_TAX_CODE,
          tax_behavior: 'exclusive',
        },
      ]
    : sent.map((line) => ({
        amount: line.netCents,
        reference: line.key,
        quantity: line.quantity,
        tax_code: STRIPE_TAX_CODES[line.taxClass],
        tax_behavior: 'exclusive',
      }));
  const given = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const params: Stripe.Tax.CalculationCreateParams = {
    currency: 'usd',
    line_items: lineItems,
    customer_details: {
      address: {
        country: address.country,
        line1: given(address.line1),
        line2: given(address.line2),
        city: given(address.city),
        state: given(address.region),
        postal_code: given(address.postalCode),
      },
      address_source: 'shipping',
    },
    ...(!shippingAsLine &&
      input.shippingCents > 0 && {
        shipping_cost: {
          amount: input.shippingCents,
          tax_code: STRIPE_SHIPPING_TAX_CODE,
          tax_behavior: 'exclusive',
        },
      }),
    expand: ['line_items', 'line_items.data.tax_breakdown', 'shipping_cost.tax_breakdown'],
  };
  return { params, shippingAsLine };
}

/** Every line item of the calculation: the expanded first page, then the rest page by page. */
async function lineItemsOf(stripe: Stripe, calculation: z.infer<typeof CalculationSchema>) {
  const items = [...calculation.line_items.data];
  let more = calculation.line_items.has_more;
  while (more) {
    if (!calculation.id) throw new UnusableTaxAnswer('more line items, but no calculation id');
    const last = items.at(-1);
    const page = LineItemsSchema.parse(
      await stripe.tax.calculations.listLineItems(calculation.id, {
        limit: PAGE,
        expand: ['data.tax_breakdown'],
        ...(last && { starting_after: last.id }),
      }),
    );
    if (page.data.length === 0 && page.has_more)
      throw new UnusableTaxAnswer('an empty page of line items with more to come');
    items.push(...page.data);
    more = page.has_more;
  }
  return items;
}

async function calculate(stripe: Stripe, input: TaxInput): Promise<TaxAnswer> {
  const cents = [...input.lines.map((line) => line.netCents), input.shippingCents];
  // Not left out as "free": a negative or fractional amount is a fault upstream, not a zero tax.
  if (!cents.every((amount) => Number.isSafeInteger(amount) && amount >= 0))
    throw new Error(`amounts to tax must be whole cents, not negative: ${cents.join(', ')}`);
  const pricesIncludeTax = vatIncludedCountry(input.address.country);
  if (input.lines.every((line) => line.netCents === 0) && input.shippingCents === 0)
    // Nothing to tax: no call (Stripe needs an amount), and a zero that is the right answer.
    return {
      lines: input.lines.map((line) => ({ key: line.key, taxCents: 0, ratePpm: 0 })),
      shippingTaxCents: 0,
      shippingRatePpm: 0,
      pricesIncludeTax,
    };
  const { params, shippingAsLine } = calculationParams(input);
  const calculation = CalculationSchema.parse(await stripe.tax.calculations.create(params));
  const byReference = new Map<string, LineItem>();
  for (const item of await lineItemsOf(stripe, calculation)) {
    if (byReference.has(item.reference))
      throw new UnusableTaxAnswer(`line ${item.reference} answered twice`);
    byReference.set(item.reference, item);
  }
  if (byReference.size !== params.line_items.length)
    throw new UnusableTaxAnswer(
      `sent ${params.line_items.length} lines, answered ${byReference.size}`,
    );
  const answered = (reference: string) => {
    const item = byReference.get(reference);
    if (!item) throw new UnusableTaxAnswer(`line ${reference} is missing from the answer`);
    return item;
  };

  let shipping = { taxCents: 0, ratePpm: 0 };
  if (shippingAsLine) {
    shipping = taxedLine(answered(SHIPPING_REFERENCE), input.shippingCents);
  } else if (params.shipping_cost) {
    const cost = calculation.shipping_cost;
    if (!cost) throw new UnusableTaxAnswer('the shipping cost is missing from the answer');
    shipping = taxedLine(
      { id: 'shipping_cost', reference: SHIPPING_REFERENCE, ...cost },
      input.shippingCents,
    );
  }
  return {
    lines: input.lines.map((line) =>
      line.netCents === 0
        ? { key: line.key, taxCents: 0, ratePpm: 0 }
        : { key: line.key, ...taxedLine(answered(line.key), line.netCents) },
    ),
    shippingTaxCents: shipping.taxCents,
    shippingRatePpm: shipping.ratePpm,
    pricesIncludeTax,
  };
}

/**
 * Stripe Tax as the TaxProvider: one calculation per call, bounded by a deadline; any failure
 * (unreachable, too slow, a 4xx or 5xx, an answer that is malformed or misses a line) throws
 * TaxUnavailable (the checkout answers 503 and places nothing).
 */
export function stripeTaxProvider(
  settings: StripeTaxSettings,
  options: StripeTaxOptions = {},
): TaxProvider {
  const deadlineMs = options.deadlineMs ?? STRIPE_TAX_DEADLINE_MS;
  const stripe = createStripeClient(settings, {
    ...settings.api,
    // One attempt may use the whole deadline; the SDK then frees its connection too.
    timeoutMs: deadlineMs,
    maxNetworkRetries: options.maxNetworkRetries ?? 1,
    ...(options.fetchFn && { fetchFn: options.fetchFn }),
  });
  return {
    name: 'stripe',
    async calculate(input) {
      try {
        return await withinDeadline(deadlineMs, () => calculate(stripe, input));
      } catch (error) {
        options.onFailure?.(error);
        throw error instanceof TaxUnavailable ? error : new TaxUnavailable(error);
      }
    },
  };
}
