import { Type } from '@sinclair/typebox';
import { Artist } from '../../../contract/catalog.ts';
import { IdParams } from '../../../contract/common.ts';
import { FollowState } from '../../../contract/listening.ts';
import type { App, Deps } from '../../deps.ts';
import { requireCaller } from '../../plugins/policies.ts';

export async function followsRoutes(app: App, deps: Deps): Promise<void> {
  const { follows, catalog } = deps.services;

  for (const [method, following] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/artists/:id/follow',
      config: { policy: 'listener' },
      schema: {
        tags: ['follows'],
        summary: following ? 'Follow an artist' : 'Stop following an artist',
        params: IdParams,
        response: { 200: FollowState },
      },
      handler: (request) =>
        follows.set(requireCaller(request).userId, request.params.id, following),
    });
  }

  app.get(
    '/api/me/following',
    {
      config: { policy: 'listener' },
      schema: {
        tags: ['follows'],
        summary: 'Artists the caller follows, most recent first',
        querystring: Type.Object({
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
        }),
        response: { 200: Type.Object({ items: Type.Array(Artist) }) },
      },
    },
    async (request) => {
      const ids = await follows.followedArtistIds(
        requireCaller(request).userId,
        request.query.limit ?? 50,
      );
      return { items: await catalog.artistsInOrder(ids) };
    },
  );
}
