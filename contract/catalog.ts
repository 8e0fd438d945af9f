import { type Static, Type } from '@sinclair/typebox';
import { Id, Nullable } from './common.ts';

export const ArtistRef = Type.Object({ _id: Id, name: Type.String() });
export type ArtistRef = Static<typeof ArtistRef>;

export const AlbumRef = Type.Object({ _id: Id, title: Type.String() });

/** A song as listener screens see it; extra names (`artistName`, `src`…) are the spec's fallbacks. */
export const Song = Type.Object({
  _id: Id,
  title: Type.String(),
  artist: Type.Array(ArtistRef),
  artistName: Type.String({
    description: "Alias: the credited artists' names joined, for clients that print `artist`",
  }),
  genre: Type.String(),
  /** m:ss, as the spec's entities carry it. */
  duration: Type.String({ description: 'Length as m:ss text (the spec’s form)' }),
  durationSeconds: Type.Integer({
    description: 'Length in whole seconds (what players compute with)',
  }),
  status: Type.String(),
  coverImage: Nullable(Type.String()),
  url: Type.String({ description: 'The audio stream' }),
  audioUrl: Type.String({ description: 'Alias of `url`, read by clients of the spec' }),
  album: Nullable(AlbumRef),
  albumName: Nullable(Type.String({ description: "Alias: the album's title" })),
  trackNumber: Nullable(Type.Integer()),
  plays: Type.Integer(),
  createdAt: Type.String(),
  isDeleted: Type.Boolean(),
});
export type Song = Static<typeof Song>;

/**
 * A song as the original client's playlist and artist pages print it (docs/original-client.md): they render
 * `artist` and `album` as React children, where an object is an error, so both are text.
 */
export const OriginalClientSong = Type.Composite([
  Type.Omit(Song, ['artist', 'album']),
  Type.Object({
    /** The artists' names, e.g. 'Nova Lights, Ada' (Chorus's `artistName`). */
    artist: Type.String(),
    /** The album's title, or '' for a song on no album. */
    album: Type.String(),
  }),
]);
export type OriginalClientSong = Static<typeof OriginalClientSong>;

export const Artist = Type.Object({
  _id: Id,
  name: Type.String(),
  description: Type.String(),
  image: Nullable(Type.String()),
  verified: Type.Boolean(),
  isDisabled: Type.Boolean(),
  createdAt: Type.String(),
  monthlyListeners: Type.Integer(),
  followers: Type.Integer(),
  songCount: Type.Integer(),
});
export type Artist = Static<typeof Artist>;

export const Album = Type.Object({
  _id: Id,
  title: Type.String(),
  year: Nullable(Type.Integer()),
  artist: ArtistRef,
  coverImage: Nullable(Type.String()),
  songCount: Type.Integer(),
  createdAt: Type.String(),
});
export type Album = Static<typeof Album>;
