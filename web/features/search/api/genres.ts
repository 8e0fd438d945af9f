import { useQuery } from '@tanstack/react-query';
import type { GenreList, GenreSongs } from '../../../../contract/search.ts';
import { api } from '../../../lib/api.ts';

export function useGenres() {
  return useQuery({
    queryKey: ['catalog', 'genres'] as const,
    queryFn: ({ signal }) => api<GenreList>('/genres', { signal }),
  });
}

export function useGenreSongs(genre: string) {
  return useQuery({
    queryKey: ['catalog', 'genre', genre] as const,
    queryFn: ({ signal }) =>
      api<GenreSongs>(`/genres/${encodeURIComponent(genre)}/songs?limit=50`, { signal }),
    enabled: genre.length > 0,
  });
}
