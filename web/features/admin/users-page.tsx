import { useQueryClient } from '@tanstack/react-query';
import { Crown, UserCheck, Users } from 'lucide-react';
import { useState } from 'react';
import type { AdminUser, UserList } from '../../../contract/admin.ts';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import { useUsers } from './api/get-users.ts';
import { adminKeys } from './api/keys.ts';
import { setUserPlan, toggleBlockUser } from './api/update-user.ts';
import { AdminTable } from './components/admin-table.tsx';
import {
  LoadErrorBanner,
  PageHeader,
  Pager,
  SearchInput,
  StatCard,
  selectClass,
  useDebounced,
} from './components/admin-ui.tsx';
import { usePendingActions } from './components/pending-actions.ts';

const LIMIT = 20;

/** A row's controls that write: the plan and Block/Unblock, one at a time. */
type RowControl = 'plan' | 'block';

function actionError(error: unknown): string {
  return error instanceof ApiError || (error instanceof Error && error.message)
    ? `Error: ${errorMessage(error)}`
    : 'Failed to perform action';
}

/** Users: stat cards, a server-side search and status filter, block and plan. */
export function UsersPage() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<'all' | 'active' | 'blocked'>('all');
  const [page, setPage] = useState(1);
  const q = useDebounced(search.trim());
  const params = { q, status, page, limit: LIMIT };
  const users = useUsers(params);
  const queryClient = useQueryClient();
  const pending = usePendingActions<number, RowControl>();

  /** Puts the server's answer into the row at once, then refreshes counts and filters. */
  function applyResponse(user: AdminUser) {
    queryClient.setQueryData<UserList>(adminKeys.users(params), (list) =>
      list
        ? {
            ...list,
            users: list.users.map((row) => (row._id === user._id ? { ...row, ...user } : row)),
          }
        : list,
    );
    void queryClient.invalidateQueries({ queryKey: adminKeys.all });
  }

  function run(id: number, control: RowControl, action: () => Promise<{ data: AdminUser }>) {
    return pending.run(
      id,
      async () => {
        try {
          applyResponse((await action()).data);
        } catch (error) {
          notify.error(actionError(error));
        }
      },
      control,
    );
  }

  const stats = users.data?.stats;
  const list = users.data?.users ?? [];
  return (
    <div>
      <PageHeader title="Users" />
      <div className="mb-6 grid grid-cols-1 gap-4 sm:grid-cols-3">
        <StatCard label="Total Users" value={stats?.total} icon={Users} />
        <StatCard label="Active Users" value={stats?.active} icon={UserCheck} />
        <StatCard label="Premium Users" value={stats?.premium} icon={Crown} />
      </div>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <SearchInput
          label="Search users"
          placeholder="Search users by name or email..."
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        <select
          aria-label="Filter by status"
          className={selectClass}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as typeof status);
            setPage(1);
          }}
        >
          <option value="all">All Users</option>
          <option value="active">Active</option>
          <option value="blocked">Blocked</option>
        </select>
      </div>
      <LoadErrorBanner query={users} label="Error" />
      <div className="overflow-x-auto rounded-xl border border-white/10">
        <AdminTable
          columns={['User', 'Email', 'Status', 'Plan', 'Actions']}
          loading={users.isPending}
          failed={users.isError}
          empty={list.length === 0}
          loadingText="Loading users..."
          emptyText="No users found"
        >
          {list.map((user) => (
            <tr key={user._id} className="border-t border-white/5" data-testid="user-row">
              <td className="px-4 py-3">
                <div className="flex items-center gap-3">
                  <span className="grid size-8 place-items-center rounded-full bg-white/10 font-semibold uppercase">
                    {user.name.slice(0, 1)}
                  </span>
                  <span className="font-medium">{user.name}</span>
                  {user.role === 'admin' && (
                    <span className="rounded bg-white/10 px-1.5 py-0.5 text-xs text-muted">
                      Admin
                    </span>
                  )}
                </div>
              </td>
              <td className="px-4 py-3 text-muted">{user.email}</td>
              <td className="px-4 py-3">
                <span
                  className={`rounded-full px-2 py-1 text-xs font-semibold ${user.isBlocked ? 'bg-red-500/15 text-red-300' : 'bg-brand/15 text-brand'}`}
                >
                  {user.isBlocked ? 'Blocked' : 'Active'}
                </span>
              </td>
              <td className="px-4 py-3">
                <select
                  aria-label={`Plan of ${user.name}`}
                  className={`${selectClass} disabled:opacity-50 aria-disabled:opacity-50`}
                  value={user.isPremium ? 'premium' : 'free'}
                  {...pending.controlState(user._id, 'plan')}
                  onChange={(event) =>
                    run(user._id, 'plan', () =>
                      setUserPlan(user._id, event.target.value === 'premium'),
                    )
                  }
                >
                  <option value="free">Free</option>
                  <option value="premium">Premium</option>
                </select>
              </td>
              <td className="px-4 py-3">
                <button
                  type="button"
                  // Named with its user, as a list of "Block" buttons reads to a screen reader.
                  aria-label={`${user.isBlocked ? 'Unblock' : 'Block'} ${user.name || user.email}`}
                  {...pending.controlState(user._id, 'block')}
                  onClick={() =>
                    run(user._id, 'block', () => toggleBlockUser(user._id, !user.isBlocked))
                  }
                  className={`rounded-full px-3 py-1 text-xs font-semibold disabled:opacity-50 aria-disabled:opacity-50 ${user.isBlocked ? 'bg-brand text-black' : 'bg-red-600 text-white'}`}
                >
                  {user.isBlocked ? 'Unblock' : 'Block'}
                </button>
              </td>
            </tr>
          ))}
        </AdminTable>
      </div>
      <Pager page={page} limit={LIMIT} total={users.data?.total} onPage={setPage} />
    </div>
  );
}
