import { useQuery } from '@tanstack/react-query';
import type { MoreByArtist } from '../../../../contract/listening.ts';
import { api } from '../../../lib/api.ts';

export function useMoreBy(albumId: number) {
  return useQuery({
    queryKey: ['catalog', 'album', albumId, 'more-by'] as const,
    queryFn: ({ signal }) => api<MoreByArtist>(`/albums/${albumId}/more-by`, { signal }),
    enabled: Number.isInteger(albumId) && albumId > 0,
    retry: false,
  });
}
