import { useState } from 'react';
import type { z } from 'zod';
import type { SavedAddress } from '../../../../shared/address.ts';
import { formatDollars } from '../../../../shared/money.ts';
import type { CheckoutQuote, DeliveryFieldsSchema } from '../../../../shared/pricing.ts';
import { useSavedAddresses } from '../../../api/addresses.ts';
import { useCheckoutQuote, useQuoteFor } from '../../../api/checkout-quote.ts';
import {
  applyCode,
  codeRefusal,
  removedCodeMessage,
  sameCode,
  useDropRefusedCodes,
  type CodesProbe,
} from '../../../api/promotion-codes.ts';
import { PromotionCodeField } from '../../../components/promotion-code-field.tsx';
import { PromotionList, QuoteTotals } from '../../../components/quote-totals.tsx';
import { useAuth } from '../../../lib/auth/session.ts';
import { setPromotionCodes, usePromotionCodes } from '../lib/promotion-codes.ts';

/** Issue 35: the basket prices the products; the checkout adds shipping and tax for the address. */
export const SHIPPING_AT_CHECKOUT_MESSAGE = 'Shipping and tax are calculated at checkout.';
/** Issue 36: a visitor's codes are kept for the checkout, which prices them once signed in. */
export const CODES_AT_CHECKOUT_HINT = 'Codes are checked at checkout.';

type DeliveryFields = z.input<typeof DeliveryFieldsSchema>;

export interface BasketQuote {
  /** The newest saved address with a structured address, which the estimate is for. */
  newest: SavedAddress | undefined;
  quote: CheckoutQuote | undefined;
  stale: boolean;
  codes: readonly string[];
  /** Prices the basket with these codes (null: a visitor, whose basket the server cannot price). */
  probe: CodesProbe | null;
  /** Said next to the code field: a code taken off since, and why. */
  codeMessage: string | null;
  setCodeMessage: (message: string | null) => void;
}

/**
 * The basket's quote (issues 35, 36) for a signed-in customer: priced for the newest saved address
 * (an estimate: the checkout prices the address chosen there), or, without one but with codes
 * applied, at the shop's origin (only its promotions are shown then), with the codes. A code the
 * quote refuses since (the basket changed) is taken off.
 */
export function useBasketQuote(basketKey: string): BasketQuote {
  const { status } = useAuth();
  const codes = usePromotionCodes();
  const [codeMessage, setCodeMessage] = useState<string | null>(null);
  const saved = useSavedAddresses();
  const newest = saved.data?.find((address) => address.postal !== null);
  const signedIn = status === 'signedIn';
  const withCodes = (given: readonly string[]): DeliveryFields => ({
    ...(newest && { addressId: newest._id }),
    ...(given.length > 0 && { codes: [...given] }),
  });
  // Without a saved address, the basket is priced only to judge the codes applied.
  const priced = signedIn && saved.isSuccess && (newest !== undefined || codes.length > 0);
  const quoted = useCheckoutQuote(priced ? withCodes(codes) : null, basketKey);
  const quoteFor = useQuoteFor(basketKey);
  const probe: CodesProbe | null = signedIn ? (given) => quoteFor(withCodes(given)) : null;
  useDropRefusedCodes({
    codes,
    quoteError: priced ? quoted.error : null,
    probe: probe ?? (() => Promise.resolve()),
    onRemoved: (code, message) => {
      setPromotionCodes(codes.filter((applied) => !sameCode(applied, code)));
      setCodeMessage(removedCodeMessage(code, message));
    },
  });
  return {
    newest,
    quote: priced ? quoted.data : undefined,
    stale: quoted.isPlaceholderData || quoted.isFetching,
    codes,
    probe,
    // Until the refused code is found and taken off, the quote's refusal says why.
    codeMessage: codeMessage ?? (priced ? codeRefusal(quoted.error) : null),
    setCodeMessage,
  };
}

/** The basket's code field: checked by the quote for a customer, kept for the checkout else. */
export function BasketPromotionCode({ basketQuote }: { basketQuote: BasketQuote }) {
  const { codes, probe, codeMessage, setCodeMessage } = basketQuote;
  return (
    <PromotionCodeField
      codes={codes}
      message={codeMessage}
      {...(probe === null && { hint: CODES_AT_CHECKOUT_HINT })}
      onApply={(code) => {
        setCodeMessage(null);
        if (probe === null) {
          setPromotionCodes([...codes, code]);
          return Promise.resolve(null);
        }
        return applyCode(codes, code, probe, setPromotionCodes);
      }}
      onRemove={(code) => {
        setCodeMessage(null);
        setPromotionCodes(codes.filter((applied) => applied !== code));
      }}
    />
  );
}

/**
 * Shipping and tax on the basket (issue 35): for a customer with a saved address, the basket
 * priced for the newest one; for anyone else, or when it cannot be priced, where they will be
 * calculated, with the promotions that apply (issue 36).
 */
export function BasketEstimate({ basketQuote }: { basketQuote: BasketQuote }) {
  const { newest, quote, stale } = basketQuote;
  if (!quote) return <p className="text-sm">{SHIPPING_AT_CHECKOUT_MESSAGE}</p>;
  if (!newest) {
    return (
      <div className="flex flex-col gap-2">
        <PromotionList quote={quote} />
        {quote.discount > 0 && (
          <dl aria-label="Savings" className="grid grid-cols-[1fr_auto] gap-x-6">
            <dt>Discount</dt>
            <dd className="text-right">−${formatDollars(quote.discount)}</dd>
          </dl>
        )}
        <p className="text-sm">{SHIPPING_AT_CHECKOUT_MESSAGE}</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm">Estimated for delivery to {newest.address}:</p>
      <QuoteTotals quote={quote} stale={stale} />
    </div>
  );
}
