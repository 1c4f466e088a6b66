import { DocumentTitle } from '../../components/document-title.tsx';
import { RegisterPage } from '../../features/auth/components/register-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function RegisterRoute() {
  return (
    <>
      <DocumentTitle
        title={pageRoutes.register.title}
        description="Create a Toolhouse account to order power tools online and review what you bought."
      />
      <RegisterPage />
    </>
  );
}
