// Sale prices (issue 36): the price a public page shows for a variant while an automatic promotion
// takes something off it for anyone (docs/features.md "Sale prices", docs/decisions/057). The same
// for every visitor, so it may sit in cached HTML and cached API answers: only promotions whose
// saving depends on nothing but the variant and the clock count. They are applied as the pricing
// step applies them to a basket of one unit of the variant (docs/decisions/055, rules 2, 4 and 5).
// No zod here: the pages' first script may read it.

/** A promotion as the `promotion` table holds it (the columns the rule reads), and its uses. */
export interface SalePromotion {
  id: string;
  name: string;
  kind: string;
  percentPpm: number | null;
  amountCents: number | null;
  targetKind: string;
  targetIds: readonly string[];
  minSubtotalCents: number | null;
  minQuantity: number | null;
  firstOrderOnly: boolean;
  perCustomerLimit: number | null;
  usageLimit: number | null;
  /** Its uses not released (its `promotion_use` rows); read only when it has a usage limit. */
  uses: number;
  startsAt: Date | null;
  endsAt: Date | null;
  exclusive: boolean;
  priority: number;
  codeMode: string;
  status: string;
  createdAt: Date;
}

/** A variant as a promotion's target sees it, with its unit price. */
export interface SaleVariant {
  productId: string;
  categoryId: string | null;
  platform: string | null;
  sku: string;
  unitPriceCents: number;
}

export interface SalePrice {
  /** The unit price after the promotions (less than the unit price). */
  salePriceCents: number;
  /** The name of the promotion that gives it (several: joined with " + ", in the order applied). */
  promotionName: string;
}

const PPM = 1_000_000;

/**
 * Whether a promotion may give a public sale price, whatever the time: active, automatic, percent
 * or amount off, with no condition on the buyer or the basket (minimum subtotal or quantity, first
 * order, uses per customer) and, with a usage limit, uses left.
 */
export function isPublicSalePromotion(promotion: SalePromotion): boolean {
  return (
    promotion.status === 'active' &&
    promotion.codeMode === 'automatic' &&
    ((promotion.kind === 'percent_off' && promotion.percentPpm !== null) ||
      (promotion.kind === 'amount_off' && promotion.amountCents !== null)) &&
    promotion.minSubtotalCents === null &&
    promotion.minQuantity === null &&
    !promotion.firstOrderOnly &&
    promotion.perCustomerLimit === null &&
    (promotion.usageLimit === null || promotion.uses < promotion.usageLimit)
  );
}

/** Within its dates at `now` (ms): starts at or before it, ends after it (ADR 055 rule 1). */
const isRunningAt = (promotion: SalePromotion, now: number): boolean =>
  (promotion.startsAt === null || promotion.startsAt.getTime() <= now) &&
  (promotion.endsAt === null || now < promotion.endsAt.getTime());

const sameText = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Whether the promotion's target holds the variant (ADR 055 rule 2). */
export function targetsVariant(promotion: SalePromotion, variant: SaleVariant): boolean {
  const ids = promotion.targetIds;
  switch (promotion.targetKind) {
    case 'all':
      return true;
    case 'categories':
      return variant.categoryId !== null && ids.includes(variant.categoryId);
    case 'products':
      return ids.includes(variant.productId);
    case 'variants':
      return ids.some((sku) => sameText(sku, variant.sku));
    case 'platforms': {
      const { platform } = variant;
      return platform !== null && ids.some((name) => sameText(name, platform));
    }
    default:
      return false;
  }
}

/** Rule 4's order: higher priority first, then the older (created at, then id). */
function considerFirst(a: SalePromotion, b: SalePromotion): number {
  if (a.priority !== b.priority) return b.priority - a.priority;
  const created = a.createdAt.getTime() - b.createdAt.getTime();
  if (created !== 0) return created;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Round half up of `cents × ppm / 10^6` (exact in integers for any price the shop allows). */
const percentOf = (cents: number, ppm: number): number => Math.floor((cents * ppm + PPM / 2) / PPM);

/**
 * The public sale price of `variant` at `now` (ms since the epoch) under `promotions`, or null
 * when none of them takes anything off it. Percent off: round half up of the remaining price × the
 * percent; amount off: the amount, at most the remaining price; stacked in rule 4's order, an
 * exclusive one alone.
 */
export function salePriceOf(
  variant: SaleVariant,
  promotions: readonly SalePromotion[],
  now: number,
): SalePrice | null {
  const candidates = promotions
    .filter(
      (promotion) =>
        isPublicSalePromotion(promotion) &&
        isRunningAt(promotion, now) &&
        targetsVariant(promotion, variant),
    )
    .sort(considerFirst);
  let remaining = variant.unitPriceCents;
  let applied = 0;
  let exclusiveApplied = false;
  const names: string[] = [];
  for (const promotion of candidates) {
    if (exclusiveApplied || (promotion.exclusive && applied > 0)) continue;
    const discount =
      promotion.kind === 'percent_off'
        ? percentOf(remaining, promotion.percentPpm ?? 0)
        : Math.min(promotion.amountCents ?? 0, remaining);
    applied += 1;
    exclusiveApplied = promotion.exclusive;
    if (discount > 0) {
      remaining -= discount;
      names.push(promotion.name);
    }
  }
  if (remaining >= variant.unitPriceCents) return null;
  return { salePriceCents: remaining, promotionName: names.join(' + ') };
}

/**
 * The times (ms) at which some public sale price may start or stop, ascending: the start and end
 * of every promotion that may give one. Between two of them, `salePriceOf` answers the same.
 */
export function saleBoundaries(promotions: readonly SalePromotion[]): number[] {
  const times = new Set<number>();
  for (const promotion of promotions) {
    if (!isPublicSalePromotion(promotion)) continue;
    if (promotion.startsAt) times.add(promotion.startsAt.getTime());
    if (promotion.endsAt) times.add(promotion.endsAt.getTime());
  }
  return [...times].sort((a, b) => a - b);
}

/** The last boundary at or before `now` (0: none): it changes exactly when a boundary passes. */
export function saleEpochAt(boundaries: readonly number[], now: number): number {
  let epoch = 0;
  for (const time of boundaries) {
    if (time > now) break;
    epoch = time;
  }
  return epoch;
}

/** The first boundary after `now`, or Infinity: what is worked out at `now` holds until then. */
export function nextSaleBoundary(boundaries: readonly number[], now: number): number {
  for (const time of boundaries) if (time > now) return time;
  return Infinity;
}
