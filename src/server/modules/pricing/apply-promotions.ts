import {
  CODE_CUSTOMER_USED_MESSAGE,
  CODE_EXPIRED_MESSAGE,
  CODE_FIRST_ORDER_MESSAGE,
  CODE_NOT_COMBINABLE_MESSAGE,
  CODE_NOT_FOR_ITEMS_MESSAGE,
  CODE_NOT_YET_VALID_MESSAGE,
  CODE_UNKNOWN_MESSAGE,
  CODE_USED_UP_MESSAGE,
  codeKey,
  codeMinimumQuantityMessage,
  codeMinimumSubtotalMessage,
  type TargetKind,
} from '../../../shared/promotions.ts';
import { Invalid } from '../../errors.ts';
import { allocateCents } from './allocate-cents.ts';
import type {
  AppliedPromotionCents,
  PromotionLine,
  PromotionOutcome,
  PromotionRule,
  PromotionState,
  TypedCode,
} from './promotion-rules.ts';

// The promotions step of the pricing pipeline (docs/decisions/055, rules 1–6). Pure.

const PPM = 1_000_000n;
/** Buy X get Y without a percent: Y is free. */
const FREE_PPM = 1_000_000;

/** `numerator / denominator` rounded half up (both ≥ 0, denominator > 0). */
const roundHalfUp = (numerator: bigint, denominator: bigint) =>
  Number((numerator * 2n + denominator) / (2n * denominator));

const refuse = (message: string) => new Invalid(message, { codes: message });

/** Whether a line is one of a target's (rule 2). */
export function matchesTarget(
  line: Pick<PromotionLine, 'productId' | 'sku' | 'categoryId' | 'platform'>,
  kind: TargetKind,
  ids: readonly string[],
): boolean {
  switch (kind) {
    case 'all':
      return true;
    case 'categories':
      return line.categoryId !== null && ids.includes(line.categoryId);
    case 'products':
      return ids.includes(line.productId);
    case 'variants':
      return ids.some((sku) => sku.toUpperCase() === line.sku.toUpperCase());
    case 'platforms':
      return (
        line.platform !== null &&
        ids.some((name) => name.toLowerCase() === line.platform?.toLowerCase())
      );
  }
}

interface Candidate {
  rule: PromotionRule;
  typed: TypedCode['found'];
}

/** Candidates in the order they are considered (rule 4). */
const byPrecedence = (a: Candidate, b: Candidate) =>
  b.rule.priority - a.rule.priority ||
  Number(b.typed !== null) - Number(a.typed !== null) ||
  a.rule.createdAt - b.rule.createdAt ||
  (a.rule.id < b.rule.id ? -1 : a.rule.id > b.rule.id ? 1 : 0);

/** The rules a buyer's typed codes bring in, refusing unknown, paused or out-of-date ones. */
function typedCandidates(
  rules: ReadonlyMap<string, PromotionRule>,
  state: PromotionState,
): Candidate[] {
  const seenCodes = new Set<string>();
  const seenRules = new Set<string>();
  const candidates: Candidate[] = [];
  for (const typed of state.codes) {
    const key = codeKey(typed.text);
    if (seenCodes.has(key)) continue;
    seenCodes.add(key);
    if (!typed.found) throw refuse(CODE_UNKNOWN_MESSAGE);
    const rule = rules.get(typed.found.promotionId);
    if (!rule) throw refuse(CODE_EXPIRED_MESSAGE);
    if (rule.status !== 'active' || rule.codeMode !== 'code') throw refuse(CODE_UNKNOWN_MESSAGE);
    if (rule.startsAt !== null && rule.startsAt > state.now)
      throw refuse(CODE_NOT_YET_VALID_MESSAGE);
    if (rule.endsAt !== null && rule.endsAt <= state.now) throw refuse(CODE_EXPIRED_MESSAGE);
    if (seenRules.has(rule.id)) continue;
    seenRules.add(rule.id);
    candidates.push({ rule, typed: typed.found });
  }
  return candidates;
}

