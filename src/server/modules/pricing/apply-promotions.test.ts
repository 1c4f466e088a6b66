import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  CODE_CUSTOMER_USED_MESSAGE,
  CODE_EXPIRED_MESSAGE,
  CODE_FIRST_ORDER_MESSAGE,
  CODE_NOT_COMBINABLE_MESSAGE,
  CODE_NOT_FOR_ITEMS_MESSAGE,
  CODE_NOT_YET_VALID_MESSAGE,
  CODE_UNKNOWN_MESSAGE,
  CODE_USED_UP_MESSAGE,
  codeMinimumQuantityMessage,
  codeMinimumSubtotalMessage,
  type PromotionKind,
  type TargetKind,
} from '../../../shared/promotions.ts';
import { AppError } from '../../errors.ts';
import { applyPromotions } from './apply-promotions.ts';
import type {
  PromotionLine,
  PromotionOutcome,
  PromotionRule,
  PromotionState,
  TypedCode,
} from './promotion-rules.ts';

// The promotion rules (docs/decisions/055, rules 1–6) without a database: every kind, target,
// condition and stacking rule against numbers worked out by hand, the typed codes' refusals, and
// 10,000 random baskets against an independent calculation written here from the ADR's text
// (exact integers with BigInt, its own largest-remainder allocation and its own buy X get Y walk;
// nothing is shared with the code under test).

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const NOW = Date.UTC(2026, 10, 29, 12, 0, 0);
const HOUR = 3_600_000;

const rule = (n: number, over: Partial<PromotionRule> = {}): PromotionRule => ({
  id: id(n),
  name: `Promotion ${n}`,
  kind: 'percent_off',
  percentPpm: null,
  amountCents: null,
  targetKind: 'all',
  targetIds: [],
  buyKind: null,
  buyIds: [],
  buyQuantity: null,
  getQuantity: null,
  minSubtotalCents: null,
  minQuantity: null,
  firstOrderOnly: false,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
  exclusive: false,
  priority: 0,
  codeMode: 'automatic',
  status: 'active',
  createdAt: NOW - 30 * 24 * HOUR + n,
  ...over,
});

const percentOff = (n: number, percent: number, over: Partial<PromotionRule> = {}) =>
  rule(n, { kind: 'percent_off', percentPpm: percent * 10_000, ...over });
const amountOff = (n: number, cents: number, over: Partial<PromotionRule> = {}) =>
  rule(n, { kind: 'amount_off', amountCents: cents, ...over });

const line = (n: number, unitCents: number, quantity: number, over: Partial<PromotionLine> = {}) =>
  ({
    productId: id(100 + n),
    sku: `SKU-${n}`,
    categoryId: id(300),
    platform: null,
    quantity,
    unitCents,
    agreed: false,
    ...over,
  }) satisfies PromotionLine;

const state = (over: Partial<PromotionState> = {}): PromotionState => ({
  now: NOW,
  codes: [],
  hasOrdered: false,
  customerUses: new Map(),
  promotionUses: new Map(),
  ...over,
});

/** A typed code naming a promotion's code row (`stored`: as the shop stores it). */
const typed = (
  text: string,
  promotion: PromotionRule | null,
  over: Partial<NonNullable<TypedCode['found']>> = {},
): TypedCode => ({
  text,
  found: promotion
    ? {
        codeId: id(900),
        code: text.toUpperCase(),
        promotionId: promotion.id,
        maxUses: null,
        uses: 0,
        ...over,
      }
    : null,
});

/** The applied promotions as [id, per-line discounts, discount], in the order they applied. */
const shown = (outcome: PromotionOutcome) =>
  outcome.applied.map((applied) => [
    applied.promotionId,
    applied.lineDiscounts,
    applied.discountCents,
  ]);

/** What a refused typed code throws: a 400 whose field `codes` says why. */
function refusal(lines: PromotionLine[], rules: PromotionRule[], given: PromotionState) {
  try {
    applyPromotions(lines, rules, given);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const appError = error as AppError;
    return { status: appError.statusCode, codes: appError.fields?.codes };
  }
  return { status: 200, codes: undefined };
}

