import { formatTwoDecimals } from './number-format.ts';

// Money is integer cents everywhere it is stored or computed; the API shows dollars as the spec does.

export function centsToDollars(cents: number): number {
  return cents / 100;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** 129.99 -> "129.99", 1200 -> "1,200.00" (the caller puts the "$" where the spec wants it). */
export function formatDollars(dollars: number): string {
  return formatTwoDecimals(dollars);
}

/** 120000 cents -> "$1,200.00": an amount of cents as a mail or receipt shows it. */
export function formatCents(cents: number): string {
  return `$${formatDollars(centsToDollars(cents))}`;
}
