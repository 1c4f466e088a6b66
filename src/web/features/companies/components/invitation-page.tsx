import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { INVITATION_NOT_FOUND_MESSAGE, type Invitation } from '../../../../shared/companies.ts';
import { pageRoutes } from '../../../../shared/page-routes.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-error.ts';
import { useAcceptInvitation, useCloseInvitation, useInvitation } from '../api/companies.ts';
import { ROLE_LABELS } from './company-members.tsx';

// The page an invitation mail links to (issue 37): the company and the role offered, Accept or
// Decline. Only the account of the invited e-mail sees it; anyone else gets "not found".

export const INVITATION_DECLINED_MESSAGE = 'Invitation declined';
export const joinedMessage = (company: string) => `Welcome to ${company}`;

function InvitationAnswer({ invitation }: { invitation: Invitation }) {
  const navigate = useNavigate();
  const accept = useAcceptInvitation(invitation.companyId);
  const decline = useCloseInvitation(invitation.companyId);
  const [declined, setDeclined] = useState(false);
  // Whether it had expired when the page opened (a later expiry is the server's to refuse).
  const [expired] = useState(() => Date.parse(invitation.expiresAt) <= Date.now());
  const open = invitation.status === 'pending' && !expired && !declined;
  const busy = accept.isPending || decline.isPending;
  const role = ROLE_LABELS[invitation.role].toLowerCase();

  return (
    <div className="flex max-w-xl flex-col gap-5">
      <h1 className="text-3xl font-bold">Join {invitation.companyName}</h1>
      <p>
        You are invited to join <strong>{invitation.companyName}</strong> on Toolhouse as{' '}
        {role === 'admin' ? 'an admin' : role === 'approver' ? 'an approver' : 'a buyer'}.
      </p>
      {open ? (
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() =>
              accept.mutate(invitation.id, {
                onSuccess: (company) => {
                  toast.success(joinedMessage(company.name));
                  void navigate(pageRoutes.company.path);
                },
                onError: (error) => toast.error(getErrorMessage(error)),
              })
            }
          >
            {accept.isPending && (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            )}
            Accept invitation
          </button>
          <button
            type="button"
            className="btn"
            disabled={busy}
            onClick={() =>
              decline.mutate(invitation.id, {
                onSuccess: () => {
                  toast.success(INVITATION_DECLINED_MESSAGE);
                  setDeclined(true);
                },
                onError: (error) => toast.error(getErrorMessage(error)),
              })
            }
          >
            {decline.isPending && (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            )}
            Decline
          </button>
        </div>
      ) : (
        <p role="status">
          {declined || invitation.status === 'rejected'
            ? 'You declined this invitation.'
            : invitation.status === 'accepted'
              ? 'This invitation has been accepted.'
              : 'This invitation is no longer open. Ask the company for a new one.'}
        </p>
      )}
    </div>
  );
}

export function InvitationPage() {
  const { companyId = '', invitationId = '' } = useParams();
  const invitation = useInvitation(companyId, invitationId);
  return (
    <QueryState
      query={invitation}
      loading="Loading the invitation"
      failed="We couldn't load the invitation."
      renderError={(error) =>
        isApiError(error) && error.status === 404 ? (
          <div className="flex max-w-xl flex-col gap-3">
            <h1 className="text-3xl font-bold">Invitation</h1>
            <p role="alert">{INVITATION_NOT_FOUND_MESSAGE}</p>
          </div>
        ) : undefined
      }
    >
      {(found) => <InvitationAnswer invitation={found} />}
    </QueryState>
  );
}
