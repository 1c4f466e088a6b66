import { DocumentTitle } from '../../components/document-title.tsx';
import { RegisterPage } from '../../features/auth/components/register-page.tsx';

export default function RegisterRoute() {
  return (
    <>
      <DocumentTitle
        title="Register"
        description="Create a Toolhouse account to order power tools online and review what you bought."
      />
      <RegisterPage />
    </>
  );
}
