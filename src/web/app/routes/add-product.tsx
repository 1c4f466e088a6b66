import { DocumentTitle } from '../../components/document-title.tsx';
import { AddProductPage } from '../../features/admin-catalog/components/add-product-page.tsx';

export default function AddProductRoute() {
  return (
    <>
      <DocumentTitle title="Add a new Product" />
      <AddProductPage />
    </>
  );
}
