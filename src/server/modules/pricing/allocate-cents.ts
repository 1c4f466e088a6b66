/**
 * Splits `totalCents` over parts in proportion to `weights`, to the cent: each part gets the floor
 * of its exact share, and the cents left go one each to the parts with the largest remainders
 * (ties: the earlier part). The parts always sum to `totalCents`. All weights 0: the first part
 * takes it all.
 */
export function allocateCents(totalCents: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0) return [];
  if (sum <= 0) return weights.map((_, index) => (index === 0 ? totalCents : 0));
  const shares = weights.map((weight, index) => {
    const exact = BigInt(totalCents) * BigInt(weight);
    return {
      index,
      cents: Number(exact / BigInt(sum)),
      remainder: Number(exact % BigInt(sum)),
    };
  });
  let left = totalCents - shares.reduce((a, share) => a + share.cents, 0);
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (left <= 0) break;
    share.cents += 1;
    left -= 1;
  }
  return shares.map((share) => share.cents);
}
