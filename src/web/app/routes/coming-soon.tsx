import { DocumentTitle } from '../../components/document-title.tsx';
import { ComingSoonPanel } from '../../features/dashboard/components/coming-soon-panel.tsx';

/** A dashboard screen that arrives with a later issue; its route and guards work already. */
export default function ComingSoonRoute({ title }: { title: string }) {
  return (
    <>
      <DocumentTitle title={title} />
      <ComingSoonPanel title={title} />
    </>
  );
}
