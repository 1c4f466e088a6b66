import { DocumentTitle } from '../../components/document-title.tsx';
import { RegisterPage } from '../../features/auth/components/register-page.tsx';

export default function RegisterRoute() {
  return (
    <>
      <DocumentTitle title="Register" />
      <RegisterPage />
    </>
  );
}
