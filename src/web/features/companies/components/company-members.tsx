import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import {
  COMPANY_ROLES,
  InvitationBodySchema,
  MemberUpdateSchema,
  type Company,
  type CompanyRole,
  type Member,
} from '../../../../shared/companies.ts';
import { formatDollars } from '../../../../shared/money.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { submitWithFeedback } from '../../../lib/submit-with-feedback.ts';
import { useSpecForm } from '../../../lib/use-spec-form.ts';
import {
  useCloseInvitation,
  useInvitations,
  useInvite,
  useMembers,
  useRemoveMember,
  useUpdateMember,
} from '../api/companies.ts';

// A company's people (issue 37): the members with their roles, limits and what they spent this
// month (its admins change them and remove members), the invitations sent, and a new one.

export const ROLE_LABELS: Record<CompanyRole, string> = {
  admin: 'Admin',
  approver: 'Approver',
  buyer: 'Buyer',
};
export const MEMBER_SAVED_MESSAGE = 'Member updated';
export const INVITATION_SENT_MESSAGE = 'Invitation sent';
export const INVITATION_CANCELLED_MESSAGE = 'Invitation cancelled';

const money = (dollars: number | null) =>
  dollars === null ? 'No limit' : `$${formatDollars(dollars)}`;

/** A limit field's text as the API takes it: '' is no limit. */
const limitOf = (text: string): number | null | string =>
  text.trim() === '' ? null : Number.isFinite(Number(text)) ? Number(text) : text;