describe('each kind, worked out by hand', () => {
  it('percent off everything: one rounding of the sum (half up), then largest remainders', () => {
    // (5,997 + 8) × 15% = 900.75 → 901. Shares: 901 × 5,997 / 6,005 = 899.7997 (floor 899, rem
    // 4,802/6,005) and 901 × 8 / 6,005 = 1.2003 (floor 1, rem 1,203/6,005): the cent left goes to
    // the larger remainder, the first line.
    const outcome = applyPromotions(
      [line(1, 1_999, 3), line(2, 8, 1)],
      [percentOff(1, 15)],
      state(),
    );
    expect(shown(outcome)).toEqual([[id(1), [900, 1], 901]]);
    expect(outcome.lineDiscounts).toEqual([900, 1]);
    expect(outcome.freeShipping).toBe(false);
    expect(outcome.applied[0]).toMatchObject({
      name: 'Promotion 1',
      kind: 'percent_off',
      code: null,
      codeId: null,
      shippingDiscountCents: 0,
      limited: false,
    });
  });

  it('rounds half up, not to even: 12.5% of $1.00 is 13 cents, of $0.04 is 1 cent', () => {
    // 100 × 12.5% = 12.5 → 13; 4 × 12.5% = 0.5 → 1; 3 × 12.5% = 0.375 → 0.
    const rate = { percentPpm: 125_000 };
    expect(applyPromotions([line(1, 100, 1)], [rule(1, rate)], state()).lineDiscounts).toEqual([
      13,
    ]);
    expect(applyPromotions([line(1, 2, 2)], [rule(1, rate)], state()).lineDiscounts).toEqual([1]);
    expect(applyPromotions([line(1, 3, 1)], [rule(1, rate)], state()).lineDiscounts).toEqual([0]);
  });

  it('percent off categories: only the category’s lines share it', () => {
    // Category A: 10,000 + 3 × 1,234 = 13,702 → 15% = 2,055.3 → 2,055. Shares: 1,499.78 and
    // 555.21 → floors 1,499 + 555 = 2,054, the cent to the saw (.78 > .21).
    const outcome = applyPromotions(
      [
        line(1, 10_000, 1, { categoryId: id(301) }),
        line(2, 5_000, 2, { categoryId: id(302) }),
        line(3, 1_234, 3, { categoryId: id(301) }),
      ],
      [percentOff(1, 15, { targetKind: 'categories', targetIds: [id(301)] })],
      state(),
    );
    expect(shown(outcome)).toEqual([[id(1), [1_500, 0, 555], 2_055]]);
  });

  it('amount off products: all of it on the product, and never more than its lines', () => {
    const lines = [line(1, 10_000, 1), line(2, 5_000, 2), line(3, 1_234, 3)];
    const drill = { targetKind: 'products' as TargetKind, targetIds: [id(102)] };
    expect(shown(applyPromotions(lines, [amountOff(1, 5_000, drill)], state()))).toEqual([
      [id(1), [0, 5_000, 0], 5_000],
    ]);
    // $200 off $37.02 of blades: $37.02.
    const blades = { targetKind: 'products' as TargetKind, targetIds: [id(103)] };
    expect(shown(applyPromotions(lines, [amountOff(1, 20_000, blades)], state()))).toEqual([
      [id(1), [0, 0, 3_702], 3_702],
    ]);
  });

  it('amount off split over equal lines: the cent left goes to the earlier line', () => {
    // $1.00 over three $10 lines: 33.33 each, floors 99, the last cent to the first line.
    const outcome = applyPromotions(
      [line(1, 1_000, 1), line(2, 500, 2), line(3, 1_000, 1)],
      [amountOff(1, 100)],
      state(),
    );
    expect(outcome.lineDiscounts).toEqual([34, 33, 33]);
    // $1.00 off $0.01 + $0.02: the discount is the lines' 3 cents, never more.
    const tiny = applyPromotions([line(1, 1, 1), line(2, 2, 1)], [amountOff(1, 100)], state());
    expect(shown(tiny)).toEqual([[id(1), [1, 2], 3]]);
  });

  it('variants by SKU whatever the case; platforms whatever the case', () => {
    const lines = [
      line(1, 19_999, 1, { sku: 'DR-18V-KIT', platform: '18V' }),
      line(2, 4_999, 1, { sku: 'BT-12V', platform: '12v' }),
      line(3, 2_000, 1, { sku: 'BLADE-1', platform: null }),
    ];
    // 10% of $199.99 = 1,999.9 → 2,000.
    const bySku = percentOff(1, 10, { targetKind: 'variants', targetIds: ['dr-18v-kit'] });
    expect(shown(applyPromotions(lines, [bySku], state()))).toEqual([
      [id(1), [2_000, 0, 0], 2_000],
    ]);
    // 20% of 12V tools only: 999.8 → 1,000.
    const byPlatform = percentOff(2, 20, { targetKind: 'platforms', targetIds: ['12V'] });
    expect(shown(applyPromotions(lines, [byPlatform], state()))).toEqual([
      [id(2), [0, 1_000, 0], 1_000],
    ]);
    const bothPlatforms = amountOff(3, 2_500, {
      targetKind: 'platforms',
      targetIds: ['18v', '12V'],
    });
    // 2,500 over 19,999 and 4,999 (24,998): 2,000.06 (floor 2,000, rem 1,500) and 499.94 (floor
    // 499, rem 23,498) → the cent left goes to the 12V line.
    expect(shown(applyPromotions(lines, [bothPlatforms], state()))).toEqual([
      [id(3), [2_000, 500, 0], 2_500],
    ]);
  });

  it('free shipping: no line discount, the outcome says shipping is free', () => {
    const outcome = applyPromotions(
      [line(1, 10_000, 1)],
      [rule(1, { kind: 'free_shipping' })],
      state(),
    );
    expect(outcome.freeShipping).toBe(true);
    expect(outcome.lineDiscounts).toEqual([0]);
    expect(outcome.applied).toHaveLength(1);
    expect(outcome.applied[0]).toMatchObject({
      promotionId: id(1),
      kind: 'free_shipping',
      discountCents: 0,
      lineDiscounts: [0],
    });
    // Its target must be in the basket.
    const saws = rule(2, { kind: 'free_shipping', targetKind: 'products', targetIds: [id(999)] });
    expect(applyPromotions([line(1, 10_000, 1)], [saws], state()).freeShipping).toBe(false);
  });

  it('spend threshold: $50 off over $500, judged on the lines before any discount', () => {
    const threshold = rule(1, {
      kind: 'spend_threshold',
      amountCents: 5_000,
      minSubtotalCents: 50_000,
    });
    expect(applyPromotions([line(1, 49_999, 1)], [threshold], state()).applied).toEqual([]);
    // 50,000 exactly: applies; $50 over 30,000 and 20,000: 3,000 and 2,000.
    const at = applyPromotions([line(1, 30_000, 1), line(2, 10_000, 2)], [threshold], state());
    expect(shown(at)).toEqual([[id(1), [3_000, 2_000], 5_000]]);
    // After $100 off first (priority 5: 6,000 and 4,000), the threshold still counts the $500 of
    // lines; $50 goes on the remaining 24,000 + 16,000 → 3,000 and 2,000.
    const first = amountOff(2, 10_000, { priority: 5 });
    const both = applyPromotions(
      [line(1, 30_000, 1), line(2, 10_000, 2)],
      [threshold, first],
      state(),
    );
    expect(shown(both)).toEqual([
      [id(2), [6_000, 4_000], 10_000],
      [id(1), [3_000, 2_000], 5_000],
    ]);
  });
});

