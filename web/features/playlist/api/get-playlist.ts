import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Playlist } from '../../../../contract/playlists.ts';
import { PLAYLIST_FIRST_SONGS } from '../../../../contract/routes.ts';
import { api } from '../../../lib/api.ts';
import { libraryKeys } from '../../../lib/library-queries.ts';

/** Songs in the first response (the server hints this very call with the page's HTML). */
export const FIRST_SONGS = PLAYLIST_FIRST_SONGS;

/** The header and the first songs, under the playlist's key so every library change refreshes it. */
export const playlistHeadKey = (id: number) => [...libraryKeys.playlist(id), 'head'] as const;

async function fetchPlaylist(id: number, signal: AbortSignal, limit?: number): Promise<Playlist> {
  const query = limit === undefined ? '' : `?limit=${limit}`;
  return (await api<{ data: Playlist }>(`/playlists/${id}${query}`, { signal })).data;
}

function headQuery(id: number) {
  return {
    queryKey: playlistHeadKey(id),
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchPlaylist(id, signal, FIRST_SONGS),
    // The router's prefetch has just asked: the page shows its answer, a 404 included, rather
    // than asking again as it mounts.
    retryOnMount: false,
  };
}

/** Asks for the header and first songs unless they are here; settles when they are (or failed). */
export function prefetchPlaylistHead(client: QueryClient, id: number): Promise<void> {
  if (!Number.isInteger(id) || id < 1) return Promise.resolve();
  // prefetchQuery shares a request already on its way, and never throws.
  return client.prefetchQuery(headQuery(id));
}

/**
 * A playlist page's data in two steps: the header with the first songs (a few kilobytes, shown at
 * once), then every song (the queue, and the rows further down) once the first response is in, so
 * the long response never delays the short one. `songs` is what has arrived; `total` the count.
 */
export function usePlaylistPage(id: number) {
  const client = useQueryClient();
  const valid = Number.isInteger(id) && id > 0;
  // Asked for while the page renders (if the router's prefetch has not already), not once the
  // whole screen has rendered and committed (as TanStack's usePrefetchQuery does; that hook
  // cannot be skipped for a bad id).
  if (!client.getQueryState(playlistHeadKey(id))) void prefetchPlaylistHead(client, id);
  const head = useQuery({ ...headQuery(id), enabled: valid });
  // The same key and response as the library's `usePlaylist`, so its mutations update this page.
  const fullQuery = {
    queryKey: libraryKeys.playlist(id),
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchPlaylist(id, signal),
  };
  const full = useQuery({ ...fullQuery, enabled: valid && head.isSuccess });
  const data = full.data ?? head.data;
  const complete = full.data !== undefined;
  return {
    data,
    /** Every song has arrived (`data.songs` is the whole list). */
    complete,
    total: complete ? full.data.songs.length : (head.data?.songCount ?? 0),
    isPending: data === undefined && !head.error,
    error: data === undefined ? head.error : null,
    /** Every song, waiting for them when they have not all arrived yet. */
    async allSongs(): Promise<Playlist['songs']> {
      return (await client.ensureQueryData(fullQuery)).songs;
    },
  };
}
