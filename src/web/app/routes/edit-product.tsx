import { useParams } from 'react-router';
import { DocumentTitle } from '../../components/document-title.tsx';
import { EditProductPage } from '../../features/admin-catalog/components/edit-product-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function EditProductRoute() {
  const { productId = '' } = useParams();
  return (
    <>
      <DocumentTitle title={pageRoutes.editProduct.title} />
      <EditProductPage key={productId} productId={productId} />
    </>
  );
}
