import { DocumentTitle } from '../../components/document-title.tsx';
import { ManageProductsPage } from '../../features/admin-catalog/components/manage-products-page.tsx';
import { ExportProductsCsv } from '../../features/exports/components/export-products-csv.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function ManageProductsRoute() {
  return (
    <>
      <DocumentTitle title={pageRoutes.manageProducts.title} />
      <div className="flex flex-col gap-6">
        <ManageProductsPage />
        <ExportProductsCsv />
      </div>
    </>
  );
}
