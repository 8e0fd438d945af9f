import { type Static, Type } from '@sinclair/typebox';
import { Song } from './catalog.ts';
import { Id } from './common.ts';
import { SEARCH_QUERY_MAX } from './rules/search.ts';

/** A listener's recent search: the query as typed, newest first. */
export const RecentSearch = Type.Object({
  _id: Id,
  q: Type.String(),
  searchedAt: Type.String(),
});
export type RecentSearch = Static<typeof RecentSearch>;

export const RecentSearches = Type.Object({ items: Type.Array(RecentSearch) });
export type RecentSearches = Static<typeof RecentSearches>;

export const RecentSearchBody = Type.Object({
  q: Type.String({ maxLength: SEARCH_QUERY_MAX }),
});
export type RecentSearchBody = Static<typeof RecentSearchBody>;

/** A genre of the catalog and how many songs listeners may play in it. */
export const GenreCount = Type.Object({ name: Type.String(), songCount: Type.Integer() });
export type GenreCount = Static<typeof GenreCount>;

export const GenreList = Type.Object({ items: Type.Array(GenreCount) });
export type GenreList = Static<typeof GenreList>;

export const GenreParams = Type.Object({ name: Type.String({ minLength: 1, maxLength: 60 }) });
export type GenreParams = Static<typeof GenreParams>;

export const GenreSongsQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
});

export const GenreSongs = Type.Object({ genre: Type.String(), songs: Type.Array(Song) });
export type GenreSongs = Static<typeof GenreSongs>;
