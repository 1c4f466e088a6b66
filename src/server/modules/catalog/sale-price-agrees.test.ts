import { describe, expect, it } from 'vitest';
import { salePriceOf, type SalePromotion, type SaleVariant } from '../../../shared/sale-price.ts';
import { applyPromotions } from '../pricing/apply-promotions.ts';
import type { PromotionRule } from '../pricing/promotion-rules.ts';

// Issue 36: the public sale price is what the pricing step charges for one unit of the variant
// under the same promotions (docs/decisions/057). Checked here against the pricing step's own
// code on random sets of unconditional automatic promotions, stacked and exclusive.

/** A small deterministic generator (mulberry32), so a failure is the same on every run. */
function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NOW = Date.parse('2026-11-29T12:00:00Z');
const VARIANT: SaleVariant = {
  productId: 'p-1',
  categoryId: 'c-1',
  platform: '18V',
  sku: 'SKU-1',
  unitPriceCents: 0,
};

const TARGETS: [string, string[]][] = [
  ['all', []],
  ['categories', ['c-1']],
  ['categories', ['c-2']],
  ['products', ['p-1']],
  ['variants', ['sku-1']],
  ['platforms', ['18v']],
  ['platforms', ['36V']],
];

function randomPromotion(random: () => number, n: number): SalePromotion {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const percent = random() < 0.6;
  const [targetKind, targetIds] = pick(TARGETS);
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Promotion ${n}`,
    kind: percent ? 'percent_off' : 'amount_off',
    percentPpm: percent ? 1 + Math.floor(random() * 1_000_000) : null,
    amountCents: percent ? null : 1 + Math.floor(random() * 20_000),
    targetKind,
    targetIds,
    minSubtotalCents: null,
    minQuantity: null,
    firstOrderOnly: false,
    perCustomerLimit: null,
    usageLimit: null,
    uses: 0,
    startsAt: random() < 0.2 ? new Date(NOW + (random() < 0.5 ? -1 : 1) * 60_000) : null,
    endsAt: random() < 0.2 ? new Date(NOW + (random() < 0.5 ? -1 : 1) * 60_000) : null,
    exclusive: random() < 0.25,
    priority: Math.floor(random() * 3),
    codeMode: 'automatic',
    status: 'active',
    createdAt: new Date(NOW - Math.floor(random() * 4) * 1000),
  };
}

const asRule = (promotion: SalePromotion): PromotionRule => ({
  id: promotion.id,
  name: promotion.name,
  kind: promotion.kind as PromotionRule['kind'],
  percentPpm: promotion.percentPpm,
  amountCents: promotion.amountCents,
  targetKind: promotion.targetKind as PromotionRule['targetKind'],
  targetIds: [...promotion.targetIds],
  buyKind: null,
  buyIds: [],
  buyQuantity: null,
  getQuantity: null,
  minSubtotalCents: null,
  minQuantity: null,
  firstOrderOnly: false,
  startsAt: promotion.startsAt?.getTime() ?? null,
  endsAt: promotion.endsAt?.getTime() ?? null,
  usageLimit: null,
  perCustomerLimit: null,
  exclusive: promotion.exclusive,
  priority: promotion.priority,
  codeMode: 'automatic',
  status: 'active',
  createdAt: promotion.createdAt.getTime(),
});

describe('the sale price and the pricing step', () => {
  it('agree on one unit, for 2,000 random sets of promotions and prices', () => {
    const random = randomFrom(36);
    for (let round = 0; round < 2000; round += 1) {
      const promotions = Array.from({ length: 1 + Math.floor(random() * 4) }, (_, i) =>
        randomPromotion(random, round * 10 + i),
      );
      const unitPriceCents = 1 + Math.floor(random() * 100_000);
      const variant = { ...VARIANT, unitPriceCents };
      const outcome = applyPromotions(
        [{ ...variant, quantity: 1, unitCents: unitPriceCents, agreed: false }],
        promotions.map(asRule),
        {
          now: NOW,
          codes: [],
          hasOrdered: false,
          customerUses: new Map(),
          promotionUses: new Map(),
        },
      );
      const charged = unitPriceCents - (outcome.lineDiscounts[0] ?? 0);
      const shown = salePriceOf(variant, promotions, NOW);
      const context = JSON.stringify({ unitPriceCents, promotions });
      expect(shown?.salePriceCents ?? unitPriceCents, context).toBe(charged);
      if (shown)
        expect(shown.promotionName, context).toBe(
          outcome.applied
            .filter((applied) => applied.discountCents > 0)
            .map((applied) => applied.name)
            .join(' + '),
        );
    }
  });
});
