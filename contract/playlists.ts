import { type Static, Type } from '@sinclair/typebox';
import { Artist, OriginalClientSong, Song } from './catalog.ts';
import { Id, Nullable } from './common.ts';

import { PLAYLIST_DESCRIPTION_MAX, PLAYLIST_NAME_MAX } from './rules/playlists.ts';

// Kept in rules/ so the web app can use them without loading TypeBox.
export { PLAYLIST_DESCRIPTION_MAX, PLAYLIST_NAME_MAX };
/** The playlist cover mosaic shows up to this many song covers. */
export const MOSAIC_COVERS = 4;

/** Ids arrive as numbers from Chorus and as text from clients written for string ids. */
export const LooseId = Type.Union([Id, Type.String({ pattern: '^[1-9][0-9]{0,9}$' })]);

/** A playlist without its songs, as lists show it. */
export const PlaylistSummary = Type.Object({
  _id: Id,
  name: Type.String(),
  description: Type.String(),
  isPublic: Type.Boolean(),
  /** The uploaded cover, if any. */
  coverImage: Nullable(Type.String()),
  /** Covers of the first songs (up to 4), for the mosaic when there is no cover. */
  covers: Type.Array(Type.String()),
  creator: Type.Object({ _id: Id, name: Type.String() }),
  createdBy: Type.String(),
  type: Type.Literal('playlist'),
  songCount: Type.Integer(),
  /** Total length, e.g. '1 hr 5 min'. */
  duration: Type.String(),
  durationSeconds: Type.Integer(),
  saves: Type.Integer(),
  isOwner: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type PlaylistSummary = Static<typeof PlaylistSummary>;

export const Playlist = Type.Composite([PlaylistSummary, Type.Object({ songs: Type.Array(Song) })]);
export type Playlist = Static<typeof Playlist>;

/**
 * A playlist as the original client prints it (docs/original-client.md): no `type` (it prints it beside the
 * word 'Playlist'), no `saves` when 0 (rendered with `&&`, a 0 shows as '0'), and songs that give
 * their artist and album as text.
 */
export const OriginalClientPlaylist = Type.Composite([
  Type.Omit(PlaylistSummary, ['type', 'saves']),
  Type.Object({
    saves: Type.Optional(Type.Integer({ minimum: 1 })),
    songs: Type.Array(OriginalClientSong),
  }),
]);
export type OriginalClientPlaylist = Static<typeof OriginalClientPlaylist>;

export const CreatePlaylistBody = Type.Object({
  name: Type.String({ maxLength: PLAYLIST_NAME_MAX }),
  description: Type.Optional(Type.String({ maxLength: PLAYLIST_DESCRIPTION_MAX })),
  isPublic: Type.Optional(Type.Boolean()),
});
export type CreatePlaylistBody = Static<typeof CreatePlaylistBody>;

export const UpdatePlaylistBody = Type.Object({
  name: Type.Optional(Type.String({ maxLength: PLAYLIST_NAME_MAX })),
  description: Type.Optional(Type.String({ maxLength: PLAYLIST_DESCRIPTION_MAX })),
  isPublic: Type.Optional(Type.Boolean()),
});
export type UpdatePlaylistBody = Static<typeof UpdatePlaylistBody>;

export const SongIdBody = Type.Object({ songId: LooseId });
export const OptionalSongIdBody = Type.Union([
  Type.Object({ songId: Type.Optional(LooseId) }),
  Type.Null(),
]);
export const SongIdQuery = Type.Object({ songId: Type.Optional(Id) });

export const MoveSongBody = Type.Object({
  songId: Id,
  /** Where the song goes, counted from 0 among the playlist's songs. */
  toIndex: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
});
export type MoveSongBody = Static<typeof MoveSongBody>;

export const PlaylistIdParams = Type.Object({ playlistId: Id });

/** The most songs one slice of a playlist may ask for. */
export const PLAYLIST_PAGE_MAX = 500;

/**
 * A slice of a playlist's songs (Chorus's page shows the first rows before the rest arrive).
 * Without `limit` the response holds every song, as the original client expects.
 */
export const PlaylistSongsQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PLAYLIST_PAGE_MAX })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
});
export type PlaylistSongsQuery = Static<typeof PlaylistSongsQuery>;

/**
 * The response to creating a playlist. The original client adds `data.playlist` to its sidebar
 * list as it is (docs/original-client.md), so that one is in the list's shape; Chorus reads `playlist`.
 */
export const CreatedPlaylist = Type.Object({
  message: Type.String(),
  data: Type.Composite([Playlist, Type.Object({ playlist: OriginalClientPlaylist })]),
  playlist: Playlist,
});

export const PlaylistEnvelope = Type.Object({ message: Type.String(), data: Playlist });
export const PlaylistData = Type.Object({ data: Playlist });
export const OriginalClientPlaylistData = Type.Object({ data: OriginalClientPlaylist });

export const RemovedSong = Type.Object({
  message: Type.String(),
  data: Type.Object({ playlistId: Id, songId: Id }),
});

export const DeletedPlaylist = Type.Object({
  message: Type.String(),
  data: Type.Object({ _id: Id }),
});

export const PlaylistsOfSong = Type.Object({ playlists: Type.Array(PlaylistSummary) });

/** Followed artists for the library's Artists tab. */
export const FollowedArtists = Type.Object({ items: Type.Array(Artist) });

export const LikedSongs = Type.Object({ items: Type.Array(Song), total: Type.Integer() });
export const LikedIds = Type.Object({ ids: Type.Array(Id) });
export const LikeState = Type.Object({ songId: Id, liked: Type.Boolean() });

export const Profile = Type.Object({
  user: Type.Object({ _id: Id, name: Type.String() }),
  publicPlaylistCount: Type.Integer(),
  publicPlaylists: Type.Array(PlaylistSummary),
  topArtists: Type.Array(Artist),
  topTracks: Type.Array(Song),
  /** Where the tops come from: the listener's plays of the last 30 days, or the catalog's. */
  topSource: Type.Union([Type.Literal('plays'), Type.Literal('catalog')]),
});
export type Profile = Static<typeof Profile>;
