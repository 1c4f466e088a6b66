import type { TestConfirmBody } from '../../../../shared/payment.ts';

const CARD_NUMBER_MAX_DIGITS = 19;
const CARD_NUMBER_MIN_DIGITS = 13;

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** "4242424242" -> "4242 4242 42": the number in groups of 4 as it is typed. */
export function formatCardNumber(text: string): string {
  return digitsOf(text)
    .slice(0, CARD_NUMBER_MAX_DIGITS)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1230" -> "12/30"; a first digit above 1 is a one-digit month: "4" -> "04". */
export function formatExpiry(text: string): string {
  let digits = digitsOf(text).slice(0, 4);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export function formatCvc(text: string): string {
  return digitsOf(text).slice(0, 4);
}

/**
 * The card, once every field is complete enough to send; null until then. Whether the number,
 * date and code are valid is the provider's call: its message says what is wrong.
 */
export function completeCard(
  number: string,
  expiry: string,
  cvc: string,
): TestConfirmBody['card'] | null {
  const cardNumber = digitsOf(number);
  const expiryMatch = /^(\d{2})\/(\d{2})$/.exec(expiry);
  if (
    cardNumber.length < CARD_NUMBER_MIN_DIGITS ||
    cardNumber.length > CARD_NUMBER_MAX_DIGITS ||
    !expiryMatch ||
    !/^\d{3,4}$/.test(cvc)
  ) {
    return null;
  }
  return {
    number: cardNumber,
    expMonth: Number(expiryMatch[1]),
    expYear: 2000 + Number(expiryMatch[2]),
    cvc,
  };
}
