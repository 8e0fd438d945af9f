import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Artist, Song } from '../../contract/catalog.ts';
import type { Playlist, PlaylistSummary, Profile } from '../../contract/playlists.ts';
import { api } from './api.ts';
import { useSession } from './session.ts';

/*
 * The library's server data, shared by the sidebar, the player's popup and heart, and the
 * playlist, liked-songs and profile pages (so one mutation updates every place at once).
 */

export const libraryKeys = {
  all: ['library'] as const,
  mine: ['library', 'playlists'] as const,
  playlist: (id: number) => ['library', 'playlist', id] as const,
  songPlaylists: (songId: number) => ['library', 'song-playlists', songId] as const,
  likedIds: ['library', 'liked-ids'] as const,
  liked: ['library', 'liked'] as const,
  artists: ['library', 'artists'] as const,
  profile: ['library', 'profile'] as const,
};

/** After a change, everything the library shows is fetched again (it is small). */
export function refreshLibrary(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: libraryKeys.all });
}

export function useMyPlaylists() {
  const { isAuth } = useSession();
  return useQuery({
    queryKey: libraryKeys.mine,
    queryFn: ({ signal }) => api<PlaylistSummary[]>('/me/playlists', { signal }),
    enabled: isAuth,
  });
}

export function usePlaylist(id: number) {
  return useQuery({
    queryKey: libraryKeys.playlist(id),
    queryFn: async ({ signal }) =>
      (await api<{ data: Playlist }>(`/playlists/${id}`, { signal })).data,
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useSongPlaylists(songId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: libraryKeys.songPlaylists(songId ?? 0),
    queryFn: async ({ signal }) =>
      (await api<{ playlists: PlaylistSummary[] }>(`/songs/${songId}/playlists`, { signal }))
        .playlists,
    enabled: enabled && songId !== null,
    staleTime: 0,
  });
}

export function useLikedIds() {
  const { isAuth } = useSession();
  return useQuery({
    queryKey: libraryKeys.likedIds,
    queryFn: async ({ signal }) =>
      new Set((await api<{ ids: number[] }>('/me/likes/ids', { signal })).ids),
    enabled: isAuth,
  });
}

export function useLikedSongs() {
  const { isAuth } = useSession();
  return useQuery({
    queryKey: libraryKeys.liked,
    queryFn: ({ signal }) => api<{ items: Song[]; total: number }>('/me/likes', { signal }),
    enabled: isAuth,
  });
}

export function useLibraryArtists() {
  const { isAuth } = useSession();
  return useQuery({
    queryKey: libraryKeys.artists,
    queryFn: async ({ signal }) =>
      (await api<{ items: Artist[] }>('/me/library/artists', { signal })).items,
    enabled: isAuth,
  });
}

export function useProfile() {
  const { isAuth } = useSession();
  return useQuery({
    queryKey: libraryKeys.profile,
    queryFn: ({ signal }) => api<Profile>('/me/profile', { signal }),
    enabled: isAuth,
  });
}

export function createPlaylist(body: { name: string; description?: string }) {
  return api<{ playlist: Playlist }>('/user/addPlaylist', { method: 'POST', body }).then(
    (response) => response.playlist,
  );
}

export function addSongToPlaylist(playlistId: number, songId: number) {
  return api<{ data: Playlist }>(`/user/addSongPlaylist/${playlistId}`, {
    method: 'POST',
    body: { songId },
  });
}

export function removeSongFromPlaylist(playlistId: number, songId: number) {
  return api<unknown>(`/user/removeSongPlaylist/${playlistId}?songId=${songId}`, {
    method: 'DELETE',
  });
}

export function useCreatePlaylist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createPlaylist,
    onSuccess: async (playlist) => {
      // Shown in the sidebar at once, before the refetch responds.
      client.setQueryData<PlaylistSummary[]>(libraryKeys.mine, (list) => [
        playlist,
        ...(list ?? []).filter((entry) => entry._id !== playlist._id),
      ]);
      await refreshLibrary(client);
    },
  });
}

export function useDeletePlaylist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<unknown>(`/user/deletePlaylist/${id}`, { method: 'DELETE' }),
    onSuccess: async (_answer, id) => {
      client.setQueryData<PlaylistSummary[]>(libraryKeys.mine, (list) =>
        (list ?? []).filter((entry) => entry._id !== id),
      );
      client.removeQueries({ queryKey: libraryKeys.playlist(id) });
      await refreshLibrary(client);
    },
  });
}

