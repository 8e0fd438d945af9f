import { IdParams } from '../../../contract/common.ts';
import { Discography, MoreByArtist, RelatedArtists } from '../../../contract/listening.ts';
import type { App, Deps } from '../../deps.ts';

/** What an artist or album page shows below its songs: releases and artists to go on to. */
export async function relatedRoutes(app: App, deps: Deps): Promise<void> {
  const { related } = deps.services;

  app.get(
    '/api/artists/:id/discography',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['catalog'],
        summary: "An artist's albums and singles with listed songs, newest first",
        params: IdParams,
        response: { 200: Discography },
      },
    },
    (request) => related.discography(request.params.id),
  );

  app.get(
    '/api/artists/:id/related',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['catalog'],
        summary: '"Fans also like": artists the same listeners play or like, or of shared genres',
        params: IdParams,
        response: { 200: RelatedArtists },
      },
    },
    (request) => related.fansAlsoLike(request.params.id),
  );

  app.get(
    '/api/albums/:id/more-by',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['catalog'],
        summary: "The album artist's other albums",
        params: IdParams,
        response: { 200: MoreByArtist },
      },
    },
    (request) => related.moreBy(request.params.id),
  );
}
