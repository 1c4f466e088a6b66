import { useParams } from 'react-router';
import { DocumentTitle } from '../../components/document-title.tsx';
import { EditProductPage } from '../../features/admin-catalog/components/edit-product-page.tsx';

export default function EditProductRoute() {
  const { productId = '' } = useParams();
  return (
    <>
      <DocumentTitle title="Edit Product" />
      <EditProductPage key={productId} productId={productId} />
    </>
  );
}
