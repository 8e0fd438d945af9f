import { type Static, Type } from '@sinclair/typebox';
import { Artist, Song } from './catalog.ts';
import { Id, Nullable } from './common.ts';
import { SEARCH_QUERY_MAX } from './rules/search.ts';

/** A listener account as the admin screens see it (never a password hash or a code). */
export const AdminUser = Type.Object(
  {
    _id: Id,
    name: Type.String(),
    email: Type.String(),
    role: Type.Union([Type.Literal('listener'), Type.Literal('admin')]),
    isBlocked: Type.Boolean(),
    isPremium: Type.Boolean(),
    createdAt: Type.String(),
  },
  { $id: 'AdminUser' },
);
export type AdminUser = Static<typeof AdminUser>;

/**
 * The most items an admin list returns without `limit`. The original client asks for whole
 * lists and gets them whole up to this many; past it, `page` (2, 3…) asks for the next ones, as
 * many at a time, so no single response grows with the catalog.
 */
export const UNPAGED_LIST_CAP = 5_000;

const Paging = {
  /** Without `limit`, pages are UNPAGED_LIST_CAP long. */
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
};
const Search = Type.Optional(Type.String({ maxLength: SEARCH_QUERY_MAX }));

export const UserListQuery = Type.Object({
  ...Paging,
  q: Search,
  status: Type.Optional(
    Type.Union([Type.Literal('all'), Type.Literal('active'), Type.Literal('blocked')]),
  ),
  plan: Type.Optional(
    Type.Union([Type.Literal('all'), Type.Literal('free'), Type.Literal('premium')]),
  ),
});
export type UserListQuery = Static<typeof UserListQuery>;

export const UserStats = Type.Object({
  total: Type.Integer(),
  active: Type.Integer(),
  blocked: Type.Integer(),
  premium: Type.Integer(),
});
export type UserStats = Static<typeof UserStats>;

export const UserList = Type.Object({
  users: Type.Array(AdminUser),
  /** How many users match the search and filter (all pages). */
  total: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
  hasMore: Type.Boolean(),
  stats: UserStats,
});
export type UserList = Static<typeof UserList>;

export const BlockBody = Type.Object({ isBlocked: Type.Boolean() });
export const PlanBody = Type.Object({ isPremium: Type.Boolean() });
export const UserResponse = Type.Object({ message: Type.String(), data: AdminUser });

/** An artist with what only administrators see. */
export const AdminArtist = Type.Composite([
  Type.Omit(Artist, []),
  Type.Object({
    email: Nullable(Type.String()),
    /** Songs credited to the artist, deleted ones excepted ("artworks" in the original client). */
    artworks: Type.Integer(),
    updatedAt: Type.String(),
  }),
]);
export type AdminArtist = Static<typeof AdminArtist>;

/**
 * An artist in the original client's `getAllArtist` list: its edit page finds the artist with
 * `artist._id === params.id`, the id as text from the URL, so `_id` is text here.
 */
export const OriginalClientAdminArtist = Type.Composite([
  Type.Omit(AdminArtist, ['_id']),
  Type.Object({ _id: Type.String({ pattern: '^[1-9][0-9]*$' }) }),
]);
export type OriginalClientAdminArtist = Static<typeof OriginalClientAdminArtist>;

/** The original client's bare `getAllArtist` list takes only a page (of UNPAGED_LIST_CAP). */
export const OriginalClientListQuery = Type.Object({ page: Paging.page });

export const ArtistListQuery = Type.Object({
  ...Paging,
  q: Search,
  status: Type.Optional(
    Type.Union([Type.Literal('all'), Type.Literal('active'), Type.Literal('disabled')]),
  ),
});
export type ArtistListQuery = Static<typeof ArtistListQuery>;

export const ArtistStats = Type.Object({
  total: Type.Integer(),
  active: Type.Integer(),
  disabled: Type.Integer(),
  /** Added in the last 30 days. */
  recent: Type.Integer(),
});
export type ArtistStats = Static<typeof ArtistStats>;

export const ArtistList = Type.Object({
  items: Type.Array(AdminArtist),
  /** How many artists match the search and filter (all pages); `stats.total` counts them all. */
  total: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
  hasMore: Type.Boolean(),
  stats: ArtistStats,
});
export type ArtistList = Static<typeof ArtistList>;

export const DisableBody = Type.Object({ isDisabled: Type.Boolean() });
export const ArtistNameBody = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 200 })),
  description: Type.Optional(Type.String({ maxLength: 5000 })),
  email: Type.Optional(Nullable(Type.String({ maxLength: 320 }))),
});

export const SongListQuery = Type.Object({
  ...Paging,
  q: Search,
  /** `all` = everything not deleted; `deleted` = the bin. */
  status: Type.Optional(
    Type.Union([
      Type.Literal('all'),
      Type.Literal('active'),
      Type.Literal('inactive'),
      Type.Literal('deleted'),
    ]),
  ),
});
export type SongListQuery = Static<typeof SongListQuery>;

export const SongCounts = Type.Object({
  all: Type.Integer(),
  active: Type.Integer(),
  inactive: Type.Integer(),
  deleted: Type.Integer(),
});

export const AdminSongList = Type.Object({
  songs: Type.Array(Song),
  total: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
  hasMore: Type.Boolean(),
  counts: SongCounts,
});
export type AdminSongList = Static<typeof AdminSongList>;

export const SongStatusBody = Type.Object({
  status: Type.Union([Type.Literal('Active'), Type.Literal('Inactive')]),
});
export const SongEditBody = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 200 })),
  genre: Type.Optional(Type.String({ maxLength: 60 })),
  /** Artist ids, in credit order. */
  artist: Type.Optional(Type.Union([Type.Array(Id, { maxItems: 20 }), Id, Type.String()])),
});

export const DashboardStats = Type.Object({
  totalUsers: Type.Integer(),
  premiumUsers: Type.Integer(),
  blockedUsers: Type.Integer(),
  totalSongs: Type.Integer(),
  totalArtists: Type.Integer(),
  songsPlayed: Type.Object({
    total: Type.Integer(),
    last30Days: Type.Integer(),
    previous30Days: Type.Integer(),
    /** Percent change of the last 30 days against the 30 before; null when there were none. */
    changePercent: Nullable(Type.Number()),
  }),
});
export type DashboardStats = Static<typeof DashboardStats>;

/** The albums Add Song may put a song on: the albums of the chosen artists. */
export const AlbumChoicesQuery = Type.Object({
  /** Artist ids, comma-separated. */
  artist: Type.String({ maxLength: 300, pattern: '^\\d{1,10}(,\\d{1,10}){0,19}$' }),
});
export const AlbumChoices = Type.Object({
  items: Type.Array(
    Type.Object({
      _id: Id,
      title: Type.String(),
      artist: Type.Object({ _id: Id, name: Type.String() }),
    }),
  ),
});
export type AlbumChoices = Static<typeof AlbumChoices>;
