import { useEffect, useEffectEvent } from 'react';
import { PRICES_CHANGED_MESSAGE } from '../../shared/pricing.ts';
import {
  CODE_CUSTOMER_USED_MESSAGE,
  CODE_EXPIRED_MESSAGE,
  CODE_FIRST_ORDER_MESSAGE,
  CODE_NOT_COMBINABLE_MESSAGE,
  CODE_NOT_FOR_ITEMS_MESSAGE,
  CODE_NOT_YET_VALID_MESSAGE,
  CODE_UNKNOWN_MESSAGE,
  CODE_USED_UP_MESSAGE,
  codeKey,
} from '../../shared/promotions.ts';
import { isApiError } from '../lib/api-client.ts';

// Promotion codes at the pricing step (issue 36, docs/decisions/055): the quote refuses a code that
// does not apply with 400 and its reason in `fields.codes`; the order statement refuses a code whose
// limit was reached meanwhile with 409 and the code's message. The basket, the checkout and the
// purchase form read both the same way.

const CODE_MESSAGES: ReadonlySet<string> = new Set([
  CODE_UNKNOWN_MESSAGE,
  CODE_EXPIRED_MESSAGE,
  CODE_NOT_YET_VALID_MESSAGE,
  CODE_USED_UP_MESSAGE,
  CODE_CUSTOMER_USED_MESSAGE,
  CODE_NOT_FOR_ITEMS_MESSAGE,
  CODE_FIRST_ORDER_MESSAGE,
  CODE_NOT_COMBINABLE_MESSAGE,
]);

/** One of the code messages of src/shared/promotions.ts (the minimums' are made per amount). */
const isCodeMessage = (message: string) =>
  CODE_MESSAGES.has(message) || / to use this code$/.test(message);

/** Why the quote refused a code (its 400's `fields.codes`, or its message), else null. */
export function codeRefusal(error: unknown): string | null {
  if (!isApiError(error) || error.status !== 400) return null;
  const field = error.fields?.codes;
  if (field !== undefined) return field;
  return isCodeMessage(error.message) ? error.message : null;
}

/** A placement refused for a code (its limit reached meanwhile): the code's message, else null. */
export function codeConflict(error: unknown): string | null {
  if (!isApiError(error) || error.status !== 409 || error.message === PRICES_CHANGED_MESSAGE)
    return null;
  const field = error.fields?.codes;
  if (field !== undefined) return field;
  return isCodeMessage(error.message) ? error.message : null;
}

/** The same code, whatever its letters' case (as the shop matches codes). */
export const sameCode = (a: string, b: string) => codeKey(a) === codeKey(b);

/** Prices the order with these codes: resolves when they apply, rejects with the quote's error. */
export type CodesProbe = (codes: string[]) => Promise<unknown>;

/**
 * Which of the applied codes the quote refuses, and why: the codes are tried in the order typed
 * (the first one, then the first two, …), as the pricing step considers them; null when the quote
 * takes them all or fails for another reason.
 */
export async function findRefusedCode(
  codes: readonly string[],
  probe: CodesProbe,
): Promise<{ code: string; message: string } | null> {
  for (let count = 1; count <= codes.length; count += 1) {
    try {
      await probe(codes.slice(0, count));
    } catch (error) {
      const message = codeRefusal(error);
      const code = codes[count - 1];
      return message === null || code === undefined ? null : { code, message };
    }
  }
  return null;
}

/** What is said next to the code field when a code applied before was taken off. */
export const removedCodeMessage = (code: string, message: string) =>
  `${code} was removed: ${message}`;

/**
 * When the quote of the applied codes refuses one (the basket changed, the code expired or was used
 * up meanwhile), that code is taken off and `onRemoved` says why; the others stay. `quoteError` is
 * the live quote's error.
 */
export function useDropRefusedCodes({
  codes,
  quoteError,
  probe,
  onRemoved,
}: {
  codes: readonly string[];
  quoteError: unknown;
  probe: CodesProbe;
  onRemoved: (code: string, message: string) => void;
}) {
  const refused = codeRefusal(quoteError);
  const codesKey = codes.join('\n');
  // One code: it is the one. Several: the first the quote refuses.
  const findRefused = useEffectEvent((applied: string[], message: string) =>
    applied.length === 1 && applied[0] !== undefined
      ? Promise.resolve({ code: applied[0], message })
      : findRefusedCode(applied, probe),
  );
  const removed = useEffectEvent((code: string, message: string) => onRemoved(code, message));
  useEffect(() => {
    if (refused === null || codesKey === '') return;
    let cancelled = false;
    void findRefused(codesKey.split('\n'), refused).then((found) => {
      if (!cancelled && found) removed(found.code, found.message);
    });
    return () => {
      cancelled = true;
    };
  }, [refused, codesKey]);
}

/**
 * Applies `code` after `codes`: the quote of them all is asked (`probe`); a refusal of the code is
 * its message and nothing is kept; else `keep` is given the codes with it (also when the quote
 * fails for another reason, e.g. tax cannot be computed: the live quote judges the code then).
 */
export async function applyCode(
  codes: readonly string[],
  code: string,
  probe: CodesProbe,
  keep: (codes: string[]) => void,
): Promise<string | null> {
  const next = [...codes, code];
  try {
    await probe(next);
  } catch (error) {
    const refused = codeRefusal(error);
    if (refused !== null) return refused;
  }
  keep(next);
  return null;
}
