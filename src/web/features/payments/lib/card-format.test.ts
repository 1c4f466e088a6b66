import { describe, expect, it } from 'vitest';
import { completeCard, formatCardNumber, formatCvc, formatExpiry } from './card-format.ts';

describe('card fields', () => {
  it('groups the card number by 4 as it is typed, up to 19 digits', () => {
    expect(formatCardNumber('4')).toBe('4');
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242-4242 4242x4242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('12345678901234567890123')).toBe('1234 5678 9012 3456 789');
  });

  it('writes the expiry as MM/YY', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/34')).toBe('12/34');
    expect(formatExpiry('123456')).toBe('12/34');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('0430')).toBe('04/30');
  });

  it('keeps 4 digits of CVC', () => {
    expect(formatCvc('12a34 5')).toBe('1234');
  });

  it('is complete only with a whole number, MM/YY and a 3 or 4 digit CVC', () => {
    expect(completeCard('4242 4242 4242 4242', '12/34', '123')).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
    });
    expect(completeCard('4242 4242 4242', '12/34', '123')).toBeNull();
    expect(completeCard('4242 4242 4242 4242', '12/3', '123')).toBeNull();
    expect(completeCard('4242 4242 4242 4242', '12/34', '12')).toBeNull();
    // The provider judges the month: its message says it is invalid.
    expect(completeCard('4242 4242 4242 4242', '13/34', '1234')).toMatchObject({ expMonth: 13 });
  });
});