describe('buy X get Y', () => {
  const kitGetsTool = (over: Partial<PromotionRule> = {}) =>
    rule(1, {
      kind: 'buy_x_get_y',
      percentPpm: 1_000_000,
      buyKind: 'products',
      buyIds: [id(101)],
      buyQuantity: 1,
      getQuantity: 1,
      targetKind: 'products',
      targetIds: [id(102)],
      ...over,
    });

  it('buy the kit, get a bare tool free: one tool per kit', () => {
    const one = applyPromotions([line(1, 19_900, 1), line(2, 9_900, 1)], [kitGetsTool()], state());
    expect(shown(one)).toEqual([[id(1), [0, 9_900], 9_900]]);
    // Two kits, three tools: two tools free, 29,700 × 2/3 = 19,800.
    const two = applyPromotions([line(1, 19_900, 2), line(2, 9_900, 3)], [kitGetsTool()], state());
    expect(shown(two)).toEqual([[id(1), [0, 19_800], 19_800]]);
    // No kit: it does not apply at all (it must apply once).
    expect(applyPromotions([line(2, 9_900, 3)], [kitGetsTool()], state()).applied).toEqual([]);
  });

  it('Y at 50%, rounded half up on the line: one of three $3.33 tools → 166.5 → 167', () => {
    const outcome = applyPromotions(
      [line(1, 10_000, 1), line(2, 333, 3)],
      [kitGetsTool({ percentPpm: 500_000 })],
      state(),
    );
    expect(shown(outcome)).toEqual([[id(1), [0, 167], 167]]);
  });

  it('buy 2 get 1 at 50% on the same items: the cheapest unit is the Y, the dearest pay for it', () => {
    // Units 3,000 3,000 1,000 1,000 500. Round 1: Y = 500 (line 3), X = 3,000 + 3,000. Round 2:
    // Y = 1,000 (line 2), X needs two of what is left: one 1,000 only → stop. 500 × 50% = 250.
    const outcome = applyPromotions(
      [line(1, 3_000, 2), line(2, 1_000, 2), line(3, 500, 1)],
      [
        rule(1, {
          kind: 'buy_x_get_y',
          percentPpm: 500_000,
          buyKind: 'all',
          buyQuantity: 2,
          getQuantity: 1,
        }),
      ],
      state(),
    );
    expect(shown(outcome)).toEqual([[id(1), [0, 0, 250], 250]]);
  });

  it('overlapping X and Y of equal price: the earlier line is the free one', () => {
    const outcome = applyPromotions(
      [line(1, 100, 1, { categoryId: id(301) }), line(2, 100, 1, { categoryId: id(301) })],
      [
        rule(1, {
          kind: 'buy_x_get_y',
          percentPpm: 1_000_000,
          buyKind: 'categories',
          buyIds: [id(301)],
          buyQuantity: 1,
          getQuantity: 1,
        }),
      ],
      state(),
    );
    expect(shown(outcome)).toEqual([[id(1), [100, 0], 100]]);
  });

  it('one line that is X and Y: buy 1 get 1 free on a quantity of 5 gives 2', () => {
    // Units all 700: rounds (Y, X) = (1, 1), (1, 1), then one unit left, no X → 2 of 5 free:
    // 3,500 × 2/5 = 1,400.
    const outcome = applyPromotions(
      [line(1, 700, 5)],
      [
        rule(1, {
          kind: 'buy_x_get_y',
          percentPpm: 1_000_000,
          buyKind: 'all',
          buyQuantity: 1,
          getQuantity: 1,
        }),
      ],
      state(),
    );
    expect(shown(outcome)).toEqual([[id(1), [1_400], 1_400]]);
    // Quantity 1 is not enough (it must apply once).
    const alone = applyPromotions(
      [line(1, 700, 1)],
      [
        rule(1, {
          kind: 'buy_x_get_y',
          percentPpm: 1_000_000,
          buyKind: 'all',
          buyQuantity: 1,
          getQuantity: 1,
        }),
      ],
      state(),
    );
    expect(alone.applied).toEqual([]);
  });

  it('buy 2 drills get a battery free: two rounds need four drills', () => {
    // Drills 10,000 × 3, batteries 5,000 × 2. Round 1: Y battery, X two drills; round 2: Y
    // battery, X one drill left → stop. One battery of two: 10,000 × 1/2 = 5,000.
    const outcome = applyPromotions(
      [line(1, 10_000, 3), line(2, 5_000, 2)],
      [kitGetsTool({ buyQuantity: 2 })],
      state(),
    );
    expect(shown(outcome)).toEqual([[id(1), [0, 5_000], 5_000]]);
  });

  it('get 2 of the cheapest Y across lines, the dearest X first', () => {
    // Y = batteries (platform 18V): 4,000 × 1 (line 2) and 3,000 × 2 (line 3); X = kits: 30,000
    // × 1 (line 1). Buy 1 get 2 free: round 1 Y = the two 3,000 units (line 3), X = the kit;
    // round 2 Y = 4,000 only (one unit) → stop. Line 3: 6,000 × 2/2 = 6,000.
    const outcome = applyPromotions(
      [
        line(1, 30_000, 1, { platform: 'XR' }),
        line(2, 4_000, 1, { platform: '18V' }),
        line(3, 3_000, 2, { platform: '18v' }),
      ],
      [
        rule(1, {
          kind: 'buy_x_get_y',
          percentPpm: 1_000_000,
          buyKind: 'platforms',
          buyIds: ['xr'],
          buyQuantity: 1,
          getQuantity: 2,
          targetKind: 'platforms',
          targetIds: ['18V'],
        }),
      ],
      state(),
    );
    expect(shown(outcome)).toEqual([[id(1), [0, 0, 6_000], 6_000]]);
  });

  it('works on what is left after an earlier promotion', () => {
    // 10% first (priority 1): 2,000 → 200 off, 1,800 left. Buy 1 get 1 free on the same line:
    // 1 of 2 units → round(1,800 × 1/2) = 900. The line takes 1,100.
    const outcome = applyPromotions(
      [line(1, 1_000, 2)],
      [
        percentOff(1, 10, { priority: 1 }),
        rule(2, {
          kind: 'buy_x_get_y',
          percentPpm: 1_000_000,
          buyKind: 'all',
          buyQuantity: 1,
          getQuantity: 1,
        }),
      ],
      state(),
    );
    expect(shown(outcome)).toEqual([
      [id(1), [200], 200],
      [id(2), [900], 900],
    ]);
    expect(outcome.lineDiscounts).toEqual([1_100]);
  });
});

