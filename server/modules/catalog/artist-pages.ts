import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { Type } from '@sinclair/typebox';
import { Artist, OriginalClientSong, Song } from '../../../contract/catalog.ts';
import type { ArtistDetail } from '../../../contract/listening.ts';
import { jsonRenderer } from '../../plugins/validation.ts';
import { songForOriginalClient } from './catalog.presenter.ts';

/** An artist as its page shows it, but for the counts read on every request. */
export type PageArtist = Omit<Artist, 'followers'>;

/** A built artist page: the artist, and its songs newest first (the order equal plays keep). */
export interface BuiltArtistPage {
  artist: PageArtist;
  newestFirst: Song[];
}

/**
 * An artist page rendered as JSON texts, once per build or refresh, so serving it takes no
 * parsing or rendering of its songs: the response is these texts with the followers and the
 * caller's follow put in (`artistPageJson`, `originalClientArtistJson`).
 */
export interface RenderedArtistPage {
  /** `PageArtist` as a JSON object. */
  artist: string;
  /** The songs most played first, as a JSON array of `Song`. */
  songs: string;
  /** The same songs in the original client's shape (`OriginalClientSong`). */
  originalClientSongs: string;
  /** The song ids newest first, as a JSON array: what a refresh orders changed counts from. */
  newestIds: string;
}

const renderArtist = jsonRenderer<PageArtist>(Type.Omit(Artist, ['followers']));
const renderSongs = jsonRenderer<Song[]>(Type.Array(Song));
const renderOriginalClientSongs = jsonRenderer<OriginalClientSong[]>(
  Type.Array(OriginalClientSong),
);

/** Songs most played first; a stable sort, so equal counts keep the given (newest first) order. */
export function mostPlayedFirst(newestFirst: Song[]): Song[] {
  return [...newestFirst].sort((a, b) => b.plays - a.plays);
}

export function renderArtistPage({ artist, newestFirst }: BuiltArtistPage): RenderedArtistPage {
  const songs = mostPlayedFirst(newestFirst);
  return {
    artist: renderArtist(artist),
    songs: renderSongs(songs),
    originalClientSongs: renderOriginalClientSongs(songs.map(songForOriginalClient)),
    newestIds: JSON.stringify(newestFirst.map((song) => song._id)),
  };
}

/** The page as objects again (for a refresh, and for callers that read its fields). */
export function builtArtistPage(rendered: RenderedArtistPage): BuiltArtistPage {
  const songs = new Map((JSON.parse(rendered.songs) as Song[]).map((song) => [song._id, song]));
  const newestIds = JSON.parse(rendered.newestIds) as number[];
  return {
    artist: JSON.parse(rendered.artist) as PageArtist,
    newestFirst: newestIds.flatMap((id) => songs.get(id) ?? []),
  };
}

/** The texts never hold a line break (JSON escapes them in strings), so one parts them. */
const PART_END = '\n';

/**
 * A rendered page deflated, as a latin1 string (one heap object, where a Buffer brings four).
 * Packed, the pages of a large catalog all fit the default budget (docs/architecture.md), and
 * inflating one costs a fraction of building it.
 */
export function packArtistPage(rendered: RenderedArtistPage): string {
  const text = [
    rendered.artist,
    rendered.songs,
    rendered.originalClientSongs,
    rendered.newestIds,
  ].join(PART_END);
  return deflateRawSync(text, { level: 1 }).toString('latin1');
}

export function unpackArtistPage(packed: string): RenderedArtistPage {
  const text = inflateRawSync(Buffer.from(packed, 'latin1')).toString('utf8');
  const [artist = '{}', songs = '[]', originalClientSongs = '[]', newestIds = '[]'] =
    text.split(PART_END);
  return { artist, songs, originalClientSongs, newestIds };
}

/** The artist's fields and the counts of this request, as a JSON object still open for more. */
function openArtist(rendered: RenderedArtistPage, following: boolean): string {
  return `${rendered.artist.slice(0, -1)},"following":${following}`;
}

/** `ArtistDetail` as JSON (`GET /api/artists/:id`). */
export function artistPageJson(
  rendered: RenderedArtistPage,
  followers: number,
  following: boolean,
): string {
  return `${openArtist(rendered, following)},"followers":${followers},"songs":${rendered.songs}}`;
}

/** `ArtistSongsCompat` as JSON (`GET /api/user/getArtistSongById/:id`): followers only when some. */
export function originalClientArtistJson(
  rendered: RenderedArtistPage,
  followers: number,
  following: boolean,
): string {
  const counted = followers > 0 ? `,"followers":${followers}` : '';
  const artist = `${openArtist(rendered, following)}${counted},"songs":${rendered.originalClientSongs}}`;
  return `{"data":{"artist":${artist},"songs":${rendered.originalClientSongs}}}`;
}

/** The page as objects: what callers that read its fields get. */
export function artistDetailOf(
  rendered: RenderedArtistPage,
  followers: number,
  following: boolean,
): ArtistDetail {
  const artist = JSON.parse(rendered.artist) as PageArtist;
  return { ...artist, followers, following, songs: JSON.parse(rendered.songs) as Song[] };
}
