// Stripe Tax's calculations in the local fake of Stripe's API (fake-stripe-server.ts): a
// deterministic answer from a fixed table of rates, shaped as Stripe answers (line items as a list,
// breakdowns only when expanded, a first page of 10 lines), and refusing with a 400 what Stripe
// refuses. Tests compute their expectations by hand from FAKE_TAX_PLACES.

interface FakeTaxPart {
  /** The jurisdiction's name, e.g. "New York City". */
  name: string;
  level: 'country' | 'state' | 'city';
  /** Rates in parts per million (4.875% = 48750). */
  standardPpm: number;
  reducedPpm: number;
}

interface FakeTaxPlace {
  parts: FakeTaxPart[];
  /** Shipping is taxed (at the standard rate) here. */
  taxShipping: boolean;
}

/** Where the fake collects tax ("US-NY": a state; "DE": a country), and at which rates. */
export const FAKE_TAX_PLACES: Record<string, FakeTaxPlace> = {
  'US-NY': {
    parts: [
      { name: 'New York', level: 'state', standardPpm: 40_000, reducedPpm: 40_000 },
      { name: 'New York City', level: 'city', standardPpm: 48_750, reducedPpm: 48_750 },
    ],
    taxShipping: true,
  },
  'US-TX': {
    parts: [{ name: 'Texas', level: 'state', standardPpm: 62_500, reducedPpm: 62_500 }],
    taxShipping: true,
  },
  // California does not tax shipping stated separately.
  'US-CA': {
    parts: [{ name: 'California', level: 'state', standardPpm: 72_500, reducedPpm: 72_500 }],
    taxShipping: false,
  },
  DE: {
    parts: [{ name: 'Germany', level: 'country', standardPpm: 190_000, reducedPpm: 70_000 }],
    taxShipping: true,
  },
  FR: {
    parts: [{ name: 'France', level: 'country', standardPpm: 200_000, reducedPpm: 55_000 }],
    taxShipping: true,
  },
  GB: {
    parts: [{ name: 'United Kingdom', level: 'country', standardPpm: 200_000, reducedPpm: 50_000 }],
    taxShipping: true,
  },
};

type Treatment = 'standard' | 'reduced' | 'exempt' | 'shipping';
const TREATMENT_OF_CODE: Record<string, Treatment> = {
  txcd_99999999: 'standard',
  txcd_35010000: 'reduced',
  txcd_00000000: 'exempt',
  txcd_92010001: 'shipping',
};

/** As Stripe lists an expanded list: its first page. */
const FIRST_PAGE = 10;

export interface FakeTaxAnswer {
  status: number;
  body: unknown;
}

interface FakeLineItem {
  id: string;
  object: 'tax.calculation_line_item';
  amount: number;
  amount_tax: number;
  quantity: number;
  reference: string;
  tax_behavior: 'exclusive';
  tax_code: string;
  tax_breakdown: Breakdown[];
}

interface Breakdown {
  amount: number;
  taxable_amount: number;
  taxability_reason: string;
  sourcing: 'destination';
  jurisdiction: { country: string; state: string | null; level: string; display_name: string };
  tax_rate_details: { display_name: string; percentage_decimal: string; tax_type: string } | null;
}

const refused = (message: string, param?: string, code?: string): FakeTaxAnswer => ({
  status: 400,
  body: {
    error: {
      type: 'invalid_request_error',
      message,
      ...(param && { param }),
      ...(code && { code }),
    },
  },
});

const percentOf = (ppm: number) => {
  const text = String(ppm / 10_000);
  return text.includes('.') ? text : `${text}.0`;
};

/** Round half up of amount × rate, in whole cents. */
const taxOf = (amount: number, ppm: number) => Math.floor((amount * ppm + 500_000) / 1_000_000);

const expandsOf = (params: URLSearchParams) =>
  [...params].filter(([name]) => /^expand\[\d*\]$/.test(name)).map(([, value]) => value);

const isCents = (text: string | null) => text !== null && /^\d{1,12}$/.test(text);

