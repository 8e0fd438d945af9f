import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UserList } from '../../../../contract/admin.ts';
import { api } from '../../../lib/api.ts';
import { adminKeys, queryString } from './keys.ts';

export interface UsersParams {
  q: string;
  status: 'all' | 'active' | 'blocked';
  page: number;
  limit: number;
}

export function useUsers(params: UsersParams) {
  return useQuery({
    queryKey: adminKeys.users(params),
    queryFn: ({ signal }) =>
      api<UserList>(`/admin/getAllUser${queryString({ ...params })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
