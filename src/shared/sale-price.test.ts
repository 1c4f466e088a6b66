import { describe, expect, it } from 'vitest';
import {
  nextSaleBoundary,
  saleBoundaries,
  saleEpochAt,
  salePriceOf,
  type SalePromotion,
  type SaleVariant,
} from './sale-price.ts';

const NOW = Date.parse('2026-11-29T12:00:00Z');
const HOUR = 3_600_000;

const SAW: SaleVariant = {
  productId: 'p-saw',
  categoryId: 'c-saws',
  platform: '18V',
  sku: 'SAW-18',
  unitPriceCents: 12_999,
};

let made = 0;
function promotion(overrides: Partial<SalePromotion> = {}): SalePromotion {
  made += 1;
  return {
    id: `00000000-0000-4000-8000-${String(made).padStart(12, '0')}`,
    name: `Promotion ${made}`,
    kind: 'percent_off',
    percentPpm: 150_000,
    amountCents: null,
    targetKind: 'all',
    targetIds: [],
    minSubtotalCents: null,
    minQuantity: null,
    firstOrderOnly: false,
    perCustomerLimit: null,
    usageLimit: null,
    uses: 0,
    startsAt: null,
    endsAt: null,
    exclusive: false,
    priority: 0,
    codeMode: 'automatic',
    status: 'active',
    createdAt: new Date(NOW - 10 * HOUR + made),
    ...overrides,
  };
}

const priceOf = (promotions: SalePromotion[], variant = SAW, now = NOW) =>
  salePriceOf(variant, promotions, now);

