import { DocumentTitle } from '../../components/document-title.tsx';
import { ResetPasswordPage } from '../../features/auth/components/reset-password-page.tsx';

export default function ResetRoute() {
  return (
    <>
      <DocumentTitle
        title="Reset Password"
        description="Forgot your Toolhouse password? Get a link by email to choose a new one."
      />
      <ResetPasswordPage />
    </>
  );
}
