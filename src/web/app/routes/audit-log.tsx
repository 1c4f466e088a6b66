import { DocumentTitle } from '../../components/document-title.tsx';
import { AuditLogPage } from '../../features/audit-log/components/audit-log-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function Route() {
  return (
    <>
      <DocumentTitle title={pageRoutes.auditLog.title} />
      <AuditLogPage />
    </>
  );
}