describe('salePriceOf', () => {
  it('takes 15% off, rounding half up: 129.99 × 0.15 = 19.4985 → 19.50, so 110.49', () => {
    expect(priceOf([promotion({ name: '15% off saws' })])).toEqual({
      salePriceCents: 11_049,
      promotionName: '15% off saws',
    });
  });

  it('rounds an exact half cent up: 10% of $0.05 is 0.5 cent → 1 cent', () => {
    expect(priceOf([promotion({ percentPpm: 100_000 })], { ...SAW, unitPriceCents: 5 })).toEqual(
      expect.objectContaining({ salePriceCents: 4 }),
    );
    // 10% of $0.04 is 0.4 cent → 0: nothing off, no sale price.
    expect(priceOf([promotion({ percentPpm: 100_000 })], { ...SAW, unitPriceCents: 4 })).toBeNull();
  });

  it('takes an amount off, at most the price', () => {
    expect(
      priceOf([promotion({ kind: 'amount_off', percentPpm: null, amountCents: 2_000 })]),
    ).toEqual(expect.objectContaining({ salePriceCents: 10_999 }));
    expect(
      priceOf([promotion({ kind: 'amount_off', percentPpm: null, amountCents: 20_000 })]),
    ).toEqual(expect.objectContaining({ salePriceCents: 0 }));
  });

  it('matches each kind of target', () => {
    const on = (targetKind: string, targetIds: string[]) =>
      priceOf([promotion({ targetKind, targetIds })])?.salePriceCents ?? null;
    expect(on('categories', ['c-saws'])).toBe(11_049);
    expect(on('categories', ['c-drills'])).toBeNull();
    expect(on('products', ['p-saw'])).toBe(11_049);
    expect(on('products', ['p-drill'])).toBeNull();
    expect(on('variants', ['saw-18'])).toBe(11_049); // SKUs in any case
    expect(on('variants', ['SAW-36'])).toBeNull();
    expect(on('platforms', ['18v'])).toBe(11_049); // platforms in any case
    expect(on('platforms', ['36V'])).toBeNull();
    expect(
      priceOf([promotion({ targetKind: 'categories', targetIds: ['c-saws'] })], {
        ...SAW,
        categoryId: null,
      }),
    ).toBeNull();
  });

  it('counts only running, active, automatic percent or amount promotions without conditions', () => {
    const none = [
      promotion({ status: 'paused' }),
      promotion({ status: 'ended' }),
      promotion({ codeMode: 'code' }),
      promotion({ kind: 'free_shipping', percentPpm: null }),
      promotion({
        kind: 'spend_threshold',
        percentPpm: null,
        amountCents: 500,
        minSubtotalCents: 1,
      }),
      promotion({ kind: 'buy_x_get_y', percentPpm: 1_000_000 }),
      promotion({ minSubtotalCents: 100 }),
      promotion({ minQuantity: 1 }),
      promotion({ firstOrderOnly: true }),
      promotion({ perCustomerLimit: 1 }),
      promotion({ usageLimit: 5, uses: 5 }),
      promotion({ startsAt: new Date(NOW + 1) }),
      promotion({ endsAt: new Date(NOW) }),
    ];
    for (const one of none) expect(priceOf([one]), JSON.stringify(one)).toBeNull();
    // A usage limit with uses left, and dates around now, are fine.
    expect(
      priceOf([
        promotion({ usageLimit: 5, uses: 4, startsAt: new Date(NOW), endsAt: new Date(NOW + 1) }),
      ]),
    ).toEqual(expect.objectContaining({ salePriceCents: 11_049 }));
  });

  it('stacks combinable ones in priority order, each on what is left', () => {
    // $20 off first (priority 5): 129.99 → 109.99; then 10%: 10.999 → 11.00 → 98.99.
    const tenPercent = promotion({ name: 'Ten', percentPpm: 100_000, priority: 1 });
    const twenty = promotion({
      name: 'Twenty',
      kind: 'amount_off',
      percentPpm: null,
      amountCents: 2_000,
      priority: 5,
    });
    expect(priceOf([tenPercent, twenty])).toEqual({
      salePriceCents: 9_899,
      promotionName: 'Twenty + Ten',
    });
    // The other way round: 10% of 129.99 = 13.00 → 116.99, then $20 → 96.99.
    expect(priceOf([{ ...tenPercent, priority: 9 }, twenty])).toEqual({
      salePriceCents: 9_699,
      promotionName: 'Ten + Twenty',
    });
  });

  it('orders equal priorities by age, and applies an exclusive one only alone', () => {
    const older = promotion({
      name: 'Older',
      percentPpm: 100_000,
      createdAt: new Date(NOW - 2 * HOUR),
    });
    const exclusive = promotion({
      name: 'Exclusive',
      percentPpm: 500_000,
      exclusive: true,
      createdAt: new Date(NOW - HOUR),
    });
    // The older applies first; the exclusive one cannot join it: 129.99 − 13.00 = 116.99.
    expect(priceOf([exclusive, older])).toEqual({ salePriceCents: 11_699, promotionName: 'Older' });
    // Exclusive first (higher priority): half off, 64.995 → 65.00 off → 64.99, and nothing else.
    expect(priceOf([{ ...exclusive, priority: 1 }, older])).toEqual({
      salePriceCents: 6_499,
      promotionName: 'Exclusive',
    });
  });
});

describe('sale boundaries', () => {
  it('lists the starts and ends of the promotions that may give a sale price', () => {
    const boundaries = saleBoundaries([
      promotion({ startsAt: new Date(NOW - HOUR), endsAt: new Date(NOW + HOUR) }),
      promotion({ endsAt: new Date(NOW + 2 * HOUR) }),
      promotion({ codeMode: 'code', endsAt: new Date(NOW + 30_000) }),
    ]);
    expect(boundaries).toEqual([NOW - HOUR, NOW + HOUR, NOW + 2 * HOUR]);
    expect(saleEpochAt(boundaries, NOW)).toBe(NOW - HOUR);
    expect(saleEpochAt(boundaries, NOW + HOUR)).toBe(NOW + HOUR);
    expect(saleEpochAt(boundaries, NOW - 2 * HOUR)).toBe(0);
    expect(nextSaleBoundary(boundaries, NOW)).toBe(NOW + HOUR);
    expect(nextSaleBoundary(boundaries, NOW + 2 * HOUR)).toBe(Infinity);
  });
});