function LimitField(props: {
  label: string;
  context: string;
  value: string;
  error: string | undefined;
  onChange: (text: string) => void;
}) {
  return (
    <FormField label={props.label} labelContext={props.context} error={props.error}>
      {(control) => (
        <input
          {...control}
          inputMode="decimal"
          placeholder="No limit"
          className={`input input-sm w-full min-w-24 ${props.error ? 'input-error' : ''}`}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}

function MemberEditor({ companyId, member }: { companyId: string; member: Member }) {
  const update = useUpdateMember(companyId);
  const [role, setRole] = useState<CompanyRole>(member.role);
  const [orderLimit, setOrderLimit] = useState(member.orderLimit?.toString() ?? '');
  const [monthLimit, setMonthLimit] = useState(member.monthLimit?.toString() ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const context = `, ${member.name}`;

  const save = () => {
    const parsed = MemberUpdateSchema.safeParse({
      role,
      orderLimit: limitOf(orderLimit),
      monthLimit: limitOf(monthLimit),
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    update.mutate(
      { memberId: member.id, body: parsed.data },
      {
        onSuccess: () => toast.success(MEMBER_SAVED_MESSAGE),
        onError: (error) => toast.error(getErrorMessage(error)),
      },
    );
  };

  return (
    <>
      <td>
        <FormField label="Role" labelContext={context} error={errors.role}>
          {(control) => (
            <select
              {...control}
              className="select select-sm w-full min-w-28"
              value={role}
              onChange={(event) => setRole(event.target.value as CompanyRole)}
            >
              {COMPANY_ROLES.map((value) => (
                <option key={value} value={value}>
                  {ROLE_LABELS[value]}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </td>
      <td>
        <LimitField
          label="Order limit ($)"
          context={context}
          value={orderLimit}
          error={errors.orderLimit}
          onChange={setOrderLimit}
        />
      </td>
      <td>
        <LimitField
          label="Monthly limit ($)"
          context={context}
          value={monthLimit}
          error={errors.monthLimit}
          onChange={setMonthLimit}
        />
      </td>
      <td>${formatDollars(member.monthSpent)}</td>
      <td>
        <button
          type="button"
          className="btn btn-sm btn-primary"
          aria-label={`Save ${member.name}`}
          disabled={update.isPending}
          onClick={save}
        >
          {update.isPending && (
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          )}
          Save
        </button>
      </td>
    </>
  );
}

export function MembersSection({ company, myEmail }: { company: Company; myEmail: string }) {
  const isMine = (member: Member) => member.email.toLowerCase() === myEmail.toLowerCase();
  const members = useMembers(company.id);
  const remove = useRemoveMember(company.id);
  const [removing, setRemoving] = useState<Member | null>(null);
  const isAdmin = company.myRole === 'admin';

  const confirmRemove = () => {
    if (!removing) return;
    const leaving = isMine(removing);
    remove.mutate(removing.id, {
      onSuccess: () => {
        toast.success(leaving ? `You left ${company.name}` : `${removing.name} was removed`);
        setRemoving(null);
      },
      onError: (error) => {
        toast.error(getErrorMessage(error));
        setRemoving(null);
      },
    });
  };

  return (
    <section aria-labelledby="members-heading" className="flex flex-col gap-3">
      <h2 id="members-heading" className="text-2xl font-bold">
        Members
      </h2>
      <QueryState query={members} loading="Loading members" failed="We couldn't load the members.">
        {(list) => (
          <DataTable
            columns={[
              'Name',
              'Email',
              'Role',
              'Order limit',
              'Monthly limit',
              'Spent this month',
              ...(isAdmin ? ['Changes'] : []),
              'Actions',
            ]}
          >
            {list.map((member) => {
              const isMe = isMine(member);
              return (
                <tr key={member.id} aria-label={member.name}>
                  <td>
                    {member.name}
                    {isMe && <span className="badge badge-ghost ml-2">You</span>}
                  </td>
                  <td>{member.email}</td>
                  {isAdmin ? (
                    <MemberEditor companyId={company.id} member={member} />
                  ) : (
                    <>
                      <td>{ROLE_LABELS[member.role]}</td>
                      <td>{money(member.orderLimit)}</td>
                      <td>{money(member.monthLimit)}</td>
                      <td>${formatDollars(member.monthSpent)}</td>
                    </>
                  )}
                  <td>
                    {(isAdmin || isMe) && (
                      <button
                        type="button"
                        className="btn btn-sm"
                        aria-label={isMe ? 'Leave the company' : `Remove ${member.name}`}
                        onClick={() => setRemoving(member)}
                      >
                        {isMe ? 'Leave' : 'Remove'}
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
      </QueryState>
      {removing && (
        <ConfirmDialog
          title={
            isMine(removing)
              ? `Leave ${company.name}?`
              : `Remove ${removing.name} from ${company.name}?`
          }
          body={
            isMine(removing)
              ? 'You will no longer order for the company.'
              : 'They will no longer order for the company; their orders stay.'
          }
          confirmLabel={isMine(removing) ? 'Leave' : 'Remove'}
          busy={remove.isPending}
          onConfirm={confirmRemove}
          onCancel={() => setRemoving(null)}
        />
      )}
    </section>
  );
}

function InviteForm({ companyId }: { companyId: string }) {
  const invite = useInvite(companyId);
  const form = useSpecForm(InvitationBodySchema, { email: '', role: 'buyer' });
  const onSubmit = submitWithFeedback(form, (values) => invite.mutateAsync(values), {
    successMessage: INVITATION_SENT_MESSAGE,
    afterSuccess: 'reset',
  });
  return (
    <form
      noValidate
      aria-label="Invite a member"
      className="flex max-w-xl flex-col gap-3"
      onSubmit={onSubmit}
    >
      <h3 className="text-xl font-semibold">Invite a member</h3>
      <TextField label="Email" type="email" autoComplete="off" {...form.field('email')} />
      <FormField label="Role" error={form.formState.errors.role?.message}>
        {(control) => (
          <select {...control} className="select w-full" {...form.register('role')}>
            {COMPANY_ROLES.map((value) => (
              <option key={value} value={value}>
                {ROLE_LABELS[value]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <SubmitButton pending={invite.isPending} className="self-start">
        Send invitation
      </SubmitButton>
    </form>
  );
}

export function InvitationsSection({ companyId }: { companyId: string }) {
  const invitations = useInvitations(companyId, true);
  const close = useCloseInvitation(companyId);
  return (
    <section aria-labelledby="invitations-heading" className="flex flex-col gap-4">
      <h2 id="invitations-heading" className="text-2xl font-bold">
        Invitations
      </h2>
      <InviteForm companyId={companyId} />
      <QueryState
        query={invitations}
        loading="Loading invitations"
        failed="We couldn't load the invitations."
      >
        {(list) =>
          list.length === 0 ? (
            <p>No pending invitations.</p>
          ) : (
            <ul aria-label="Pending invitations" className="flex flex-col gap-2">
              {list.map((invitation) => (
                <li
                  key={invitation.id}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-box border border-base-300 p-3"
                >
                  <span>
                    <span className="break-words">{invitation.email}</span> ·{' '}
                    {ROLE_LABELS[invitation.role]} · until{' '}
                    {new Date(invitation.expiresAt).toLocaleDateString('en-US', {
                      month: 'short',
                      day: 'numeric',
                      year: 'numeric',
                    })}
                  </span>
                  <button
                    type="button"
                    className="btn btn-sm"
                    aria-label={`Cancel the invitation of ${invitation.email}`}
                    disabled={close.isPending}
                    onClick={() =>
                      close.mutate(invitation.id, {
                        onSuccess: () => toast.success(INVITATION_CANCELLED_MESSAGE),
                        onError: (error) => toast.error(getErrorMessage(error)),
                      })
                    }
                  >
                    Cancel
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
