import { useSavedAddresses } from '../../../api/addresses.ts';
import { useCheckoutQuote } from '../../../api/checkout-quote.ts';
import { QuoteTotals } from '../../../components/quote-totals.tsx';

/** Issue 35: the basket prices the products; the checkout adds shipping and tax for the address. */
export const SHIPPING_AT_CHECKOUT_MESSAGE = 'Shipping and tax are calculated at checkout.';

/**
 * Shipping and tax on the basket (issue 35): for a customer with a saved address, the basket
 * priced for the newest one (an estimate: the checkout prices the address chosen there); for
 * anyone else, or when it cannot be priced, where they will be calculated.
 */
export function BasketEstimate({ basketKey }: { basketKey: string }) {
  const saved = useSavedAddresses();
  const newest = saved.data?.find((address) => address.postal !== null);
  const quote = useCheckoutQuote(newest ? { addressId: newest._id } : null, basketKey);
  if (!newest || !quote.data) return <p className="text-sm">{SHIPPING_AT_CHECKOUT_MESSAGE}</p>;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm">Estimated for delivery to {newest.address}:</p>
      <QuoteTotals quote={quote.data} stale={quote.isPlaceholderData || quote.isFetching} />
    </div>
  );
}
