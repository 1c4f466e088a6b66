import { describe, expect, it } from 'vitest';
import { CHECKOUT_LINES_FAILED_MESSAGE } from '../../shared/checkout.ts';
import { PRICES_CHANGED_MESSAGE } from '../../shared/pricing.ts';
import {
  CODE_EXPIRED_MESSAGE,
  CODE_NOT_COMBINABLE_MESSAGE,
  CODE_USED_UP_MESSAGE,
  codeMinimumSubtotalMessage,
} from '../../shared/promotions.ts';
import { ApiError } from '../lib/api-error.ts';
import { applyCode, codeConflict, codeRefusal, findRefusedCode } from './promotion-codes.ts';

const error = (status: number, message: string, fields?: Record<string, string>) =>
  new ApiError({ status, code: 'X', message, fields });

describe('codeRefusal and codeConflict', () => {
  it("read a code's refusal from the quote's 400 and the placement's 409", () => {
    expect(codeRefusal(error(400, 'Invalid', { codes: CODE_EXPIRED_MESSAGE }))).toBe(
      CODE_EXPIRED_MESSAGE,
    );
    expect(codeRefusal(error(400, codeMinimumSubtotalMessage(50_000)))).toBe(
      'Spend at least $500.00 on eligible items to use this code',
    );
    expect(codeConflict(error(409, CODE_USED_UP_MESSAGE, { codes: CODE_USED_UP_MESSAGE }))).toBe(
      CODE_USED_UP_MESSAGE,
    );
    expect(codeConflict(error(409, CODE_USED_UP_MESSAGE))).toBe(CODE_USED_UP_MESSAGE);
  });

  it('leave every other failure to the page', () => {
    expect(codeRefusal(error(400, 'City is required', { city: 'City is required' }))).toBeNull();
    expect(codeRefusal(error(503, CODE_EXPIRED_MESSAGE))).toBeNull();
    expect(codeRefusal(new Error(CODE_EXPIRED_MESSAGE))).toBeNull();
    expect(codeConflict(error(409, PRICES_CHANGED_MESSAGE))).toBeNull();
    expect(
      codeConflict(error(409, CHECKOUT_LINES_FAILED_MESSAGE, { 'a-product': 'Out of stock' })),
    ).toBeNull();
    expect(
      codeConflict(error(400, CODE_USED_UP_MESSAGE, { codes: CODE_USED_UP_MESSAGE })),
    ).toBeNull();
  });
});

describe('findRefusedCode', () => {
  /** A pricing step that refuses B once it is typed after A (they do not combine). */
  const probe = (codes: string[]) =>
    codes.includes('B') && codes.includes('A')
      ? Promise.reject(error(400, 'Invalid', { codes: CODE_NOT_COMBINABLE_MESSAGE }))
      : Promise.resolve({});

  it('names the first code, in the order typed, that the quote refuses', async () => {
    await expect(findRefusedCode(['A', 'C', 'B'], probe)).resolves.toEqual({
      code: 'B',
      message: CODE_NOT_COMBINABLE_MESSAGE,
    });
  });

  it('names none when the quote takes them all or fails for another reason', async () => {
    await expect(findRefusedCode(['A', 'C'], probe)).resolves.toBeNull();
    await expect(
      findRefusedCode(['A'], () => Promise.reject(error(503, 'Tax cannot be calculated'))),
    ).resolves.toBeNull();
  });
});

describe('applyCode', () => {
  it('keeps a code the quote takes, after the others', async () => {
    let kept: string[] = [];
    await expect(applyCode(['A'], 'C', probe(), (codes) => (kept = codes))).resolves.toBeNull();
    expect(kept).toEqual(['A', 'C']);
  });

  it('keeps nothing and says why when the quote refuses the code', async () => {
    let kept: string[] | null = null;
    await expect(applyCode(['A'], 'B', probe(), (codes) => (kept = codes))).resolves.toBe(
      CODE_NOT_COMBINABLE_MESSAGE,
    );
    expect(kept).toBeNull();
  });

  function probe() {
    return (codes: string[]) =>
      codes.includes('B')
        ? Promise.reject(error(400, 'Invalid', { codes: CODE_NOT_COMBINABLE_MESSAGE }))
        : Promise.resolve({});
  }
});
