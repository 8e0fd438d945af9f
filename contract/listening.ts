import { type Static, Type } from '@sinclair/typebox';
import { Album, Artist, ArtistRef, OriginalClientSong, Song } from './catalog.ts';
import { Id, Nullable } from './common.ts';
import { SEARCH_QUERY_MAX } from './rules/search.ts';

/** Home: the rows, each ordered by real listening and newest first without any. */
export const HomeFeed = Type.Object({
  popularArtists: Type.Array(Artist),
  popularAlbums: Type.Array(Album),
  trendingSongs: Type.Array(Song),
});
export type HomeFeed = Static<typeof HomeFeed>;

/** An artist with the songs listeners may play, most played first. */
export const ArtistDetail = Type.Object({
  ...Artist.properties,
  songs: Type.Array(Song),
  /** Whether the caller follows this artist; false for visitors. */
  following: Type.Boolean(),
});
export type ArtistDetail = Static<typeof ArtistDetail>;

/**
 * An artist's page as the original client prints it: songs give their artist and album as text,
 * and `followers` is left out when 0 (the client renders it with `&&`, which would print a '0').
 */
export const OriginalClientArtist = Type.Composite([
  Type.Omit(ArtistDetail, ['followers', 'songs']),
  Type.Object({
    followers: Type.Optional(Type.Integer({ minimum: 1 })),
    songs: Type.Array(OriginalClientSong),
  }),
]);
export type OriginalClientArtist = Static<typeof OriginalClientArtist>;

/** `GET /api/user/getArtistSongById/:id` as the original client reads it (docs/original-client.md). */
export const ArtistSongsCompat = Type.Object({
  data: Type.Object({ artist: OriginalClientArtist, songs: Type.Array(OriginalClientSong) }),
});

export const AlbumDetail = Type.Object({
  ...Album.properties,
  songs: Type.Array(Song),
  /** Seconds, summed over the listed songs. */
  totalSeconds: Type.Integer(),
});
export type AlbumDetail = Static<typeof AlbumDetail>;

export const PopularityQuery = Type.Object({
  sort: Type.Optional(Type.Union([Type.Literal('newest'), Type.Literal('popular')])),
});

/** What the player reports when a song has played long enough to count. */
export const PlayBody = Type.Object({
  /** Seconds actually heard (not the position: seeking forward does not count). */
  seconds: Type.Number({ minimum: 0, maximum: 86_400 }),
  /** True when the song played to its end. */
  completed: Type.Optional(Type.Boolean()),
});
export type PlayBody = Static<typeof PlayBody>;

export const PlayResult = Type.Object({
  counted: Type.Boolean(),
  /** Why a report did not count, for debugging clients. */
  reason: Type.Optional(Type.String()),
});
export type PlayResult = Static<typeof PlayResult>;

/** The songs a listener played, each once, the most recently played first. */
export const RecentlyPlayed = Type.Object({ items: Type.Array(Song) });
export type RecentlyPlayed = Static<typeof RecentlyPlayed>;

export { PLAY_THRESHOLD_SECONDS } from './rules/plays.ts';

export const FollowState = Type.Object({
  artistId: Id,
  following: Type.Boolean(),
  followers: Type.Integer(),
});
export type FollowState = Static<typeof FollowState>;

export const PlaylistHit = Type.Object({
  _id: Id,
  name: Type.String(),
  description: Type.String(),
  coverImage: Nullable(Type.String()),
  creator: Type.Object({ _id: Id, name: Type.String() }),
  songCount: Type.Integer(),
});
export type PlaylistHit = Static<typeof PlaylistHit>;

export const SearchQuery = Type.Object({
  q: Type.String({ maxLength: SEARCH_QUERY_MAX }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
});
export type SearchQuery = Static<typeof SearchQuery>;

export const SearchResults = Type.Object({
  q: Type.String(),
  songs: Type.Array(Song),
  artists: Type.Array(Artist),
  albums: Type.Array(Album),
  playlists: Type.Array(PlaylistHit),
});
export type SearchResults = Static<typeof SearchResults>;

/** An artist's albums with listed songs, newest first; short releases count as singles. */
export const Discography = Type.Object({
  albums: Type.Array(Album),
  singles: Type.Array(Album),
});
export type Discography = Static<typeof Discography>;

/** "Fans also like": other enabled artists, from co-listening, then shared genres. */
export const RelatedArtists = Type.Object({ artists: Type.Array(Artist) });
export type RelatedArtists = Static<typeof RelatedArtists>;

/** "More by …" under an album: the same artist's other albums, newest first. */
export const MoreByArtist = Type.Object({
  artist: ArtistRef,
  albums: Type.Array(Album),
});
export type MoreByArtist = Static<typeof MoreByArtist>;