export function useUpdatePlaylist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      id: number;
      name: string;
      description: string;
      isPublic: boolean;
      cover: File | null;
    }) => {
      let playlist = await api<Playlist>(`/playlists/${input.id}`, {
        method: 'PATCH',
        body: { name: input.name, description: input.description, isPublic: input.isPublic },
      });
      if (input.cover) {
        const form = new FormData();
        form.append('imageFile', input.cover);
        playlist = await api<Playlist>(`/playlists/${input.id}/cover`, {
          method: 'PUT',
          body: form,
        });
      }
      return playlist;
    },
    onSuccess: async (playlist) => {
      client.setQueryData(libraryKeys.playlist(playlist._id), playlist);
      await refreshLibrary(client);
    },
    // The details are saved before the cover is sent: when the cover is refused, the library
    // shows the saved details, and the dialog opens on them next time.
    onError: () => refreshLibrary(client),
  });
}

export function useRemoveSong(playlistId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (songId: number) => removeSongFromPlaylist(playlistId, songId),
    onMutate: async (songId) => {
      await client.cancelQueries({ queryKey: libraryKeys.playlist(playlistId) });
      const before = client.getQueryData<Playlist>(libraryKeys.playlist(playlistId));
      if (before) {
        const songs = before.songs.filter((song) => song._id !== songId);
        client.setQueryData<Playlist>(libraryKeys.playlist(playlistId), {
          ...before,
          songs,
          songCount: songs.length,
        });
      }
      return { before };
    },
    onError: (_error, _songId, context) => {
      if (context?.before) client.setQueryData(libraryKeys.playlist(playlistId), context.before);
    },
    onSettled: () => refreshLibrary(client),
  });
}

export function useMoveSong(playlistId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { songId: number; toIndex: number }) =>
      api<Playlist>(`/playlists/${playlistId}/move`, { method: 'POST', body: input }),
    onMutate: async ({ songId, toIndex }) => {
      await client.cancelQueries({ queryKey: libraryKeys.playlist(playlistId) });
      const before = client.getQueryData<Playlist>(libraryKeys.playlist(playlistId));
      if (before) {
        const songs = [...before.songs];
        const from = songs.findIndex((song) => song._id === songId);
        if (from !== -1) {
          const [moved] = songs.splice(from, 1);
          songs.splice(Math.min(toIndex, songs.length), 0, moved!);
          client.setQueryData<Playlist>(libraryKeys.playlist(playlistId), { ...before, songs });
        }
      }
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) client.setQueryData(libraryKeys.playlist(playlistId), context.before);
    },
    onSuccess: (playlist) => client.setQueryData(libraryKeys.playlist(playlistId), playlist),
  });
}

/** Every like toggle's mutations, so each can tell whether others are still on their way. */
const LIKE_TOGGLES = ['library', 'toggle-like'] as const;

/** `liked` with `songId` in or out. */
function withLike(liked: Set<number> | undefined, songId: number, like: boolean): Set<number> {
  const next = new Set(liked ?? []);
  if (like) next.add(songId);
  else next.delete(songId);
  return next;
}

/**
 * A heart's toggle: the liked ids change at once, and only this song's change is undone if the
 * server refuses. Several toggles may be on their way (a listener liking down a list); the liked
 * lists are fetched again once the last of them has settled, since a response fetched earlier
 * would not hold the ones still on their way and would flip their hearts back meanwhile.
 * `send` makes the call (a parameter so the rules can be tested without a server).
 */
export function likeToggleOptions(
  client: QueryClient,
  send: (songId: number, like: boolean) => Promise<unknown> = (songId, like) =>
    api<unknown>(`/songs/${songId}/like`, { method: like ? 'PUT' : 'DELETE' }),
) {
  return {
    mutationKey: LIKE_TOGGLES,
    mutationFn: ({ songId, like }: { songId: number; like: boolean }) => send(songId, like),
    onMutate: async ({ songId, like }: { songId: number; like: boolean }) => {
      await client.cancelQueries({ queryKey: libraryKeys.likedIds });
      client.setQueryData<Set<number>>(libraryKeys.likedIds, (liked) =>
        withLike(liked, songId, like),
      );
    },
    onError: (_error: unknown, { songId, like }: { songId: number; like: boolean }) => {
      client.setQueryData<Set<number>>(libraryKeys.likedIds, (liked) =>
        withLike(liked, songId, !like),
      );
    },
    onSettled: async () => {
      // This toggle still counts itself.
      if (client.isMutating({ mutationKey: LIKE_TOGGLES }) > 1) return;
      await Promise.all([
        client.invalidateQueries({ queryKey: libraryKeys.liked }),
        client.invalidateQueries({ queryKey: libraryKeys.likedIds }),
      ]);
    },
  };
}

export function useToggleLike() {
  return useMutation(likeToggleOptions(useQueryClient()));
}
