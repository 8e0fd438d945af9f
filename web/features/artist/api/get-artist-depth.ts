import { useQuery } from '@tanstack/react-query';
import type { Discography, RelatedArtists } from '../../../../contract/listening.ts';
import { api } from '../../../lib/api.ts';

/** Under the artist's key, so what refreshes the artist refreshes these too. */
export function useDiscography(id: number) {
  return useQuery({
    queryKey: ['catalog', 'artist', id, 'discography'] as const,
    queryFn: ({ signal }) => api<Discography>(`/artists/${id}/discography`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

export function useFansAlsoLike(id: number) {
  return useQuery({
    queryKey: ['catalog', 'artist', id, 'related'] as const,
    queryFn: ({ signal }) => api<RelatedArtists>(`/artists/${id}/related`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}
