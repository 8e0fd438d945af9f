import { useQuery } from '@tanstack/react-query';
import type { AlbumChoices } from '../../../../contract/admin.ts';
import { api } from '../../../lib/api.ts';
import { adminKeys } from './keys.ts';

/** The albums of the chosen artists, which a new song may go on. */
export function useAlbumChoices(artistIds: number[]) {
  const artist = artistIds.join(',');
  return useQuery({
    queryKey: adminKeys.albumChoices(artist),
    queryFn: async ({ signal }) =>
      (await api<AlbumChoices>(`/admin/albums?artist=${artist}`, { signal })).items,
    enabled: artistIds.length > 0,
  });
}
