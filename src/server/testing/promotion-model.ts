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
} from '../../shared/promotions.ts';
import type {
  PromotionLine,
  PromotionRule,
  PromotionState,
  TypedCode,
} from '../modules/pricing/promotion-rules.ts';

// An independent calculation of the promotion rules (docs/decisions/055, rules 1–6), written from
// the ADR's text for the tests of modules/pricing, with exact integers (BigInt): its own half-up
// rounding, its own largest-remainder allocation and its own buy X get Y walk. Nothing here is
// shared with the code under test. And a seeded generator of random baskets and promotions.

export const modelId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const MODEL_NOW = Date.UTC(2026, 10, 29, 12, 0, 0);
export const HOUR = 3_600_000;

/** A promotion rule with every field at its default, automatic, active, created a month ago. */
export const modelRule = (n: number, over: Partial<PromotionRule> = {}): PromotionRule => ({
  id: modelId(n),
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
  createdAt: MODEL_NOW - 30 * 24 * HOUR + n,
  ...over,
});

export const modelState = (over: Partial<PromotionState> = {}): PromotionState => ({
  now: MODEL_NOW,
  codes: [],
  hasOrdered: false,
  customerUses: new Map(),
  promotionUses: new Map(),
  ...over,
});

export interface ModelApplied {
  id: string;
  kind: PromotionKind;
  code: string | null;
  lineDiscounts: number[];
  discount: number;
}

export interface ModelOutcome {
  applied: ModelApplied[];
  lineDiscounts: number[];
  freeShipping: boolean;
}

/**
 * A typed code refused, with its message when the ADR decides it (one code refused for one
 * reason), else null.
 */
export interface ModelRefusal {
  refused: string | null;
}

/** round(a / b) half up, a ≥ 0, b > 0. */
export const roundHalfUp = (a: bigint, b: bigint) => Number((2n * a + b) / (2n * b));

