import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/text-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { useVerifyTwoFactor, type TwoFactorCode } from '../api/verify-two-factor.ts';
import { FormFailure } from './auth-card.tsx';

type CodeCheck = Pick<
  UseMutationResult<unknown, Error, TwoFactorCode>,
  'mutateAsync' | 'isPending'
>;

/**
 * Sign-in's second step: the authenticator app's code, or one of the backup codes. With `verify`,
 * the same form checks a code another way (the current session's: session-code-prompt.tsx).
 */
export function TwoFactorStep({
  onSignedIn,
  verify: check,
}: {
  onSignedIn?: () => void | Promise<void>;
  verify?: CodeCheck;
}) {
  const [code, setCode] = useState('');
  const [backup, setBackup] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const signIn = useVerifyTwoFactor();
  const verify = check ?? signIn;
  const label = backup ? 'Backup code' : 'Authentication code';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (code.trim() === '') {
      setFailure(`Enter your ${label.toLowerCase()}.`);
      return;
    }
    try {
      await verify.mutateAsync({ code, backup });
    } catch (error) {
      setFailure(getErrorMessage(error));
      return;
    }
    await onSignedIn?.();
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Two-factor sign-in"
      className="flex flex-col gap-4"
    >
      <p>
        {backup
          ? 'Enter one of the backup codes you saved when you turned on two-factor sign-in.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      <TextField
        label={label}
        autoComplete="one-time-code"
        inputMode={backup ? 'text' : 'numeric'}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        maxLength={40}
        autoFocus
      />
      <SubmitButton pending={verify.isPending} className="w-full">
        Verify
      </SubmitButton>
      <button
        type="button"
        className="btn btn-link btn-sm self-start"
        onClick={() => {
          setBackup(!backup);
          setCode('');
          setFailure(null);
        }}
      >
        {backup ? 'Use the authenticator app instead' : 'Use a backup code instead'}
      </button>
      <FormFailure message={failure} />
    </form>
  );
}