const inWindow = (rule: PromotionRule, now: number) =>
  (rule.startsAt === null || rule.startsAt <= now) && (rule.endsAt === null || rule.endsAt > now);

/**
 * Buy X get Y (rule 5): how many units of each line are discounted. Repeatedly, the `get`
 * cheapest Y units not taken, then the `buy` most expensive X units not taken nor among them.
 */
export function buyXGetYUnits(
  lines: readonly PromotionLine[],
  isX: readonly boolean[],
  isY: readonly boolean[],
  buy: number,
  get: number,
): number[] {
  const order = (want: readonly boolean[], cheapestFirst: boolean) =>
    lines
      .map((line, index) => ({ index, unit: line.unitCents }))
      .filter(({ index }) => want[index])
      .sort((a, b) => (cheapestFirst ? a.unit - b.unit : b.unit - a.unit) || a.index - b.index)
      .map(({ index }) => index);
  const yOrder = order(isY, true);
  const xOrder = order(isX, false);
  const taken = lines.map(() => 0);
  const discounted = lines.map(() => 0);
  const pick = (indexes: number[], count: number, aside: number[]) => {
    const picked = lines.map(() => 0);
    let need = count;
    for (const index of indexes) {
      if (need === 0) break;
      const free = (lines[index]?.quantity ?? 0) - (taken[index] ?? 0) - (aside[index] ?? 0);
      const take = Math.min(free, need);
      picked[index] = take;
      need -= take;
    }
    return need === 0 ? picked : null;
  };
  for (;;) {
    const ys = pick(
      yOrder,
      get,
      lines.map(() => 0),
    );
    if (!ys) break;
    const xs = pick(xOrder, buy, ys);
    if (!xs) break;
    lines.forEach((_, index) => {
      taken[index] = (taken[index] ?? 0) + (ys[index] ?? 0) + (xs[index] ?? 0);
      discounted[index] = (discounted[index] ?? 0) + (ys[index] ?? 0);
    });
  }
  return discounted;
}

/**
 * Applies the promotions to the lines (docs/decisions/055, rules 1–6): the automatic ones and
 * those whose code was typed, in precedence order with their stacking, each one's discount
 * allocated to the lines to the cent. A typed code that does not apply is refused (400, field
 * `codes`, its reason).
 */
