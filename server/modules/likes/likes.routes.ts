import { IdParams } from '../../../contract/common.ts';
import { LikedIds, LikedSongs, LikeState } from '../../../contract/playlists.ts';
import type { App, Deps } from '../../deps.ts';
import { requireCaller } from '../../plugins/policies.ts';

const tags = ['likes'];

export async function likesRoutes(app: App, deps: Deps): Promise<void> {
  const { likes } = deps.services;

  app.put(
    '/api/songs/:id/like',
    {
      config: { policy: 'listener' },
      schema: {
        tags,
        summary: 'Add a song to Liked Songs',
        params: IdParams,
        response: { 200: LikeState },
      },
    },
    (request) => likes.like(requireCaller(request).userId, request.params.id),
  );

  app.delete(
    '/api/songs/:id/like',
    {
      config: { policy: 'listener' },
      schema: {
        tags,
        summary: 'Take a song out of Liked Songs',
        params: IdParams,
        response: { 200: LikeState },
      },
    },
    (request) => likes.unlike(requireCaller(request).userId, request.params.id),
  );

  app.get(
    '/api/me/likes',
    {
      config: { policy: 'listener' },
      schema: {
        tags,
        summary: "The caller's liked songs, most recent first",
        response: { 200: LikedSongs },
      },
    },
    (request) => likes.songs(requireCaller(request).userId),
  );

  app.get(
    '/api/me/likes/ids',
    {
      config: { policy: 'listener' },
      schema: {
        tags,
        summary: 'Ids of the songs the caller likes (for the hearts in lists)',
        response: { 200: LikedIds },
      },
    },
    (request) => likes.ids(requireCaller(request).userId),
  );
}
