import { describe, expect, it } from 'vitest';
import { formatInteger, formatTwoDecimals } from './number-format.ts';

describe('number formats', () => {
  const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  const twoDecimals = new Intl.NumberFormat('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });

  it.each([0, 1, 12, 999, 1000, 1234, 99_999, 100_000, 1_000_000, 123_456_789, -1, -1200, 2.4])(
    'formatInteger(%d) says what Intl says',
    (value) => {
      expect(formatInteger(value)).toBe(integer.format(value));
    },
  );

  it.each([0, 0.01, 0.1, 0.29, 1, 9.99, 129.99, 1200, 1234.5, 999_999.99, 1_000_000, -12.3])(
    'formatTwoDecimals(%d) says what Intl says',
    (value) => {
      expect(formatTwoDecimals(value)).toBe(twoDecimals.format(value));
    },
  );

  it('agrees with Intl on every cent amount up to $1,000 and on large ones', () => {
    for (let cents = 0; cents <= 100_000; cents += 1) {
      expect(formatTwoDecimals(cents / 100)).toBe(twoDecimals.format(cents / 100));
    }
    for (const cents of [123_456_789, 99_999_999_99, 100_000_000_00]) {
      expect(formatTwoDecimals(cents / 100)).toBe(twoDecimals.format(cents / 100));
    }
  });
});
