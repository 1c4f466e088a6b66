import { useParams } from 'react-router';
import { DocumentTitle } from '../../components/document-title.tsx';
import { AddToBasketButton } from '../../features/basket/components/add-to-basket-button.tsx';
import { NotFoundPage } from '../../features/pages/components/not-found-page.tsx';
import { PurchasePage } from '../../features/purchase/components/purchase-page.tsx';

/** The page names itself once it knows the product; an unknown one is the not-found page. */
export default function PurchaseRoute() {
  const { productId = '' } = useParams();
  return (
    <PurchasePage
      productId={productId}
      basketAction={(line) => <AddToBasketButton line={line} />}
      notFound={
        <>
          <DocumentTitle title="Page not found" />
          <NotFoundPage />
        </>
      }
    />
  );
}