export function createFakeStripeTax() {
  const calculations = new Map<string, FakeLineItem[]>();
  let made = 0;

  function breakdownOf(
    country: string,
    state: string | null,
    amount: number,
    treatment: Treatment,
  ): Breakdown[] {
    const place = FAKE_TAX_PLACES[`${country}-${state ?? ''}`] ?? FAKE_TAX_PLACES[country];
    const jurisdiction = (part?: FakeTaxPart) => ({
      country,
      state: part?.level === 'country' ? null : state,
      level: part?.level ?? 'country',
      display_name: part?.name ?? country,
    });
    const untaxed = (reason: string, details: boolean): Breakdown => ({
      amount: 0,
      taxable_amount: 0,
      taxability_reason: reason,
      sourcing: 'destination',
      jurisdiction: jurisdiction(place?.parts[0]),
      tax_rate_details: details
        ? { display_name: 'Sales tax', percentage_decimal: '0.0', tax_type: 'sales_tax' }
        : null,
    });
    if (!place) return [untaxed('not_collecting', true)];
    if (treatment === 'exempt') return [untaxed('product_exempt', false)];
    if (treatment === 'shipping' && !place.taxShipping)
      return [untaxed('not_subject_to_tax', true)];
    return place.parts.map((part) => {
      const ppm = treatment === 'reduced' ? part.reducedPpm : part.standardPpm;
      return {
        amount: taxOf(amount, ppm),
        taxable_amount: amount,
        taxability_reason: treatment === 'reduced' ? 'reduced_rated' : 'standard_rated',
        sourcing: 'destination',
        jurisdiction: jurisdiction(part),
        tax_rate_details: {
          display_name: country === 'US' ? 'Sales tax' : 'VAT',
          percentage_decimal: percentOf(ppm),
          tax_type: country === 'US' ? 'sales_tax' : 'vat',
        },
      };
    });
  }

  const sumOf = (breakdown: Breakdown[]) => breakdown.reduce((sum, part) => sum + part.amount, 0);

  /** A page of line items; their breakdowns only when asked for (`expand`). */
  function pageOf(id: string, items: FakeLineItem[], more: boolean, breakdowns: boolean) {
    return {
      object: 'list',
      url: `/v1/tax/calculations/${id}/line_items`,
      has_more: more,
      data: items.map(({ tax_breakdown, ...item }) =>
        breakdowns ? { ...item, tax_breakdown } : item,
      ),
    };
  }

  /** POST /v1/tax/calculations */
  function calculate(params: URLSearchParams): FakeTaxAnswer {
    if (params.get('currency') !== 'usd') return refused('Only usd here', 'currency');
    const address = (field: string) => params.get(`customer_details[address][${field}]`);
    const country = address('country');
    if (!country) return refused('A country is required', 'customer_details[address][country]');
    if (params.get('customer_details[address_source]') !== 'shipping')
      return refused('Unexpected address source', 'customer_details[address_source]');
    const state = address('state');
    if (country === 'US' && !/^\d{5}(-\d{4})?$/.test(address('postal_code') ?? ''))
      return refused(
        'We could not determine the customer tax location',
        'customer_details[address]',
        'customer_tax_location_invalid',
      );
    const lines: FakeLineItem[] = [];
    const references = new Set<string>();
    for (let n = 0; params.has(`line_items[${n}][amount]`); n += 1) {
      const field = (name: string) => params.get(`line_items[${n}][${name}]`);
      const amount = field('amount');
      const reference = field('reference') ?? '';
      const code = field('tax_code') ?? '';
      const treatment = TREATMENT_OF_CODE[code];
      const quantity = field('quantity') ?? '1';
      if (!isCents(amount)) return refused('Invalid amount', `line_items[${n}][amount]`);
      if (!treatment) return refused(`Unknown tax code ${code}`, `line_items[${n}][tax_code]`);
      if (field('tax_behavior') !== 'exclusive')
        return refused('Only exclusive here', `line_items[${n}][tax_behavior]`);
      if (!/^[1-9]\d*$/.test(quantity))
        return refused('Invalid quantity', `line_items[${n}][quantity]`);
      if (reference === '' || references.has(reference))
        return refused('References must be unique', `line_items[${n}][reference]`);
      references.add(reference);
      const tax_breakdown = breakdownOf(country, state, Number(amount), treatment);
      lines.push({
        id: `tax_li_local${made}x${n}`,
        object: 'tax.calculation_line_item',
        amount: Number(amount),
        amount_tax: sumOf(tax_breakdown),
        quantity: Number(quantity),
        reference,
        tax_behavior: 'exclusive',
        tax_code: code,
        tax_breakdown,
      });
    }
    if (lines.length === 0) return refused('At least one line item is required', 'line_items');
    let shipping: Record<string, unknown> | null = null;
    if (params.has('shipping_cost[amount]')) {
      const amount = params.get('shipping_cost[amount]');
      if (!isCents(amount)) return refused('Invalid amount', 'shipping_cost[amount]');
      const code = params.get('shipping_cost[tax_code]') ?? 'txcd_92010001';
      if (TREATMENT_OF_CODE[code] !== 'shipping')
        return refused(`Unknown shipping tax code ${code}`, 'shipping_cost[tax_code]');
      const breakdown = breakdownOf(country, state, Number(amount), 'shipping');
      shipping = {
        amount: Number(amount),
        amount_tax: sumOf(breakdown),
        tax_behavior: 'exclusive',
        tax_code: code,
        ...(expandsOf(params).includes('shipping_cost.tax_breakdown') && {
          tax_breakdown: breakdown,
        }),
      };
    }
    made += 1;
    const id = `taxcalc_local${made}`;
    calculations.set(id, lines);
    const expand = expandsOf(params);
    const amountTax =
      sumOf(lines.flatMap((line) => line.tax_breakdown)) + Number(shipping?.amount_tax ?? 0);
    const netTotal =
      lines.reduce((sum, line) => sum + line.amount, 0) + Number(shipping?.amount ?? 0);
    return {
      status: 200,
      body: {
        id,
        object: 'tax.calculation',
        amount_total: netTotal + amountTax,
        currency: 'usd',
        customer: null,
        expires_at: null,
        livemode: false,
        tax_amount_exclusive: amountTax,
        tax_amount_inclusive: 0,
        shipping_cost: shipping,
        tax_breakdown: [],
        ...(expand.includes('line_items') && {
          line_items: pageOf(
            id,
            lines.slice(0, FIRST_PAGE),
            lines.length > FIRST_PAGE,
            expand.includes('line_items.data.tax_breakdown'),
          ),
        }),
      },
    };
  }

  /** GET /v1/tax/calculations/:id/line_items */
  function listLineItems(id: string, query: URLSearchParams): FakeTaxAnswer {
    const lines = calculations.get(id);
    if (!lines)
      return {
        status: 404,
        body: {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such' },
        },
      };
    const limit = Math.min(Number(query.get('limit') ?? 10), 100);
    const after = query.get('starting_after');
    const start = after ? lines.findIndex((line) => line.id === after) + 1 : 0;
    const page = lines.slice(start, start + limit);
    return {
      status: 200,
      body: pageOf(
        id,
        page,
        start + limit < lines.length,
        expandsOf(query).includes('data.tax_breakdown'),
      ),
    };
  }

  return {
    calculate,
    listLineItems,
    reset() {
      calculations.clear();
    },
  };
}
