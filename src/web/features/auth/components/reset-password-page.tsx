import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import {
  PASSWORD_CHANGED_MESSAGE,
  RESET_EMAIL_SENT_MESSAGE,
  ResetPasswordFormSchema,
  ResetRequestFormSchema,
} from '../../../../shared/auth.ts';
import { TextField } from '../../../components/text-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth/session.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { INVALID_RESET_TOKEN_CODE, useResetPassword } from '../api/reset-password.ts';
import { NEW_PASSWORD_HINT } from '../lib/password-hint.ts';
import { AuthCard, FormFailure, FormNotice } from './auth-card.tsx';
import { pageRoutes } from '../../../../shared/page-routes.ts';
import { formSubmitHandler, useSpecForm } from '../../../lib/use-spec-form.ts';

const INVALID_RESET_LINK_MESSAGE = 'This reset link is invalid or has expired.';

function messageOf(error: unknown): string {
  if (isApiError(error) && error.code === INVALID_RESET_TOKEN_CODE)
    return INVALID_RESET_LINK_MESSAGE;
  return getErrorMessage(error);
}

/** Step 1: ask for a link by e-mail. The answer is the same whether or not the account exists. */
function ResetRequestForm({ linkInvalid }: { linkInvalid: boolean }) {
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(
    linkInvalid ? INVALID_RESET_LINK_MESSAGE : null,
  );
  const request = useRequestPasswordReset();
  const { handleSubmit, field } = useSpecForm(ResetRequestFormSchema, { email: '' });

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    setNotice(null);
    try {
      await request.mutateAsync(body);
    } catch (error) {
      setFailure(messageOf(error));
      return;
    }
    setNotice(RESET_EMAIL_SENT_MESSAGE);
  });

  return (
    <>
      <p>Enter the email of your account and we will send you a link to choose a new password.</p>
      <FormNotice message={notice} />
      <form
        noValidate
        onSubmit={formSubmitHandler(onSubmit)}
        aria-label="Request a reset link"
        className="flex flex-col gap-4"
      >
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <SubmitButton pending={request.isPending} className="w-full">
          Send Reset Link
        </SubmitButton>
        <FormFailure message={failure} />
      </form>
    </>
  );
}

/** Step 2, from the e-mailed link: choose the new password. */
function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const { status, signOut } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);
  const reset = useResetPassword();
  const { handleSubmit, field } = useSpecForm(ResetPasswordFormSchema, { password: '' });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      await reset.mutateAsync({ newPassword: password, token });
    } catch (error) {
      setFailure(messageOf(error));
      return;
    }
    toast.success(PASSWORD_CHANGED_MESSAGE);
    await navigate(pageRoutes.login.href(), { replace: true });
    // The reset ended every session of the account, this browser's too.
    if (status === 'signedIn') await signOut();
  });

  return (
    <>
      <form
        noValidate
        onSubmit={formSubmitHandler(onSubmit)}
        aria-label="Choose a new password"
        className="flex flex-col gap-4"
      >
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          hint={NEW_PASSWORD_HINT}
          {...field('password')}
        />
        <SubmitButton pending={reset.isPending} className="w-full">
          Reset Password
        </SubmitButton>
        <FormFailure message={failure} />
      </form>
      {failure === INVALID_RESET_LINK_MESSAGE && (
        <Link to={pageRoutes.reset.href()} className="link text-center">
          Send me a new reset link
        </Link>
      )}
    </>
  );
}

/** /reset: request a link, or (with ?token= from the link) set the new password. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <AuthCard title="Reset Password">
      {token ? (
        <NewPasswordForm key={token} token={token} />
      ) : (
        <ResetRequestForm linkInvalid={searchParams.has('error')} />
      )}
      <p className="text-center text-sm">
        Remembered it?{' '}
        <Link to={pageRoutes.login.href()} className="link font-semibold">
          Log in instead
        </Link>
      </p>
    </AuthCard>
  );
}
