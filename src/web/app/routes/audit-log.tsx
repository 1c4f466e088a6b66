import { DocumentTitle } from '../../components/document-title.tsx';
import { AuditLogPage } from '../../features/audit-log/components/audit-log-page.tsx';

export default function Route() {
  return (
    <>
      <DocumentTitle title="Audit log" />
      <AuditLogPage />
    </>
  );
}
