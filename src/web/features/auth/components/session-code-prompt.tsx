import { STAFF_SESSION_CODE_REQUIRED_MESSAGE } from '../../../../shared/permissions.ts';
import { useSignedInUser } from '../../../lib/auth/session.ts';
import { useVerifySession } from '../api/verify-two-factor.ts';
import { TwoFactorStep } from './two-factor-step.tsx';

/**
 * Staff screens on a session that has not passed the second factor (a Google, Facebook or OpenID
 * sign-in, or one from before two-factor was turned on): a code from the app, or a backup code,
 * verifies this session, and the screen opens.
 */
export function SessionCodePrompt() {
  const user = useSignedInUser();
  const verify = useVerifySession(user.email);
  return (
    <div className="flex max-w-sm flex-col gap-4">
      <p role="alert" className="alert alert-warning">
        {STAFF_SESSION_CODE_REQUIRED_MESSAGE}
      </p>
      <TwoFactorStep verify={verify} />
    </div>
  );
}
