import { useQuery } from '@tanstack/react-query';
import type { Album, Artist, Song } from '../../contract/catalog.ts';
import type { PageOf } from '../../contract/common.ts';
import { api } from './api.ts';

/** The public catalog calls several pages share (never the admin lists). */
export const catalogKeys = {
  songs: (limit: number) => ['catalog', 'songs', limit] as const,
  artists: (limit: number) => ['catalog', 'artists', limit] as const,
  albums: (limit: number) => ['catalog', 'albums', limit] as const,
};

export function useSongs(limit: number) {
  return useQuery({
    queryKey: catalogKeys.songs(limit),
    queryFn: ({ signal }) => api<PageOf<Song>>(`/songs?limit=${limit}`, { signal }),
  });
}

export function useArtists(limit: number) {
  return useQuery({
    queryKey: catalogKeys.artists(limit),
    queryFn: ({ signal }) => api<PageOf<Artist>>(`/artists?limit=${limit}`, { signal }),
  });
}

export function useAlbums(limit: number) {
  return useQuery({
    queryKey: catalogKeys.albums(limit),
    queryFn: ({ signal }) => api<PageOf<Album>>(`/albums?limit=${limit}`, { signal }),
  });
}
