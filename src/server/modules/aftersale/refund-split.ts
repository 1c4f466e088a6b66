/*
 * What a refund returns of an order line (issue 35, docs/decisions/054), from the cents the order
 * was charged, never from rates: the goods' net and their tax for the units refunded, and the
 * line's shipping share with its tax only when staff chose to refund shipping.
 *
 * A part of k units out of n is the CUMULATIVE share: after refunds of u units, the next k get
 * share(u + k) − share(u), with share(m) = the line's cents × m / n rounded half up. So however the
 * units are refunded, in one step or several, all n return exactly the line's net and tax, to the
 * cent. Each part is also capped by what is left of it (a refund of an amount took some before).
 *
 * Issue 36: a line's net is after its share of the promotions' discounts (what was paid for the
 * goods); units also carry back their cumulative share of the line's discount (`discountCents`,
 * recorded for the credit note and the overview, never paid back: it was never charged).
 */

/** One part of what a line cost, or of what was refunded of it, in cents. */
export interface ChargeParts {
  quantity: number;
  /** The goods as charged: after the discount (a line: unit × quantity − its discount). */
  netCents: number;
  /** The promotions' discount on them (not part of the amount: it was not charged). */
  discountCents: number;
  taxCents: number;
  shippingCents: number;
  shippingTaxCents: number;
}

/** What staff ask to refund: units (their net and tax), or an amount of the goods; and shipping. */
export interface RefundAsk {
  quantity?: number | undefined;
  amountCents?: number | undefined;
  withShipping: boolean;
}

export type RefundSplit =
  | { ok: true; parts: ChargeParts; amountCents: number }
  | { ok: false; problem: 'quantity'; unitsLeft: number }
  | { ok: false; problem: 'amount'; goodsLeftCents: number };

/** `cents` × `units` / `of`, rounded half up (exact in integers, whatever the size). */
export function shareOf(cents: number, units: number, of: number): number {
  if (of <= 0) return 0;
  const twice = 2n * BigInt(cents) * BigInt(units) + BigInt(of);
  return Number(twice / (2n * BigInt(of)));
}

const between = (value: number, max: number) => Math.max(0, Math.min(value, max));

/** Splits a refund of `ask` of a line that cost `line`, after the refunds `before` (not failed). */
export function splitRefund(line: ChargeParts, before: ChargeParts, ask: RefundAsk): RefundSplit {
  const netLeft = line.netCents - before.netCents;
  const taxLeft = line.taxCents - before.taxCents;
  let quantity = 0;
  let netCents = 0;
  let discountCents = 0;
  let taxCents = 0;
  if (ask.quantity !== undefined) {
    const unitsLeft = line.quantity - before.quantity;
    if (ask.quantity > unitsLeft) return { ok: false, problem: 'quantity', unitsLeft };
    quantity = ask.quantity;
    const upTo = before.quantity + quantity;
    const part = (cents: number) =>
      shareOf(cents, upTo, line.quantity) - shareOf(cents, before.quantity, line.quantity);
    netCents = between(part(line.netCents), netLeft);
    taxCents = between(part(line.taxCents), taxLeft);
    discountCents = between(part(line.discountCents), line.discountCents - before.discountCents);
  } else if (ask.amountCents !== undefined) {
    // An amount of the goods (a goodwill refund): its tax in proportion of what is left of each.
    const goodsLeft = Math.max(0, netLeft) + Math.max(0, taxLeft);
    if (ask.amountCents > goodsLeft)
      return { ok: false, problem: 'amount', goodsLeftCents: goodsLeft };
    taxCents = between(shareOf(Math.max(0, taxLeft), ask.amountCents, goodsLeft), taxLeft);
    netCents = ask.amountCents - taxCents;
  }
  const shippingCents = ask.withShipping
    ? Math.max(0, line.shippingCents - before.shippingCents)
    : 0;
  const shippingTaxCents = ask.withShipping
    ? Math.max(0, line.shippingTaxCents - before.shippingTaxCents)
    : 0;
  const parts = { quantity, netCents, discountCents, taxCents, shippingCents, shippingTaxCents };
  return {
    ok: true,
    parts,
    amountCents: netCents + taxCents + shippingCents + shippingTaxCents,
  };
}
