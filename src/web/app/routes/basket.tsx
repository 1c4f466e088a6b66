import { DocumentTitle } from '../../components/document-title.tsx';
import { BasketPage } from '../../features/basket/components/basket-page.tsx';

export default function BasketRoute() {
  return (
    <>
      <DocumentTitle title="Basket" />
      <BasketPage />
    </>
  );
}
