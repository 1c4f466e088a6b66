import { useId, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { ROLE_ADMIN, ROLE_LABELS, ROLES, type Role, type User } from '../../../../shared/user.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useSetRole } from '../api/set-role.ts';

/** The Make Admin screen's role column: pick a role and save it; revoking admin asks first. */
export function RolePicker({ user }: { user: User }) {
  const id = useId();
  const [role, setRole] = useState<Role>(user.role);
  const [confirming, setConfirming] = useState(false);
  const save = useSetRole();

  const run = () =>
    save.mutate(
      { email: user.email, role },
      {
        onSuccess: () => toast.success(`${user.name} is now ${ROLE_LABELS[role]}`),
        onError: (error) => toast.error(error.message),
        onSettled: () => setConfirming(false),
      },
    );
  const submit = () =>
    user.role === ROLE_ADMIN && role !== ROLE_ADMIN ? setConfirming(true) : run();

  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-xs font-semibold">
          Role
        </label>
        <select
          id={id}
          className="select select-bordered select-sm"
          value={role}
          onChange={(e) => setRole(e.target.value as Role)}
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className="btn btn-sm"
        disabled={save.isPending || role === user.role}
        onClick={submit}
        aria-label={`Save role of ${user.name}`}
      >
        {save.isPending && (
          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
        )}
        Save role
      </button>
      {confirming && (
        <ConfirmDialog
          title={`Revoke admin from ${user.name}?`}
          body={`${user.email} will be ${ROLE_LABELS[role]} and lose every other admin screen.`}
          confirmLabel="Revoke admin"
          busy={save.isPending}
          onConfirm={run}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