export function applyPromotions(
  lines: readonly PromotionLine[],
  rules: readonly PromotionRule[],
  state: PromotionState,
): PromotionOutcome {
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  const typed = typedCandidates(byId, state);
  const typedIds = new Set(typed.map((candidate) => candidate.rule.id));
  // Only automatic promotions that can touch a line are considered (most of a shop's do not).
  const touches = (rule: PromotionRule) =>
    lines.some(
      (line) =>
        !line.agreed &&
        (matchesTarget(line, rule.targetKind, rule.targetIds) ||
          (rule.kind === 'buy_x_get_y' && matchesTarget(line, rule.buyKind ?? 'all', rule.buyIds))),
    );
  const automatic = rules
    .filter(
      (rule) =>
        rule.status === 'active' &&
        rule.codeMode === 'automatic' &&
        !typedIds.has(rule.id) &&
        inWindow(rule, state.now) &&
        touches(rule),
    )
    .map((rule): Candidate => ({ rule, typed: null }));
  const candidates = [...typed, ...automatic].sort(byPrecedence);

  const gross = lines.map((line) => line.unitCents * line.quantity);
  const remaining = [...gross];
  const applied: AppliedPromotionCents[] = [];
  let exclusiveApplied = false;
  let freeShipping = false;

  for (const { rule, typed: code } of candidates) {
    const eligible = (kind: TargetKind, ids: readonly string[]) =>
      lines.map((line) => !line.agreed && matchesTarget(line, kind, ids));
    const isY = eligible(rule.targetKind, rule.targetIds);
    const isX = rule.kind === 'buy_x_get_y' ? eligible(rule.buyKind ?? 'all', rule.buyIds) : isY;
    const counted = lines.map((_, index) => Boolean(isX[index] || isY[index]));
    const units =
      rule.kind === 'buy_x_get_y'
        ? buyXGetYUnits(lines, isX, isY, rule.buyQuantity ?? 1, rule.getQuantity ?? 1)
        : null;

    const problem = (() => {
      if (!counted.some(Boolean)) return CODE_NOT_FOR_ITEMS_MESSAGE;
      const subtotal = gross.reduce((sum, cents, index) => sum + (counted[index] ? cents : 0), 0);
      if (rule.minSubtotalCents !== null && subtotal < rule.minSubtotalCents)
        return codeMinimumSubtotalMessage(rule.minSubtotalCents);
      const quantity = lines.reduce(
        (sum, line, index) => sum + (counted[index] ? line.quantity : 0),
        0,
      );
      if (rule.minQuantity !== null && quantity < rule.minQuantity)
        return codeMinimumQuantityMessage(rule.minQuantity);
      if (rule.firstOrderOnly && state.hasOrdered) return CODE_FIRST_ORDER_MESSAGE;
      if (
        rule.perCustomerLimit !== null &&
        (state.customerUses.get(rule.id) ?? 0) >= rule.perCustomerLimit
      )
        return CODE_CUSTOMER_USED_MESSAGE;
      if (rule.usageLimit !== null && (state.promotionUses.get(rule.id) ?? 0) >= rule.usageLimit)
        return CODE_USED_UP_MESSAGE;
      if (code && code.maxUses !== null && code.uses >= code.maxUses) return CODE_USED_UP_MESSAGE;
      if (units && !units.some((count) => count > 0)) return CODE_NOT_FOR_ITEMS_MESSAGE;
      return null;
    })();
    if (problem !== null) {
      if (code) throw refuse(problem);
      continue;
    }
    if (exclusiveApplied || (rule.exclusive && applied.length > 0)) {
      if (code) throw refuse(CODE_NOT_COMBINABLE_MESSAGE);
      continue;
    }

    let lineDiscounts = lines.map(() => 0);
    const targetRemaining = remaining.map((cents, index) => (isY[index] ? cents : 0));
    const pool = targetRemaining.reduce((a, b) => a + b, 0);
    if (rule.kind === 'percent_off') {
      const discount = roundHalfUp(BigInt(pool) * BigInt(rule.percentPpm ?? 0), PPM);
      lineDiscounts = allocateCents(discount, targetRemaining);
    } else if (rule.kind === 'amount_off' || rule.kind === 'spend_threshold') {
      lineDiscounts = allocateCents(Math.min(rule.amountCents ?? 0, pool), targetRemaining);
    } else if (rule.kind === 'buy_x_get_y' && units) {
      lineDiscounts = lines.map((line, index) =>
        roundHalfUp(
          BigInt(remaining[index] ?? 0) *
            BigInt(units[index] ?? 0) *
            BigInt(rule.percentPpm ?? FREE_PPM),
          BigInt(line.quantity) * PPM,
        ),
      );
    } else if (rule.kind === 'free_shipping') {
      freeShipping = true;
    }
    lineDiscounts.forEach((cents, index) => {
      remaining[index] = (remaining[index] ?? 0) - cents;
    });
    applied.push({
      promotionId: rule.id,
      name: rule.name,
      kind: rule.kind,
      code: code?.code ?? null,
      codeId: code?.codeId ?? null,
      lineDiscounts,
      discountCents: lineDiscounts.reduce((a, b) => a + b, 0),
      shippingDiscountCents: 0,
      limited: rule.usageLimit !== null || (code !== null && code.maxUses !== null),
    });
    if (rule.exclusive) exclusiveApplied = true;
  }

  return {
    applied,
    lineDiscounts: gross.map((cents, index) => cents - (remaining[index] ?? 0)),
    freeShipping,
  };
}