describe('conditions', () => {
  const lines = [
    line(1, 6_000, 1, { categoryId: id(301) }),
    line(2, 3_999, 1, { categoryId: id(301) }),
    line(3, 50_000, 2, { categoryId: id(302) }),
  ];
  const saws = { targetKind: 'categories' as TargetKind, targetIds: [id(301)] };
  const applies = (promotion: PromotionRule, given = state()) =>
    applyPromotions(lines, [promotion], given).applied.map((applied) => applied.promotionId);

  it('a minimum subtotal counts the target’s lines only, before discounts', () => {
    // The saws come to 9,999: a $100 minimum on saws is not met, whatever the rest costs.
    expect(applies(percentOff(1, 10, { ...saws, minSubtotalCents: 10_000 }))).toEqual([]);
    expect(applies(percentOff(1, 10, { ...saws, minSubtotalCents: 9_999 }))).toEqual([id(1)]);
  });

  it('a minimum quantity counts the target’s quantities', () => {
    expect(applies(percentOff(1, 10, { ...saws, minQuantity: 3 }))).toEqual([]);
    expect(applies(percentOff(1, 10, { ...saws, minQuantity: 2 }))).toEqual([id(1)]);
  });

  it('first orders only: not for a buyer who has ordered', () => {
    const first = percentOff(1, 10, { firstOrderOnly: true });
    expect(applies(first, state({ hasOrdered: true }))).toEqual([]);
    expect(applies(first, state({ hasOrdered: false }))).toEqual([id(1)]);
  });

  it('dates: from its start (included) to its end (excluded)', () => {
    expect(applies(percentOff(1, 10, { startsAt: NOW + 1 }))).toEqual([]);
    expect(applies(percentOff(1, 10, { startsAt: NOW }))).toEqual([id(1)]);
    expect(applies(percentOff(1, 10, { endsAt: NOW }))).toEqual([]);
    expect(applies(percentOff(1, 10, { endsAt: NOW + 1 }))).toEqual([id(1)]);
    expect(applies(percentOff(1, 10, { startsAt: NOW - HOUR, endsAt: NOW + HOUR }))).toEqual([
      id(1),
    ]);
  });

  it('only active promotions apply', () => {
    expect(applies(percentOff(1, 10, { status: 'paused' }))).toEqual([]);
    expect(applies(percentOff(1, 10, { status: 'ended' }))).toEqual([]);
  });

  it('a usage limit reached, a per-customer limit reached', () => {
    const limited = percentOff(1, 10, { usageLimit: 5 });
    expect(applies(limited, state({ promotionUses: new Map([[id(1), 5]]) }))).toEqual([]);
    expect(applies(limited, state({ promotionUses: new Map([[id(1), 4]]) }))).toEqual([id(1)]);
    expect(applyPromotions(lines, [limited], state()).applied[0]?.limited).toBe(true);
    const once = percentOff(1, 10, { perCustomerLimit: 1 });
    expect(applies(once, state({ customerUses: new Map([[id(1), 1]]) }))).toEqual([]);
    expect(applies(once, state({ customerUses: new Map([[id(2), 1]]) }))).toEqual([id(1)]);
    const twice = percentOff(1, 10, { perCustomerLimit: 2 });
    expect(applies(twice, state({ customerUses: new Map([[id(1), 1]]) }))).toEqual([id(1)]);
  });

  it('a target with no line in the basket does not apply', () => {
    expect(applies(percentOff(1, 10, { targetKind: 'products', targetIds: [id(999)] }))).toEqual(
      [],
    );
  });

  it('an agreed-price line takes nothing, not even its share of an amount', () => {
    const agreed = [line(1, 10_000, 1), line(2, 10_000, 1, { agreed: true }), line(3, 10_000, 1)];
    expect(applyPromotions(agreed, [percentOff(1, 10)], state()).lineDiscounts).toEqual([
      1_000, 0, 1_000,
    ]);
    expect(applyPromotions(agreed, [amountOff(1, 3_001)], state()).lineDiscounts).toEqual([
      1_501, 0, 1_500,
    ]);
    // A basket of agreed lines only: nothing applies.
    const onlyAgreed = applyPromotions(
      [line(1, 10_000, 1, { agreed: true })],
      [percentOff(1, 10)],
      state(),
    );
    expect(onlyAgreed.applied).toEqual([]);
    expect(onlyAgreed.lineDiscounts).toEqual([0]);
  });
});

describe('order and stacking', () => {
  const basket = [line(1, 10_000, 1)];

  it('the higher priority applies first: $10 then 10% is not 10% then $10', () => {
    const amountFirst = applyPromotions(
      basket,
      [percentOff(1, 10), amountOff(2, 1_000, { priority: 1 })],
      state(),
    );
    expect(shown(amountFirst)).toEqual([
      [id(2), [1_000], 1_000],
      [id(1), [900], 900],
    ]);
    const percentFirst = applyPromotions(
      basket,
      [percentOff(1, 10, { priority: 1 }), amountOff(2, 1_000)],
      state(),
    );
    expect(shown(percentFirst)).toEqual([
      [id(1), [1_000], 1_000],
      [id(2), [1_000], 1_000],
    ]);
  });

  it('at the same priority a typed code comes before an automatic one, then the older', () => {
    // Automatic $5 (older) and typed 10%: the code first → 1,000, then 500 → 1,500 (automatic
    // first would give 500 + 950).
    const automatic = amountOff(1, 500, { createdAt: NOW - 10 * HOUR });
    const code = percentOff(2, 10, { codeMode: 'code', createdAt: NOW - HOUR });
    const outcome = applyPromotions(
      basket,
      [automatic, code],
      state({ codes: [typed('take10', code)] }),
    );
    expect(shown(outcome)).toEqual([
      [id(2), [1_000], 1_000],
      [id(1), [500], 500],
    ]);
    // Two automatic ones: the older first, whatever their order in the list.
    const older = amountOff(3, 500, { createdAt: NOW - 10 * HOUR });
    const newer = percentOff(4, 10, { createdAt: NOW - HOUR });
    expect(shown(applyPromotions(basket, [newer, older], state()))).toEqual([
      [id(3), [500], 500],
      [id(4), [950], 950],
    ]);
    // Same created at: the smaller id first.
    const a = percentOff(6, 10, { createdAt: NOW - HOUR, exclusive: true });
    const b = percentOff(5, 20, { createdAt: NOW - HOUR, exclusive: true });
    expect(shown(applyPromotions(basket, [a, b], state()))).toEqual([[id(5), [2_000], 2_000]]);
  });

  it('the first exclusive one applies alone', () => {
    const outcome = applyPromotions(
      basket,
      [
        percentOff(1, 10, { exclusive: true, priority: 2 }),
        percentOff(2, 50, { exclusive: true, priority: 1 }),
        amountOff(3, 100),
        rule(4, { kind: 'free_shipping' }),
      ],
      state(),
    );
    expect(shown(outcome)).toEqual([[id(1), [1_000], 1_000]]);
    expect(outcome.freeShipping).toBe(false);
  });

  it('after a combinable one, an exclusive one is skipped and the next combinable applies', () => {
    const outcome = applyPromotions(
      basket,
      [
        amountOff(1, 100, { priority: 3 }),
        percentOff(2, 50, { exclusive: true, priority: 2 }),
        rule(3, { kind: 'free_shipping', priority: 1 }),
      ],
      state(),
    );
    expect(shown(outcome)).toEqual([
      [id(1), [100], 100],
      [id(3), [0], 0],
    ]);
    expect(outcome.freeShipping).toBe(true);
  });

  it('an exclusive one whose conditions fail blocks nothing', () => {
    const outcome = applyPromotions(
      basket,
      [
        percentOff(1, 50, { exclusive: true, priority: 2, minSubtotalCents: 20_000 }),
        amountOff(2, 100),
      ],
      state(),
    );
    expect(shown(outcome)).toEqual([[id(2), [100], 100]]);
  });

  it('the same promotion through two codes counts once, under the first code typed', () => {
    const code = percentOff(1, 10, { codeMode: 'code' });
    const outcome = applyPromotions(
      basket,
      [code],
      state({
        codes: [
          typed('first-code', code, { codeId: id(901), code: 'FIRST-CODE' }),
          typed('second-code', code, { codeId: id(902), code: 'SECOND-CODE' }),
        ],
      }),
    );
    expect(shown(outcome)).toEqual([[id(1), [1_000], 1_000]]);
    expect(outcome.applied[0]).toMatchObject({ code: 'FIRST-CODE', codeId: id(901) });
  });

  it('a typed code is named as the shop stores it; a single-use code is limited', () => {
    const code = percentOff(1, 10, { codeMode: 'code' });
    const outcome = applyPromotions(
      basket,
      [code],
      state({
        codes: [typed('expo-ab12', code, { codeId: id(903), code: 'EXPO-AB12', maxUses: 1 })],
      }),
    );
    expect(outcome.applied[0]).toMatchObject({
      promotionId: id(1),
      code: 'EXPO-AB12',
      codeId: id(903),
      limited: true,
    });
    // A code-mode promotion whose code was not typed does not apply.
    expect(applyPromotions(basket, [code], state()).applied).toEqual([]);
  });
});

