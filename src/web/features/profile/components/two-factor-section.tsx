import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { usePermissions } from '../../../lib/auth/permissions.ts';
import { useSignedInUser } from '../../../lib/auth/session.ts';
import {
  useConfirmEnrolment,
  useDisableTwoFactor,
  useStartEnrolment,
  type Enrolment,
} from '../api/two-factor.ts';
import { TotpQrCode } from './totp-qr-code.tsx';

export const TWO_FACTOR_ON_MESSAGE = 'Two-factor sign-in is on.';
export const TWO_FACTOR_OFF_MESSAGE = 'Two-factor sign-in is off.';

function PasswordForm({
  label,
  button,
  pending,
  onPassword,
}: {
  label: string;
  button: string;
  pending: boolean;
  onPassword: (password: string) => void;
}) {
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) onPassword(password);
  };
  return (
    <form noValidate onSubmit={submit} aria-label={label} className="flex flex-col gap-3">
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <SubmitButton pending={pending} className="self-start">
        {button}
      </SubmitButton>
    </form>
  );
}

function ConfirmStep({ enrolment, onDone }: { enrolment: Enrolment; onDone: () => void }) {
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = useConfirmEnrolment();
  const secret = new URL(enrolment.totpURI).searchParams.get('secret') ?? '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    confirm.mutate(code, {
      onSuccess: () => {
        toast.success(TWO_FACTOR_ON_MESSAGE);
        onDone();
      },
      onError: (error) => setFailure(getErrorMessage(error)),
    });
  };
  return (
    <div className="flex flex-col gap-4">
      <p>1. Scan this code with your authenticator app, or type the key below into it.</p>
      <TotpQrCode uri={enrolment.totpURI} />
      <p className="text-sm">
        Key: <code className="break-all">{secret}</code>
      </p>
      <p>2. Save these backup codes somewhere safe. Each one signs you in once without the app.</p>
      <ul aria-label="Backup codes" className="grid grid-cols-2 gap-1 font-mono text-sm">
        {enrolment.backupCodes.map((backupCode) => (
          <li key={backupCode}>{backupCode}</li>
        ))}
      </ul>
      <form
        noValidate
        onSubmit={submit}
        aria-label="Confirm two-factor sign-in"
        className="flex flex-col gap-3"
      >
        <TextField
          label="Authentication code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={10}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          hint="3. Enter the 6-digit code the app shows now."
        />
        <SubmitButton pending={confirm.isPending} className="self-start">
          Turn on
        </SubmitButton>
        {failure && (
          <p role="alert" className="text-error">
            {failure}
          </p>
        )}
      </form>
    </div>
  );
}

/** My Profile → Two-factor sign-in: enrol TOTP (QR code, backup codes), or turn it off. */
export function TwoFactorSection() {
  const user = useSignedInUser();
  const permissions = usePermissions(user.email);
  const start = useStartEnrolment();
  const disable = useDisableTwoFactor();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [disablePassword, setDisablePassword] = useState<string | null>(null);

  return (
    <section
      aria-labelledby="two-factor-heading"
      className="flex flex-col gap-4 rounded-box border border-base-300 p-4"
    >
      <h2 id="two-factor-heading" className="text-xl font-bold">
        Two-factor sign-in
      </h2>
      <QueryState
        query={permissions}
        loading="Loading your sign-in settings"
        failed="We couldn't load your sign-in settings."
      >
        {(mine) => {
          if (enrolment)
            return <ConfirmStep enrolment={enrolment} onDone={() => setEnrolment(null)} />;
          if (mine.twoFactorEnabled)
            return (
              <>
                <p>
                  {TWO_FACTOR_ON_MESSAGE} Signing in asks for a code from your authenticator app.
                </p>
                <PasswordForm
                  label="Turn off two-factor sign-in"
                  button="Turn off"
                  pending={disable.isPending}
                  onPassword={setDisablePassword}
                />
                {disablePassword !== null && (
                  <ConfirmDialog
                    title="Turn off two-factor sign-in?"
                    body="Your password alone will sign you in again."
                    confirmLabel="Turn off"
                    busy={disable.isPending}
                    onCancel={() => setDisablePassword(null)}
                    onConfirm={() =>
                      disable.mutate(disablePassword, {
                        onSuccess: () => toast.success(TWO_FACTOR_OFF_MESSAGE),
                        onError: (error) => toast.error(getErrorMessage(error)),
                        onSettled: () => setDisablePassword(null),
                      })
                    }
                  />
                )}
              </>
            );
          return (
            <>
              {mine.twoFactorRequired && (
                <p role="alert" className="alert alert-warning">
                  Your staff role needs two-factor sign-in: turn it on to use the staff screens.
                </p>
              )}
              <p>
                {TWO_FACTOR_OFF_MESSAGE} Turn it on to sign in with your password and a code from an
                authenticator app.
              </p>
              <PasswordForm
                label="Turn on two-factor sign-in"
                button="Set up two-factor sign-in"
                pending={start.isPending}
                onPassword={(password) =>
                  start.mutate(password, {
                    onSuccess: setEnrolment,
                    onError: (error) => toast.error(getErrorMessage(error)),
                  })
                }
              />
            </>
          );
        }}
      </QueryState>
    </section>
  );
}
