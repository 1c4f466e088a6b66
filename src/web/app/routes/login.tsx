import { DocumentTitle } from '../../components/document-title.tsx';
import { LoginPage } from '../../features/auth/components/login-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function LoginRoute() {
  return (
    <>
      <DocumentTitle
        title={pageRoutes.login.title}
        description="Sign in to your Toolhouse account to order power tools, pay and follow your orders."
      />
      <LoginPage />
    </>
  );
}
