import { useQuery } from '@tanstack/react-query';
import type { Album, Artist, Song } from '../../contract/catalog.ts';
import type { PageOf } from '../../contract/common.ts';
import type {
  AlbumDetail,
  ArtistDetail,
  HomeFeed,
  SearchResults,
} from '../../contract/listening.ts';
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

export function useHomeFeed() {
  return useQuery({
    queryKey: ['catalog', 'home'] as const,
    queryFn: ({ signal }) => api<HomeFeed>('/home', { signal }),
  });
}

export const artistKey = (id: number) => ['catalog', 'artist', id] as const;

export function useArtistDetail(id: number) {
  return useQuery({
    queryKey: artistKey(id),
    queryFn: ({ signal }) => api<ArtistDetail>(`/artists/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

export function useAlbumDetail(id: number) {
  return useQuery({
    queryKey: ['catalog', 'album', id] as const,
    queryFn: ({ signal }) => api<AlbumDetail>(`/albums/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

export function useSearch(q: string) {
  const trimmed = q.trim();
  return useQuery({
    queryKey: ['catalog', 'search', trimmed] as const,
    queryFn: ({ signal }) =>
      api<SearchResults>(`/search?q=${encodeURIComponent(trimmed)}&limit=20`, { signal }),
    enabled: trimmed.length > 0,
    placeholderData: (previous) => previous,
  });
}
