/**
 * A line's contract price (issue 37, docs/decisions/059): after the price break of its quantity,
 * the company's price list: a fixed price of the variant when it is lower, else its category's
 * percent off (basis points) the break price, rounded half up to the cent. The order statement's
 * UNIT_PRICE_SQL computes the same on the locked variant.
 */
export function contractCents(
  breakCents: number,
  contract: { fixedCents: number | null; percentBp: number | null },
): number {
  if (contract.fixedCents !== null) return Math.min(contract.fixedCents, breakCents);
  if (contract.percentBp !== null)
    return breakCents - Math.floor((breakCents * contract.percentBp + 5000) / 10_000);
  return breakCents;
}
