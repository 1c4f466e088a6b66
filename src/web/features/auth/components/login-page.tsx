import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { LoginFormSchema } from '../../../../shared/auth.ts';
import { TextField } from '../../../components/text-field.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TWO_FACTOR_NEEDED, useSignInWithEmail } from '../api/sign-in-with-email.ts';
import { TwoFactorStep } from './two-factor-step.tsx';
import { useSocialReturn } from '../hooks/use-social-return.ts';
import { returnPathFromState } from '../lib/return-path.ts';
import { AuthCard, FormFailure, FormNotice } from './auth-card.tsx';
import { SocialSignIn } from './social-sign-in.tsx';
import { pageRoutes } from '../../../../shared/page-routes.ts';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { formSubmitHandler, useSpecForm } from '../../../lib/use-spec-form.ts';

const EMAIL_VERIFIED_MESSAGE = 'Your email is verified. Please log in.';
const VERIFICATION_FAILED_MESSAGE = 'This verification link is invalid or has expired.';

/** What an identity-service redirect to /login says (verification links, social sign-in errors). */
function messagesFromUrl(params: URLSearchParams) {
  const error = params.get('error');
  if (params.get('social') === 'error') {
    return { notice: null, failure: `Sign-in failed: ${error ?? 'unknown_error'}` };
  }
  if (params.get('verified') === '1') {
    return error
      ? { notice: null, failure: VERIFICATION_FAILED_MESSAGE }
      : { notice: EMAIL_VERIFIED_MESSAGE, failure: null };
  }
  return { notice: null, failure: null };
}

export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [fromUrl] = useState(() => messagesFromUrl(searchParams));
  const [failure, setFailure] = useState<string | null>(fromUrl.failure);
  const returnPath = returnPathFromState(location.state);
  const { completing } = useSocialReturn(setFailure);
  const signIn = useSignInWithEmail();
  const [needsCode, setNeedsCode] = useState(false);

  const { handleSubmit, field } = useSpecForm(LoginFormSchema, { email: '', password: '' });

  const onSubmit = handleSubmit(async (credentials) => {
    setFailure(null);
    try {
      if ((await signIn.mutateAsync(credentials)) === TWO_FACTOR_NEEDED) {
        setNeedsCode(true);
        return;
      }
    } catch (error) {
      setFailure(getErrorMessage(error));
      return;
    }
    await navigate(returnPath, { replace: true });
  });

  if (completing) {
    return (
      <AuthCard title="Login">
        <Spinner label="Completing your sign-in" />
      </AuthCard>
    );
  }

  if (needsCode) {
    return (
      <AuthCard title="Login">
        <TwoFactorStep onSignedIn={() => navigate(returnPath, { replace: true })} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Login">
      <FormNotice message={fromUrl.notice} />
      <form
        noValidate
        onSubmit={formSubmitHandler(onSubmit)}
        aria-label="Login"
        className="flex flex-col gap-4"
      >
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          {...field('password')}
        />
        <Link to={pageRoutes.reset.href()} className="link self-end text-sm">
          Forgot password?
        </Link>
        <SubmitButton pending={signIn.isPending} className="w-full">
          Login
        </SubmitButton>
        <FormFailure message={failure} />
      </form>
      <p className="text-center text-sm">
        New to Toolhouse?{' '}
        <Link to={pageRoutes.register.href()} className="link font-semibold">
          Create an account
        </Link>
      </p>
      <SocialSignIn next={returnPath} onStart={() => setFailure(null)} onFailure={setFailure} />
    </AuthCard>
  );
}
