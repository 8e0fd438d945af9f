import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ArtistDetail, FollowState } from '../../contract/listening.ts';
import { api, errorMessage } from './api.ts';
import { artistKey } from './catalog-queries.ts';
import { libraryKeys } from './library-queries.ts';
import { notify } from './toast.ts';

/** Follow or unfollow; the button flips at once and flips back if the server refuses. */
export function useFollowArtist(artistId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (following: boolean) =>
      api<FollowState>(`/artists/${artistId}/follow`, { method: following ? 'PUT' : 'DELETE' }),
    onMutate: async (following) => {
      await client.cancelQueries({ queryKey: artistKey(artistId) });
      const before = client.getQueryData<ArtistDetail>(artistKey(artistId));
      if (before) {
        client.setQueryData<ArtistDetail>(artistKey(artistId), {
          ...before,
          following,
          followers: Math.max(0, before.followers + (following ? 1 : -1)),
        });
      }
      return { before };
    },
    onError: (error, _following, context) => {
      if (context?.before) client.setQueryData(artistKey(artistId), context.before);
      notify.error(errorMessage(error, 'Could not update following'));
    },
    onSuccess: (state) => {
      client.setQueryData<ArtistDetail>(artistKey(artistId), (old) =>
        old ? { ...old, following: state.following, followers: state.followers } : old,
      );
      // The library's Artists tab lists followed artists: it shows the change at once.
      client.invalidateQueries({ queryKey: libraryKeys.artists });
    },
  });
}
