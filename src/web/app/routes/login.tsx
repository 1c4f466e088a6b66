import { DocumentTitle } from '../../components/document-title.tsx';
import { LoginPage } from '../../features/auth/components/login-page.tsx';

export default function LoginRoute() {
  return (
    <>
      <DocumentTitle
        title="Login"
        description="Sign in to your Toolhouse account to order power tools, pay and follow your orders."
      />
      <LoginPage />
    </>
  );
}
