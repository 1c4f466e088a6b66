// Money is integer cents everywhere it is stored or computed; the API shows dollars as the spec does.

export function centsToDollars(cents: number): number {
  return cents / 100;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

const usd = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 129.99 -> "129.99", 1200 -> "1,200.00" (the caller puts the "$" where the spec wants it). */
export function formatDollars(dollars: number): string {
  return usd.format(dollars);
}