describe('a typed code that does not apply is refused (400, field codes)', () => {
  const basket = [
    line(1, 6_000, 1, { categoryId: id(301) }),
    line(2, 4_000, 2, { categoryId: id(302) }),
  ];
  const refused = (
    promotion: PromotionRule,
    given: Partial<PromotionState> = {},
    others: PromotionRule[] = [],
  ) =>
    refusal(
      basket,
      [...others, promotion],
      state({ codes: [typed('spring10', promotion)], ...given }),
    );
  const code = (over: Partial<PromotionRule> = {}) =>
    percentOff(1, 10, { codeMode: 'code', ...over });

  it('unknown', () => {
    expect(refusal(basket, [], state({ codes: [typed('nope', null)] }))).toEqual({
      status: 400,
      codes: CODE_UNKNOWN_MESSAGE,
    });
  });

  it('expired, and not yet valid', () => {
    expect(refused(code({ endsAt: NOW - HOUR }))).toEqual({
      status: 400,
      codes: CODE_EXPIRED_MESSAGE,
    });
    expect(refused(code({ endsAt: NOW }))).toEqual({ status: 400, codes: CODE_EXPIRED_MESSAGE });
    expect(refused(code({ startsAt: NOW + HOUR }))).toEqual({
      status: 400,
      codes: CODE_NOT_YET_VALID_MESSAGE,
    });
  });

  it('minimum subtotal and minimum quantity not met', () => {
    expect(refused(code({ minSubtotalCents: 14_001 }))).toEqual({
      status: 400,
      codes: codeMinimumSubtotalMessage(14_001),
    });
    expect(refused(code({ minQuantity: 4 }))).toEqual({
      status: 400,
      codes: codeMinimumQuantityMessage(4),
    });
    // On the target only: the category 301 line is $60.
    expect(
      refused(code({ targetKind: 'categories', targetIds: [id(301)], minSubtotalCents: 6_001 })),
    ).toEqual({ status: 400, codes: codeMinimumSubtotalMessage(6_001) });
    expect(refused(code({ minSubtotalCents: 14_000, minQuantity: 3 }))).toEqual({
      status: 200,
      codes: undefined,
    });
  });

  it('used up: the usage limit, or a single-use code already used', () => {
    expect(refused(code({ usageLimit: 3 }), { promotionUses: new Map([[id(1), 3]]) })).toEqual({
      status: 400,
      codes: CODE_USED_UP_MESSAGE,
    });
    const promotion = code();
    expect(
      refusal(
        basket,
        [promotion],
        state({ codes: [typed('expo-1', promotion, { maxUses: 1, uses: 1 })] }),
      ),
    ).toEqual({ status: 400, codes: CODE_USED_UP_MESSAGE });
  });

  it('already used by this customer', () => {
    expect(refused(code({ perCustomerLimit: 1 }), { customerUses: new Map([[id(1), 1]]) })).toEqual(
      {
        status: 400,
        codes: CODE_CUSTOMER_USED_MESSAGE,
      },
    );
  });

  it('not for these items', () => {
    expect(refused(code({ targetKind: 'products', targetIds: [id(999)] }))).toEqual({
      status: 400,
      codes: CODE_NOT_FOR_ITEMS_MESSAGE,
    });
    const agreedOnly = [line(1, 6_000, 1, { agreed: true })];
    const promotion = code();
    expect(
      refusal(agreedOnly, [promotion], state({ codes: [typed('spring10', promotion)] })),
    ).toEqual({
      status: 400,
      codes: CODE_NOT_FOR_ITEMS_MESSAGE,
    });
  });

  it('first orders only', () => {
    expect(refused(code({ firstOrderOnly: true }), { hasOrdered: true })).toEqual({
      status: 400,
      codes: CODE_FIRST_ORDER_MESSAGE,
    });
  });

  it('not combinable: after an exclusive one, or exclusive itself after another', () => {
    expect(refused(code(), {}, [amountOff(2, 100, { exclusive: true, priority: 1 })])).toEqual({
      status: 400,
      codes: CODE_NOT_COMBINABLE_MESSAGE,
    });
    expect(refused(code({ exclusive: true }), {}, [amountOff(2, 100, { priority: 1 })])).toEqual({
      status: 400,
      codes: CODE_NOT_COMBINABLE_MESSAGE,
    });
    // An exclusive code before an automatic one (typed first at the same priority): the code
    // applies alone and the automatic one is skipped.
    const promotion = code({ exclusive: true });
    const outcome = applyPromotions(
      basket,
      [amountOff(2, 100), promotion],
      state({ codes: [typed('spring10', promotion)] }),
    );
    expect(shown(outcome)).toEqual([[id(1), [600, 800], 1_400]]);
  });
});

