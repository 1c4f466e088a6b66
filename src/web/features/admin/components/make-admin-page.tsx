import { useId } from 'react';
import { toast } from 'react-toastify/unstyled';
import {
  MAKE_ADMIN_FAILURE_MESSAGE,
  MAKE_ADMIN_SUCCESS_MESSAGE,
  ROLE_ADMIN,
  type User,
} from '../../../../shared/user.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useUsers } from '../api/get-users.ts';
import { useMakeAdmin } from '../api/make-admin.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { RolePicker } from './role-picker.tsx';

function UserRow({ user }: { user: User }) {
  const makeAdmin = useMakeAdmin();
  const nameId = useId();

  const promote = () =>
    makeAdmin.mutate(user.email, {
      onSuccess: ({ modifiedCount }) => {
        if (modifiedCount > 0) toast.success(MAKE_ADMIN_SUCCESS_MESSAGE);
        else toast.error(MAKE_ADMIN_FAILURE_MESSAGE);
      },
      onError: (error) => {
        // Spec section 8: a refused promotion (403) has its own message.
        if (isApiError(error) && error.status === 403) toast.error(MAKE_ADMIN_FAILURE_MESSAGE);
        else toast.error(error.message);
      },
    });

  return (
    <tr>
      <td>
        <p id={nameId} className="font-semibold">
          {user.name}
        </p>
        <p className="text-sm text-stone-600">{user.email}</p>
      </td>
      <td>{user.role}</td>
      <td className="flex flex-wrap items-end gap-3">
        <RolePicker user={user} />
        {user.role !== ROLE_ADMIN && (
          <button
            type="button"
            className="btn btn-sm btn-primary"
            aria-describedby={nameId}
            disabled={makeAdmin.isPending}
            onClick={promote}
          >
            {makeAdmin.isPending && (
              <span className="loading loading-spinner loading-xs" aria-hidden="true" />
            )}
            Make Admin
          </button>
        )}
      </td>
    </tr>
  );
}

/** Make Admin (All Users): every account with its role; promote the ones who are not admins. */
export function MakeAdminPage() {
  const users = useUsers();

  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">
        {users.isSuccess ? `All Users: ${users.data.length}` : 'All Users'}
      </h1>
      <QueryState query={users} loading="Loading users" failed="We couldn't load the users.">
        {(list) => (
          <DataTable columns={['Name', 'Role', 'Action']}>
            {list.map((user) => (
              <UserRow key={user._id} user={user} />
            ))}
          </DataTable>
        )}
      </QueryState>
    </section>
  );
}
