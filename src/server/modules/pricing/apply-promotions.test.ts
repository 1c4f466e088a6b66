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
  PROMOTION_KINDS,
  type PromotionKind,
  type TargetKind,
} from '../../../shared/promotions.ts';
import { AppError } from '../../errors.ts';
import {
  basketJson,
  expectedOutcome,
  HOUR,
  largestRemainders,
  MODEL_NOW,
  modelId,
  modelRule,
  type ModelOutcome,
  modelState,
  randomBasket,
} from '../../testing/promotion-model.ts';
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

const id = modelId;
const NOW = MODEL_NOW;
const rule = modelRule;
const state = modelState;

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

describe('the independent calculation agrees with the hand-worked cases', () => {
  it('on a few of them', () => {
    expect(
      expectedOutcome([line(1, 1_999, 3), line(2, 8, 1)], [percentOff(1, 15)], state()),
    ).toMatchObject({ lineDiscounts: [900, 1] });
    expect(
      expectedOutcome(
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
    const code = percentOff(1, 10, { codeMode: 'code', minQuantity: 9 });
    expect(
      expectedOutcome([line(1, 100, 1)], [code], state({ codes: [typed('x', code)] })),
    ).toEqual({ refused: codeMinimumQuantityMessage(9) });
  });
});

/** The implementation's outcome in the model's shape, or its refusal's message. */
function actualOutcome(
  lines: PromotionLine[],
  rules: PromotionRule[],
  given: PromotionState,
): ModelOutcome | { refused: string } | { threw: string } {
  let outcome: PromotionOutcome;
  try {
    outcome = applyPromotions(lines, rules, given);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 400)
      return { refused: error.fields?.codes ?? `(no field codes) ${error.message}` };
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

describe('10,000 random baskets against the independent calculation', () => {
  it('matches per line and per promotion, every allocation sums to its discount, and refusals say why', () => {
    const base = Number(process.env.PROMO_SEED ?? 36_055);
    const count = Number(process.env.PROMO_BASKETS ?? 10_000);
    const failures: string[] = [];
    let applied = 0;
    let refused = 0;
    let refusedWithMessage = 0;
    const kinds = new Map<PromotionKind, number>();
    for (let round = 0; round < count; round += 1) {
      const seed = base + round;
      const { lines, rules, given } = randomBasket(seed);
      const expected = expectedOutcome(lines, rules, given);
      const actual = actualOutcome(lines, rules, given);
      let problem = '';
      if ('refused' in expected) {
        refused += 1;
        if (!('refused' in actual)) problem = 'a typed code that does not apply was not refused';
        else if (expected.refused !== null) {
          refusedWithMessage += 1;
          if (actual.refused !== expected.refused) problem = 'refused with another message';
        }
      } else {
        for (const a of expected.applied) {
          applied += 1;
          kinds.set(a.kind, (kinds.get(a.kind) ?? 0) + 1);
        }
        if (!isDeepStrictEqual(actual, expected))
          problem = 'differs from the independent calculation';
        else if ('applied' in actual) {
          for (const a of actual.applied)
            if (a.lineDiscounts.reduce((x, y) => x + y, 0) !== a.discount)
              problem = 'an allocation that does not sum to its discount';
          lines.forEach((l, i) => {
            if (actual.lineDiscounts[i]! > l.unitCents * l.quantity) problem = 'a line below 0';
          });
        }
      }
      if (problem)
        failures.push(
          `seed ${seed} (replay: PROMO_SEED=${seed} PROMO_BASKETS=1): ${problem}\n` +
            `basket: ${basketJson({ lines, rules, state: given })}\n` +
            `expected: ${JSON.stringify(expected)}\nactual:   ${JSON.stringify(actual)}`,
        );
    }
    // The generator exercises what it should: every kind applied, refusals with their messages.
    if (count >= 1_000) {
      expect(applied).toBeGreaterThan(count / 3);
      for (const kind of PROMOTION_KINDS)
        expect(kinds.get(kind) ?? 0, kind).toBeGreaterThan(count / 50);
      expect(refused).toBeGreaterThan(count / 20);
      expect(refusedWithMessage).toBeGreaterThan(count / 40);
    }
    expect(
      failures.length,
      `of ${count} baskets; the first:\n${failures.slice(0, 3).join('\n\n')}`,
    ).toBe(0);
  });
});
