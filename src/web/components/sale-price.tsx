import { formatDollars } from '../../shared/money.ts';

// Issue 36: an automatic promotion's sale price, as the catalogue answers it for everyone (the
// product's or variant's `salePrice` and `salePromotion`), server-rendered with the page.

/** What a product or a variant says of its sale. */
export interface OnSale {
  price: number;
  salePrice: number | null;
  salePromotion: string | null;
}

/** The price to show: the sale price while there is one, else the price. */
export const shownPrice = (item: OnSale): number => item.salePrice ?? item.price;

/** Under a sale price: "Was $X" (struck through) and the promotion's name; nothing without one. */
export function WasPrice({ item }: { item: OnSale }) {
  if (item.salePrice === null) return null;
  return (
    <p className="text-sm">
      Was <s>{`$${formatDollars(item.price)}`}</s>
      {item.salePromotion && (
        <>
          {' '}
          <span className="badge badge-secondary">{item.salePromotion}</span>
        </>
      )}
    </p>
  );
}