// ---------------------------------------------------------------------------------------------
// The independent calculation: the ADR's rules 1–6 written again, with exact integers.

interface Expected {
  applied: {
    id: string;
    kind: PromotionKind;
    code: string | null;
    lineDiscounts: number[];
    discount: number;
  }[];
  lineDiscounts: number[];
  freeShipping: boolean;
}

/** round(a / b) half up, a ≥ 0, b > 0. */
const roundHalfUp = (a: bigint, b: bigint) => Number((2n * a + b) / (2n * b));

/** Largest remainders: floors, then a cent each to the largest remainders (ties: earlier). */
function largestRemainders(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + BigInt(b), 0n);
  if (total === 0 || sum === 0n) return weights.map(() => 0);
  const floors = weights.map((w) => (BigInt(total) * BigInt(w)) / sum);
  const remainders = weights.map((w) => (BigInt(total) * BigInt(w)) % sum);
  let left = BigInt(total) - floors.reduce((a, b) => a + b, 0n);
  const order = weights
    .map((_, index) => index)
    .sort((a, b) => {
      const ra = remainders[a]!;
      const rb = remainders[b]!;
      return ra === rb ? a - b : ra > rb ? -1 : 1;
    });
  for (const index of order) {
    if (left === 0n) break;
    floors[index]! += 1n;
    left -= 1n;
  }
  return floors.map(Number);
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function matchesTarget(l: PromotionLine, kind: TargetKind, ids: readonly string[]) {
  if (l.agreed) return false;
  switch (kind) {
    case 'all':
      return true;
    case 'categories':
      return l.categoryId !== null && ids.includes(l.categoryId);
    case 'products':
      return ids.includes(l.productId);
    case 'variants':
      return ids.some((sku) => same(sku, l.sku));
    case 'platforms':
      return l.platform !== null && ids.some((name) => same(name, l.platform!));
  }
}

/** Buy X get Y: how many units of each line are discounted (rule 5), unit prices only. */
function freeUnits(lines: readonly PromotionLine[], p: PromotionRule): number[] {
  const isY = lines.map((l) => matchesTarget(l, p.targetKind, p.targetIds));
  const isX = lines.map((l) => matchesTarget(l, p.buyKind ?? 'all', p.buyIds));
  const taken = lines.map(() => 0);
  const discounted = lines.map(() => 0);
  const indices = lines.map((_, index) => index);
  const cheapest = indices
    .filter((i) => isY[i])
    .sort((a, b) => lines[a]!.unitCents - lines[b]!.unitCents || a - b);
  const dearest = indices
    .filter((i) => isX[i])
    .sort((a, b) => lines[b]!.unitCents - lines[a]!.unitCents || a - b);
  const g = p.getQuantity ?? 0;
  const b = p.buyQuantity ?? 0;
  for (;;) {
    const y = lines.map(() => 0);
    let need = g;
    for (const i of cheapest) {
      const take = Math.min(need, lines[i]!.quantity - taken[i]!);
      y[i] = take;
      need -= take;
      if (need === 0) break;
    }
    if (need > 0) break;
    const x = lines.map(() => 0);
    need = b;
    for (const i of dearest) {
      const take = Math.min(need, lines[i]!.quantity - taken[i]! - y[i]!);
      x[i] = take;
      need -= take;
      if (need === 0) break;
    }
    if (need > 0) break;
    for (const i of indices) {
      taken[i]! += y[i]! + x[i]!;
      discounted[i]! += y[i]!;
    }
    if (g === 0) break;
  }
  return discounted;
}

