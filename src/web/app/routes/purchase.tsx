import { useParams } from 'react-router';
import { AddToBasketButton } from '../../features/basket/components/add-to-basket-button.tsx';
import { PurchasePage } from '../../features/purchase/components/purchase-page.tsx';

/** The page names itself once it knows the product. */
export default function PurchaseRoute() {
  const { productId = '' } = useParams();
  return (
    <PurchasePage
      productId={productId}
      basketAction={(line) => <AddToBasketButton line={line} />}
    />
  );
}
