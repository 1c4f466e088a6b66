import { useParams } from 'react-router';
import { PurchasePage } from '../../features/purchase/components/purchase-page.tsx';

/** The page names itself once it knows the product. */
export default function PurchaseRoute() {
  const { productId = '' } = useParams();
  return <PurchasePage productId={productId} />;
}