/** What the ADR says the outcome is; `refused` when a typed code does not apply. */
function expectedOutcome(
  lines: readonly PromotionLine[],
  rules: readonly PromotionRule[],
  given: PromotionState,
): Expected | 'refused' {
  const typedFor = new Map<string, NonNullable<TypedCode['found']>>();
  for (const code of given.codes) {
    if (!code.found) return 'refused';
    if (!typedFor.has(code.found.promotionId)) typedFor.set(code.found.promotionId, code.found);
  }
  const byId = new Map(rules.map((r) => [r.id, r]));
  for (const promotionId of typedFor.keys()) {
    const r = byId.get(promotionId);
    if (!r || r.status !== 'active') return 'refused';
  }
  const inDates = (r: PromotionRule) =>
    (r.startsAt === null || r.startsAt <= given.now) && (r.endsAt === null || given.now < r.endsAt);
  const candidates = rules
    .filter((r) => r.status === 'active' && (r.codeMode === 'automatic' || typedFor.has(r.id)))
    .filter((r) => {
      if (inDates(r)) return true;
      if (typedFor.has(r.id)) throw new RefusedCode();
      return false;
    })
    .sort(
      (a, b) =>
        b.priority - a.priority ||
        Number(typedFor.has(b.id)) - Number(typedFor.has(a.id)) ||
        a.createdAt - b.createdAt ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
  const remaining = lines.map((l) => l.unitCents * l.quantity);
  const applied: Expected['applied'] = [];
  let exclusiveApplied = false;
  for (const p of candidates) {
    const code = typedFor.get(p.id) ?? null;
    const inTarget = lines.map((l) =>
      p.kind === 'buy_x_get_y'
        ? matchesTarget(l, p.targetKind, p.targetIds) ||
          matchesTarget(l, p.buyKind ?? 'all', p.buyIds)
        : matchesTarget(l, p.targetKind, p.targetIds),
    );
    const counted = lines.filter((_, i) => inTarget[i]);
    const subtotal = counted.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
    const quantity = counted.reduce((sum, l) => sum + l.quantity, 0);
    const units = p.kind === 'buy_x_get_y' ? freeUnits(lines, p) : [];
    const holds =
      counted.length > 0 &&
      (p.minSubtotalCents === null || p.minSubtotalCents <= subtotal) &&
      (p.minQuantity === null || p.minQuantity <= quantity) &&
      (!p.firstOrderOnly || !given.hasOrdered) &&
      (p.perCustomerLimit === null || (given.customerUses.get(p.id) ?? 0) < p.perCustomerLimit) &&
      (p.usageLimit === null || (given.promotionUses.get(p.id) ?? 0) < p.usageLimit) &&
      (code === null || code.maxUses === null || code.uses < code.maxUses) &&
      (p.kind !== 'buy_x_get_y' || units.some((k) => k > 0));
    const stacks = !exclusiveApplied && !(p.exclusive && applied.length > 0);
    if (!holds || !stacks) {
      if (code) return 'refused';
      continue;
    }
    const isTarget = lines.map((l) => matchesTarget(l, p.targetKind, p.targetIds));
    const weights = remaining.map((r, i) => (isTarget[i] ? r : 0));
    const targetSum = weights.reduce((a, b) => a + b, 0);
    let parts: number[];
    switch (p.kind) {
      case 'percent_off':
        parts = largestRemainders(
          roundHalfUp(BigInt(targetSum) * BigInt(p.percentPpm ?? 0), 1_000_000n),
          weights,
        );
        break;
      case 'amount_off':
      case 'spend_threshold':
        parts = largestRemainders(Math.min(p.amountCents ?? 0, targetSum), weights);
        break;
      case 'free_shipping':
        parts = lines.map(() => 0);
        break;
      case 'buy_x_get_y':
        parts = lines.map((l, i) =>
          roundHalfUp(
            BigInt(remaining[i]!) * BigInt(units[i]!) * BigInt(p.percentPpm ?? 0),
            BigInt(l.quantity) * 1_000_000n,
          ),
        );
        break;
    }
    parts.forEach((part, i) => {
      remaining[i] = remaining[i]! - part;
    });
    applied.push({
      id: p.id,
      kind: p.kind,
      code: code?.code ?? null,
      lineDiscounts: parts,
      discount: parts.reduce((a, b) => a + b, 0),
    });
    if (p.exclusive) exclusiveApplied = true;
  }
  return {
    applied,
    lineDiscounts: lines.map((_, i) => applied.reduce((sum, a) => sum + a.lineDiscounts[i]!, 0)),
    freeShipping: applied.some((a) => a.kind === 'free_shipping'),
  };
}

class RefusedCode extends Error {}

function expectedOrRefused(
  lines: readonly PromotionLine[],
  rules: readonly PromotionRule[],
  given: PromotionState,
) {
  try {
    return expectedOutcome(lines, rules, given);
  } catch (error) {
    if (error instanceof RefusedCode) return 'refused' as const;
    throw error;
  }
}

describe('the independent calculation agrees with the hand-worked cases', () => {
  it('on a few of them', () => {
    expect(
      expectedOrRefused([line(1, 1_999, 3), line(2, 8, 1)], [percentOff(1, 15)], state()),
    ).toMatchObject({
      lineDiscounts: [900, 1],
    });
    expect(
      expectedOrRefused(
        [line(1, 3_000, 2), line(2, 1_000, 2), line(3, 500, 1)],
        [
          rule(1, {
            kind: 'buy_x_get_y',
            percentPpm: 500_000,
            buyKind: 'all',
            buyQuantity: 2,
            getQuantity: 1,
          }),
        ],
        state(),
      ),
    ).toMatchObject({ lineDiscounts: [0, 0, 250] });
    expect(largestRemainders(100, [1_000, 1_000, 1_000])).toEqual([34, 33, 33]);
  });
});

// ---------------------------------------------------------------------------------------------

/** mulberry32: small, seeded, so any basket can be replayed alone (PROMO_SEED=<seed>). */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const chance = (p: number) => next() < p;
  return { int, pick, chance };
}

const randomCase = (text: string, chance: (p: number) => boolean) =>
  [...text].map((c) => (chance(0.5) ? c.toLowerCase() : c.toUpperCase())).join('');