/** Largest remainders: floors, then a cent each to the largest remainders (ties: earlier). */
export function largestRemainders(total: number, weights: readonly number[]): number[] {
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

/** Rule 2: an agreed line matches nothing; SKUs and platforms whatever their case. */
export function matchesTarget(l: PromotionLine, kind: TargetKind, ids: readonly string[]) {
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

/** Buy X get Y (rule 5): how many units of each line are discounted, by unit prices only. */
export function freeUnits(lines: readonly PromotionLine[], p: PromotionRule): number[] {
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
  while (g > 0) {
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
  }
  return discounted;
}

type Found = NonNullable<TypedCode['found']>;

/** What the ADR says the outcome is, or that a typed code is refused (and with which message). */
export function expectedOutcome(
  lines: readonly PromotionLine[],
  rules: readonly PromotionRule[],
  given: PromotionState,
): ModelOutcome | ModelRefusal {
  // Each refused typed code with its reasons (null: a reason whose message the ADR leaves open).
  const refusals: (string | null)[][] = [];
  const typedFor = new Map<string, Found>();
  for (const code of given.codes) {
    if (!code.found) refusals.push([CODE_UNKNOWN_MESSAGE]);
    else if (!typedFor.has(code.found.promotionId))
      typedFor.set(code.found.promotionId, code.found);
  }
  const byId = new Map(rules.map((r) => [r.id, r]));
  const inDates = (r: PromotionRule) =>
    (r.startsAt === null || r.startsAt <= given.now) && (r.endsAt === null || given.now < r.endsAt);
  for (const promotionId of typedFor.keys()) {
    const r = byId.get(promotionId);
    if (!r || r.status !== 'active') refusals.push([null]);
    else if (!inDates(r))
      refusals.push([
        r.endsAt !== null && r.endsAt <= given.now
          ? CODE_EXPIRED_MESSAGE
          : CODE_NOT_YET_VALID_MESSAGE,
      ]);
  }
  const candidates = rules
    .filter((r) => r.status === 'active' && inDates(r))
    .filter((r) => r.codeMode === 'automatic' || typedFor.has(r.id))
    .sort(
      (a, b) =>
        b.priority - a.priority ||
        Number(typedFor.has(b.id)) - Number(typedFor.has(a.id)) ||
        a.createdAt - b.createdAt ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
  const remaining = lines.map((l) => l.unitCents * l.quantity);
  const applied: ModelApplied[] = [];
  let exclusiveApplied = false;
  for (const p of candidates) {
    const code = typedFor.get(p.id) ?? null;
    const counted = lines.filter((l) =>
      p.kind === 'buy_x_get_y'
        ? matchesTarget(l, p.targetKind, p.targetIds) ||
          matchesTarget(l, p.buyKind ?? 'all', p.buyIds)
        : matchesTarget(l, p.targetKind, p.targetIds),
    );
    const subtotal = counted.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
    const quantity = counted.reduce((sum, l) => sum + l.quantity, 0);
    const units = p.kind === 'buy_x_get_y' ? freeUnits(lines, p) : [];
    const reasons: (string | null)[] = [];
    if (counted.length === 0) reasons.push(CODE_NOT_FOR_ITEMS_MESSAGE);
    else {
      if (p.minSubtotalCents !== null && subtotal < p.minSubtotalCents)
        reasons.push(codeMinimumSubtotalMessage(p.minSubtotalCents));
      if (p.minQuantity !== null && quantity < p.minQuantity)
        reasons.push(codeMinimumQuantityMessage(p.minQuantity));
      if (p.kind === 'buy_x_get_y' && !units.some((k) => k > 0)) reasons.push(null);
    }
    if (p.firstOrderOnly && given.hasOrdered) reasons.push(CODE_FIRST_ORDER_MESSAGE);
    if (p.perCustomerLimit !== null && (given.customerUses.get(p.id) ?? 0) >= p.perCustomerLimit)
      reasons.push(CODE_CUSTOMER_USED_MESSAGE);
    if (p.usageLimit !== null && (given.promotionUses.get(p.id) ?? 0) >= p.usageLimit)
      reasons.push(CODE_USED_UP_MESSAGE);
    if (code !== null && code.maxUses !== null && code.uses >= code.maxUses)
      reasons.push(CODE_USED_UP_MESSAGE);
    if (reasons.length === 0 && (exclusiveApplied || (p.exclusive && applied.length > 0)))
      reasons.push(CODE_NOT_COMBINABLE_MESSAGE);
    if (reasons.length > 0) {
      if (code) refusals.push(reasons);
      continue;
    }
    const weights = remaining.map((r, i) =>
      matchesTarget(lines[i]!, p.targetKind, p.targetIds) ? r : 0,
    );
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
        // No percent given: Y is free (ADR 055 as amended).
        parts = lines.map((l, i) =>
          roundHalfUp(
            BigInt(remaining[i]!) * BigInt(units[i]!) * BigInt(p.percentPpm ?? 1_000_000),
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
  if (refusals.length > 0) {
    const only = refusals.length === 1 ? new Set(refusals[0]) : null;
    const message = only && only.size === 1 ? [...only][0]! : null;
    return { refused: message };
  }
  return {
    applied,
    lineDiscounts: lines.map((_, i) => applied.reduce((sum, a) => sum + a.lineDiscounts[i]!, 0)),
    freeShipping: applied.some((a) => a.kind === 'free_shipping'),
  };
}

/** mulberry32: small, seeded, so any basket can be replayed alone. */
export function generator(seed: number) {
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

/**
 * A random basket (1–6 lines, unit prices 1..200,000 cents, quantities 1..20, categories,
 * platforms, SKUs, some agreed) and 1–4 random promotions of every kind, target, condition,
 * priority and stacking; sometimes typed codes (of its promotions, unknown, or two of one).
 */
export function randomBasket(seed: number) {
  const { int, pick, chance } = generator(seed);
  const products = [modelId(101), modelId(102), modelId(103), modelId(104)];
  const categories = [modelId(301), modelId(302), modelId(303)];
  const platforms = ['18V', '12V', '36V'];
  const lines: PromotionLine[] = Array.from({ length: int(1, 6) }, (_, n) => ({
    productId: pick(products),
    sku: `SKU-${n}-${int(0, 9)}X`,
    categoryId: chance(0.85) ? pick(categories) : null,
    platform: chance(0.75) ? randomCase(pick(platforms), chance) : null,
    quantity: int(1, 20),
    // Small and equal prices often, so that roundings and ties (the earlier line) are met.
    unitCents: chance(0.1)
      ? pick([1, 2, 3, 99, 100])
      : chance(0.25)
        ? pick([100, 250, 999, 1_000])
        : int(1, 200_000),
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
    const bxgy = kind === 'buy_x_get_y';
    return modelRule(1_000 + int(0, 899) * 10 + n, {
      kind,
      percentPpm:
        kind === 'percent_off' ? percent() : bxgy ? pick([1_000_000, null, percent()]) : null,
      amountCents:
        kind === 'amount_off' || kind === 'spend_threshold'
          ? chance(0.3)
            ? pick([100, 500, 1_000, 5_000])
            : int(1, 400_000)
          : null,
      targetKind: aim.kind,
      targetIds: aim.ids,
      buyKind: bxgy ? buy.kind : null,
      buyIds: bxgy ? buy.ids : [],
      buyQuantity: bxgy ? int(1, 3) : null,
      getQuantity: bxgy ? int(1, 3) : null,
      minSubtotalCents: kind === 'spend_threshold' || chance(0.25) ? int(1, 600_000) : null,
      minQuantity: chance(0.2) ? int(1, 30) : null,
      firstOrderOnly: chance(0.1),
      startsAt:
        dates === 'open'
          ? MODEL_NOW - HOUR
          : dates === 'future'
            ? MODEL_NOW + int(1, 100)
            : dates === 'startsNow'
              ? MODEL_NOW
              : null,
      endsAt:
        dates === 'open'
          ? MODEL_NOW + HOUR
          : dates === 'past'
            ? MODEL_NOW - int(0, 100)
            : dates === 'endsNow'
              ? MODEL_NOW
              : null,
      usageLimit: chance(0.15) ? int(1, 5) : null,
      perCustomerLimit: chance(0.15) ? int(1, 3) : null,
      exclusive: chance(0.25),
      priority: int(-1, 1),
      status: chance(0.9) ? 'active' : pick(['paused', 'ended'] as const),
      createdAt: MODEL_NOW - int(0, 2) * HOUR,
    });
  });
  const promotionUses = new Map(rules.map((r) => [r.id, int(0, 5)]));
  const customerUses = new Map(rules.filter(() => chance(0.5)).map((r) => [r.id, int(0, 3)]));
  const codes: TypedCode[] = [];
  const typeCodeOf = (index: number, suffix = '') => {
    const promotion = { ...rules[index]!, codeMode: 'code' as const };
    rules[index] = promotion;
    const stored = `CODE-${index}${suffix}`;
    codes.push({
      text: randomCase(stored, chance),
      found: {
        codeId: modelId(5_000 + index * 10 + suffix.length),
        code: stored,
        promotionId: promotion.id,
        maxUses: chance(0.3) ? 1 : null,
        uses: chance(0.2) ? 1 : 0,
      },
    });
  };
  const typing = pick(['none', 'none', 'none', 'one', 'one', 'two', 'twice', 'unknown'] as const);
  if (typing !== 'none' && typing !== 'unknown') typeCodeOf(int(0, rules.length - 1));
  if (typing === 'twice')
    typeCodeOf(
      rules.findIndex((r) => r.codeMode === 'code'),
      'B',
    );
  if (typing === 'two' && rules.length > 1) {
    const other = rules.findIndex((r) => r.codeMode !== 'code');
    typeCodeOf(other);
  }
  if (typing === 'unknown') codes.push({ text: 'NO-SUCH-CODE', found: null });
  const given = modelState({ codes, hasOrdered: chance(0.3), customerUses, promotionUses });
  return { lines, rules, given };
}

/** JSON of a basket with its maps (for a failure's message). */
export const basketJson = (value: unknown) =>
  JSON.stringify(value, (_key, item: unknown) =>
    item instanceof Map ? Object.fromEntries(item as Map<string, unknown>) : item,
  );
