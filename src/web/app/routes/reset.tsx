import { DocumentTitle } from '../../components/document-title.tsx';
import { ResetPasswordPage } from '../../features/auth/components/reset-password-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function ResetRoute() {
  return (
    <>
      <DocumentTitle
        title={pageRoutes.reset.title}
        description="Forgot your Toolhouse password? Get a link by email to choose a new one."
      />
      <ResetPasswordPage />
    </>
  );
}
