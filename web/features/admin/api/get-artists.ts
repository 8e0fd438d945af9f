import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminArtist, ArtistList } from '../../../../contract/admin.ts';
import { api } from '../../../lib/api.ts';
import { adminKeys, queryString } from './keys.ts';

export interface ArtistsParams {
  q: string;
  status: 'all' | 'active' | 'disabled';
  page: number;
  limit: number;
}

export function useAdminArtists(params: ArtistsParams) {
  return useQuery({
    queryKey: adminKeys.artists(params),
    queryFn: ({ signal }) =>
      api<ArtistList>(`/admin/artists${queryString({ ...params })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Every artist, for the song forms' artist choices (the list without `limit` is whole; the
 * original client's getAllArtist gives ids as text, Chorus's own list keeps them numbers).
 */
export function useArtistChoices() {
  return useQuery({
    queryKey: adminKeys.artistChoices(),
    queryFn: async ({ signal }): Promise<AdminArtist[]> =>
      (await api<ArtistList>('/admin/artists', { signal })).items,
  });
}

export function useAdminArtist(id: number) {
  return useQuery({
    queryKey: adminKeys.artist(id),
    queryFn: ({ signal }) => api<{ data: AdminArtist }>(`/admin/artists/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}