function randomBasket(seed: number) {
  const { int, pick, chance } = generator(seed);
  const products = [id(101), id(102), id(103), id(104)];
  const categories = [id(301), id(302), id(303)];
  const platforms = ['18V', '12V', '36V'];
  const lines: PromotionLine[] = Array.from({ length: int(1, 6) }, (_, n) => ({
    productId: pick(products),
    sku: `SKU-${n}-${int(0, 9)}X`,
    categoryId: chance(0.85) ? pick(categories) : null,
    platform: chance(0.75) ? randomCase(pick(platforms), chance) : null,
    quantity: int(1, 20),
    unitCents: chance(0.1) ? pick([1, 2, 3, 99, 100]) : int(1, 200_000),
    agreed: chance(0.07),
  }));
  const target = (): { kind: TargetKind; ids: string[] } => {
    const kind = pick(['all', 'all', 'categories', 'products', 'variants', 'platforms'] as const);
    const some = <T>(pool: readonly T[]) => Array.from({ length: int(1, 2) }, () => pick(pool));
    switch (kind) {
      case 'all':
        return { kind, ids: [] };
      case 'categories':
        return { kind, ids: some(categories) };
      case 'products':
        return { kind, ids: some(products) };
      case 'variants':
        return {
          kind,
          ids: some([...lines.map((l) => l.sku), 'SKU-NONE']).map((sku) => randomCase(sku, chance)),
        };
      case 'platforms':
        return { kind, ids: some(platforms).map((name) => randomCase(name, chance)) };
    }
  };
  const percent = () =>
    chance(0.5)
      ? pick([1, 10_000, 100_000, 125_000, 150_000, 333_333, 500_000, 1_000_000])
      : int(1, 1_000_000);
  const rules: PromotionRule[] = Array.from({ length: int(1, 4) }, (_, n) => {
    const kind = pick([
      'percent_off',
      'amount_off',
      'free_shipping',
      'buy_x_get_y',
      'spend_threshold',
    ] as const);
    const aim = target();
    const buy = target();
    const dates = pick([
      'none',
      'none',
      'none',
      'open',
      'future',
      'past',
      'startsNow',
      'endsNow',
    ] as const);
    return rule(1_000 + int(0, 899) * 10 + n, {
      kind,
      percentPpm:
        kind === 'percent_off' || kind === 'buy_x_get_y'
          ? kind === 'buy_x_get_y' && chance(0.5)
            ? 1_000_000
            : percent()
          : null,
      amountCents:
        kind === 'amount_off' || kind === 'spend_threshold'
          ? chance(0.3)
            ? pick([100, 500, 1_000, 5_000])
            : int(1, 400_000)
          : null,
      targetKind: aim.kind,
      targetIds: aim.ids,
      buyKind: kind === 'buy_x_get_y' ? buy.kind : null,
      buyIds: kind === 'buy_x_get_y' ? buy.ids : [],
      buyQuantity: kind === 'buy_x_get_y' ? int(1, 3) : null,
      getQuantity: kind === 'buy_x_get_y' ? int(1, 3) : null,
      minSubtotalCents: kind === 'spend_threshold' || chance(0.25) ? int(1, 600_000) : null,
      minQuantity: chance(0.2) ? int(1, 30) : null,
      firstOrderOnly: chance(0.1),
      startsAt:
        dates === 'open'
          ? NOW - HOUR
          : dates === 'future'
            ? NOW + int(1, 100)
            : dates === 'startsNow'
              ? NOW
              : null,
      endsAt:
        dates === 'open'
          ? NOW + HOUR
          : dates === 'past'
            ? NOW - int(0, 100)
            : dates === 'endsNow'
              ? NOW
              : null,
      usageLimit: chance(0.15) ? int(1, 5) : null,
      perCustomerLimit: chance(0.15) ? int(1, 3) : null,
      exclusive: chance(0.25),
      priority: int(-1, 1),
      status: chance(0.9) ? 'active' : pick(['paused', 'ended'] as const),
      createdAt: NOW - int(0, 2) * HOUR,
    });
  });
  const promotionUses = new Map(rules.map((r) => [r.id, int(0, 5)]));
  const customerUses = new Map(rules.filter(() => chance(0.5)).map((r) => [r.id, int(0, 3)]));
  const codes: TypedCode[] = [];
  if (chance(0.25)) {
    // One of them becomes a code promotion and its code is typed (in any case).
    const index = int(0, rules.length - 1);
    const promotion = { ...rules[index]!, codeMode: 'code' as const };
    rules[index] = promotion;
    const stored = `CODE-${index}`;
    codes.push({
      text: randomCase(stored, chance),
      found: {
        codeId: id(5_000 + index),
        code: stored,
        promotionId: promotion.id,
        maxUses: chance(0.3) ? 1 : null,
        uses: chance(0.2) ? 1 : 0,
      },
    });
  }
  const given = state({ codes, hasOrdered: chance(0.3), customerUses, promotionUses });
  return { lines, rules, given };
}

/** The implementation's outcome in the shape of Expected, or `refused` for a 400 on `codes`. */
function actualOutcome(lines: PromotionLine[], rules: PromotionRule[], given: PromotionState) {
  let outcome: PromotionOutcome;
  try {
    outcome = applyPromotions(lines, rules, given);
  } catch (error) {
    if (
      error instanceof AppError &&
      error.statusCode === 400 &&
      typeof error.fields?.codes === 'string'
    )
      return 'refused' as const;
    return { threw: String(error) };
  }
  return {
    applied: outcome.applied.map((a) => ({
      id: a.promotionId,
      kind: a.kind,
      code: a.code,
      lineDiscounts: a.lineDiscounts,
      discount: a.discountCents,
    })),
    lineDiscounts: outcome.lineDiscounts,
    freeShipping: outcome.freeShipping,
  };
}

const replacer = (_: string, value: unknown) =>
  value instanceof Map ? Object.fromEntries(value) : value;

describe('10,000 random baskets against the independent calculation', () => {
  it('matches per line and per promotion, and every allocation sums to its discount', () => {
    const base = Number(process.env.PROMO_SEED ?? 36_055);
    const count = Number(process.env.PROMO_BASKETS ?? 10_000);
    const failures: string[] = [];
    let applied = 0;
    let refused = 0;
    const kinds = new Map<PromotionKind, number>();
    for (let round = 0; round < count; round += 1) {
      const seed = base + round;
      const { lines, rules, given } = randomBasket(seed);
      const expected = expectedOrRefused(lines, rules, given);
      const actual = actualOutcome(lines, rules, given);
      let problem = '';
      if (!isDeepStrictEqual(actual, expected))
        problem = 'differs from the independent calculation';
      else if (actual !== 'refused' && !('threw' in actual)) {
        for (const a of actual.applied) {
          if (a.lineDiscounts.length !== lines.length)
            problem = 'a promotion without a share per line';
          else if (a.lineDiscounts.reduce((x, y) => x + y, 0) !== a.discount)
            problem = 'an allocation that does not sum to its discount';
        }
        lines.forEach((l, i) => {
          if (actual.lineDiscounts[i]! > l.unitCents * l.quantity) problem = 'a line below 0';
        });
      }
      if (expected === 'refused') refused += 1;
      else
        for (const a of expected.applied) {
          applied += 1;
          kinds.set(a.kind, (kinds.get(a.kind) ?? 0) + 1);
        }
      if (problem)
        failures.push(
          `seed ${seed} (replay: PROMO_SEED=${seed} PROMO_BASKETS=1): ${problem}\n` +
            `basket: ${JSON.stringify({ lines, rules, state: given }, replacer)}\n` +
            `expected: ${JSON.stringify(expected)}\nactual:   ${JSON.stringify(actual)}`,
        );
    }
    // The generator exercises what it should: many applications, some refusals.
    if (count >= 1_000) {
      expect(applied).toBeGreaterThan(count / 2);
      for (const kind of [
        'percent_off',
        'amount_off',
        'free_shipping',
        'buy_x_get_y',
        'spend_threshold',
      ])
        expect(kinds.get(kind as PromotionKind) ?? 0, kind).toBeGreaterThan(count / 50);
      expect(refused).toBeGreaterThan(count / 50);
    }
    expect(
      failures.length,
      `of ${count} baskets; the first:\n${failures.slice(0, 3).join('\n\n')}`,
    ).toBe(0);
  });
});
