import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminSongList } from '../../../../contract/admin.ts';
import { api } from '../../../lib/api.ts';
import { adminKeys, queryString } from './keys.ts';

export type SongFilter = 'all' | 'active' | 'inactive' | 'deleted';

export interface SongsParams {
  q: string;
  status: SongFilter;
  page: number;
  limit: number;
}

export function useAdminSongs(params: SongsParams) {
  return useQuery({
    queryKey: adminKeys.songs(params),
    queryFn: ({ signal }) =>
      api<AdminSongList>(`/admin/getAllSongs${queryString({ ...params })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
