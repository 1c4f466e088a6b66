import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { RegisterFormSchema } from '../../../../shared/auth.ts';
import { TextField } from '../../../components/text-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSignUpWithEmail } from '../api/sign-up-with-email.ts';
import { NEW_PASSWORD_HINT } from '../lib/password-hint.ts';
import { AuthCard, FormFailure, FormNotice } from './auth-card.tsx';
import { SocialSignIn } from './social-sign-in.tsx';
import { pageRoutes } from '../../../../shared/page-routes.ts';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { formSubmitHandler, useSpecForm } from '../../../lib/use-spec-form.ts';

/** Spec: after registering, the user lands on /home. */

const VERIFY_EMAIL_FIRST_MESSAGE =
  'Your account is created. We have sent you an email: please verify your address, then log in.';

export function RegisterPage() {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const signUp = useSignUpWithEmail();

  const { handleSubmit, reset, field } = useSpecForm(RegisterFormSchema, {
    name: '',
    email: '',
    password: '',
  });

  const onSubmit = handleSubmit(async (account) => {
    setFailure(null);
    setNotice(null);
    let user;
    try {
      user = await signUp.mutateAsync(account);
    } catch (error) {
      setFailure(getErrorMessage(error));
      return;
    }
    if (user) {
      await navigate(pageRoutes.home.alias);
    } else {
      // The identity service wants the address verified before the first sign-in.
      reset();
      setNotice(VERIFY_EMAIL_FIRST_MESSAGE);
    }
  });

  return (
    <AuthCard title="Register">
      <FormNotice message={notice} />
      <form
        noValidate
        onSubmit={formSubmitHandler(onSubmit)}
        aria-label="Register"
        className="flex flex-col gap-4"
      >
        <TextField label="Name" type="text" autoComplete="name" {...field('name')} />
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={NEW_PASSWORD_HINT}
          {...field('password')}
        />
        <SubmitButton pending={signUp.isPending} className="w-full">
          Register
        </SubmitButton>
        <FormFailure message={failure} />
      </form>
      <p className="text-center text-sm">
        Already have an account?{' '}
        <Link to={pageRoutes.login.href()} className="link font-semibold">
          Log in instead
        </Link>
      </p>
      <SocialSignIn
        next={pageRoutes.home.alias}
        onStart={() => setFailure(null)}
        onFailure={setFailure}
      />
    </AuthCard>
  );
}
