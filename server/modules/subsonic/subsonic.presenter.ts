import type { Song } from '../../../contract/catalog.ts';
import { imageHashOf } from '../../../contract/media.ts';
import type { PlaylistSummary } from '../../../contract/playlists.ts';
import { foldSearchText } from '../../../contract/rules/search.ts';
import { firstCharacters } from '../../../contract/rules/text.ts';
import { type Node, type Slot, toId } from './protocol.ts';
import type { AlbumCardRecord, ArtistCardRecord, SongFileRecord } from './subsonic.repository.ts';

/** Subsonic's ids are strings; Chorus's numeric ids are sent as their digits. */
const sid = (id: number | null | undefined) =>
  id === null || id === undefined ? undefined : String(id);

/**
 * A song on no album is, to apps, a single of its own (as music services show one), listed
 * among its artist's albums under this id.
 */
export const singleId = (songId: number) => `${SINGLE_PREFIX}${songId}`;
const SINGLE_PREFIX = 'single-';

/**
 * The song a single's id (`singleId`) names, or undefined for any other id; a single's id past
 * Chorus's ids names nothing (error 70), as any other id does.
 */
export function songOfSingle(id: string): number | undefined {
  return id.startsWith(SINGLE_PREFIX) ? toId(id.slice(SINGLE_PREFIX.length)) : undefined;
}

/**
 * Folder mode (getIndexes, getMusicDirectory, getAlbumList, search2, getStarred) is a tree of
 * artists, their albums and then songs, as on a Subsonic server's disk. Its folders' ids carry
 * their kind: apps star or rate a folder by sending its id as `id`, the parameter that names a
 * song, and Chorus's song, album and artist ids are numbered apart, so a bare number there
 * would name a song that happens to share it.
 */
export const artistFolderId = (artistId: number) => `${ARTIST_FOLDER_PREFIX}${artistId}`;
export const albumFolderId = (albumId: number) => `${ALBUM_FOLDER_PREFIX}${albumId}`;
const ARTIST_FOLDER_PREFIX = 'ar-';
const ALBUM_FOLDER_PREFIX = 'al-';

/** What an `id` parameter names: a song (its plain id), or an artist's or album's folder. */
export type NamedItem = { kind: 'song' | 'artist' | 'album'; id: number };

/** The item `id` names (`artistFolderId`, `albumFolderId`, or a song's id); 70 for any other. */
export function itemOf(id: string): NamedItem {
  if (id.startsWith(ARTIST_FOLDER_PREFIX)) {
    return { kind: 'artist', id: toId(id.slice(ARTIST_FOLDER_PREFIX.length)) };
  }
  if (id.startsWith(ALBUM_FOLDER_PREFIX)) {
    return { kind: 'album', id: toId(id.slice(ALBUM_FOLDER_PREFIX.length)) };
  }
  return { kind: 'song', id: toId(id) };
}

/**
 * The artist a tag call (getArtist, `artistId`, …) names: by its id, or by its folder's, since
 * apps that browse by tags take ids from folder-mode calls too (Feishin's favourites).
 */
export function artistIdOf(id: string): number {
  return toId(id.startsWith(ARTIST_FOLDER_PREFIX) ? id.slice(ARTIST_FOLDER_PREFIX.length) : id);
}

/** The album a tag call (getAlbum, `albumId`, …) names: by its id, or by its folder's. */
export function albumIdOf(id: string): number {
  return albumOfFolder(id) ?? toId(id);
}

/** The album whose folder `id` is, or undefined when it is not an album's folder. */
export function albumOfFolder(id: string): number | undefined {
  return id.startsWith(ALBUM_FOLDER_PREFIX)
    ? toId(id.slice(ALBUM_FOLDER_PREFIX.length))
    : undefined;
}

/** An artist's folder as indexes, search2 and getStarred list it (Subsonic's `Artist`). */
export function artistFolderEntry(artist: { id: number; name: string }, starred?: string | Slot) {
  return { id: artistFolderId(artist.id), name: artist.name, starred };
}

/** An album's folder (a `Child` that is a directory), as album lists and folders list it. */
export function albumFolderEntry(row: AlbumCardRecord, starred?: string): Node {
  return {
    id: albumFolderId(row.id),
    parent: artistFolderId(row.artist_id),
    isDir: true,
    title: row.title,
    album: row.title,
    artist: row.artist_name,
    year: row.year ?? undefined,
    genre: row.genre ?? undefined,
    coverArt: row.cover_key ?? undefined,
    duration: Number(row.duration ?? 0),
    playCount: Number(row.play_count ?? 0),
    created: row.created_at,
    starred,
    albumId: String(row.id),
    artistId: String(row.artist_id),
  };
}

/** A single's album entry, from its song's entry. */
export function singleEntry(song: Node): Node {
  return {
    id: song.albumId,
    name: song.title,
    artist: song.artist,
    artistId: song.artistId,
    coverArt: song.coverArt,
    songCount: 1,
    duration: song.duration,
    playCount: song.playCount,
    created: song.created,
    genre: song.genre,
  };
}

/** The file's extension as stored (`audio/<hash>.mp3`): what apps call the suffix. */
export function suffixOf(audioKey: string): string | undefined {
  return /\.([a-z0-9]{1,5})$/i.exec(audioKey)?.[1]?.toLowerCase();
}

/**
 * A song entry (Subsonic's `Child`). `transcoded` is what `stream` sends when nothing is asked,
 * when that is not the stored file.
 */
export function songEntry(
  song: Song,
  file: SongFileRecord | undefined,
  starred?: string,
  transcoded?: { contentType: string; suffix: string } | null,
): Node {
  // Assigned onto the catalog's fields, not spread into a new object: V8 writes a spread copy of
  // an object this wide as JSON several times slower.
  return Object.assign(
    songCatalogFields(song, file, transcoded),
    songListeningFields(song.plays, starred),
  );
}

/**
 * The fields of a song entry that follow from the catalog alone, the same for every caller and
 * for as long as `catalog_version` stands: what entries written ahead hold (song-blocks.ts).
 */
export function songCatalogFields(
  song: Song,
  file: SongFileRecord | undefined,
  transcoded?: { contentType: string; suffix: string } | null,
): Node {
  const [artist] = song.artist;
  return {
    id: String(song._id),
    // In the folder tree a song is in its album's folder, or in its artist's when on no album.
    parent: song.album
      ? albumFolderId(song.album._id)
      : artist
        ? artistFolderId(artist._id)
        : undefined,
    isDir: false,
    title: song.title,
    album: song.album ? (song.albumName ?? undefined) : song.title,
    artist: song.artistName,
    track: song.trackNumber ?? undefined,
    year: file?.year ?? undefined,
    genre: song.genre,
    coverArt: file?.cover_key ?? file?.album_cover_key ?? undefined,
    size: file?.audio_size,
    contentType: file?.audio_mime,
    suffix: file ? suffixOf(file.audio_key) : undefined,
    transcodedContentType: transcoded?.contentType,
    transcodedSuffix: transcoded?.suffix,
    duration: song.durationSeconds,
    // Stored in bits per second; Subsonic's bitRate is in kbps.
    bitRate: file?.audio_bitrate ? Math.round(file.audio_bitrate / 1000) : undefined,
    created: song.createdAt,
    albumId: song.album ? String(song.album._id) : singleId(song._id),
    artistId: sid(artist?._id),
    type: 'music',
  };
}

/** The fields of a song entry that listening moves: its plays, and the caller's like. */
export function songListeningFields(plays: number, starred: string | undefined): Node {
  return { playCount: plays, starred };
}

export function albumEntry(row: AlbumCardRecord, starred?: string | Slot): Node {
  return {
    id: String(row.id),
    name: row.title,
    artist: row.artist_name,
    artistId: String(row.artist_id),
    coverArt: row.cover_key ?? undefined,
    songCount: Number(row.song_count ?? 0),
    duration: Number(row.duration ?? 0),
    playCount: Number(row.play_count ?? 0),
    created: row.created_at,
    starred,
    year: row.year ?? undefined,
    genre: row.genre ?? undefined,
  };
}

export function artistEntry(row: ArtistCardRecord, starred?: string | Slot): Node {
  return {
    id: String(row.id),
    name: row.name,
    coverArt: row.image_key ?? undefined,
    albumCount: Number(row.album_count ?? 0),
    starred,
  };
}

/** A playlist's figures; `owner` is the caller's username for their own playlists. */
export function playlistEntry(summary: PlaylistSummary, owner: string): Node {
  return {
    id: String(summary._id),
    name: summary.name,
    comment: summary.description || undefined,
    owner,
    public: summary.isPublic,
    songCount: summary.songCount,
    duration: summary.durationSeconds,
    created: summary.createdAt,
    changed: summary.updatedAt,
    // Its uploaded cover, else its first song's: the first tile of the web app's mosaic.
    coverArt: imageHashOf(summary.coverImage) ?? imageHashOf(summary.covers[0]),
  };
}

/**
 * Leading words an artist's index letter and place skip, so "The Beatles" is under B, as in the
 * other Subsonic servers; apps are told them in `ignoredArticles`.
 */
export const IGNORED_ARTICLES = 'The El La Los Las Le Les Os As O A';

const LEADING_ARTICLE = new RegExp(`^(?:${IGNORED_ARTICLES.split(' ').join('|')})\\s+(?=\\S)`, 'i');

/** A name as the index files it: without a leading article ("The The" is filed as "The"). */
function indexName(name: string): string {
  return name.trim().replace(LEADING_ARTICLE, '');
}

/**
 * The index letter of a name as filed: the first letter of the name as search folds it, so a
 * listener finds an artist under the letter a search for it starts with: "Édith Piaf" under E,
 * "Øystein" under O, a Korean name under its first consonant. Anything that is not a letter
 * files under '#'.
 */
function letterOf(filed: string): string {
  const [folded = ''] = foldSearchText(firstCharacters(filed, 1));
  // Upper case may be longer than one letter (ﬁ → FI); the index takes the first.
  const [letter = ''] = folded.toUpperCase();
  return /^\p{L}$/u.test(letter) ? letter : '#';
}

/** The order of the index letters, whatever the server's own locale: # last. */
const byLetter = new Intl.Collator('en');

/** How names are ordered under a letter: accents and case aside, numbers by value. */
const byIndexName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Items grouped under their index letters, each group in the order of the names as filed. */
export function byIndexLetter(items: { name: string; node: Node }[]): Node[] {
  const groups = new Map<string, { filed: string; node: Node }[]>();
  for (const item of items) {
    const filed = indexName(item.name);
    const letter = letterOf(filed);
    const list = groups.get(letter) ?? [];
    list.push({ filed, node: item.node });
    groups.set(letter, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '#' ? 1 : b === '#' ? -1 : byLetter.compare(a, b)))
    .map(([name, filed]) => ({
      name,
      artist: filed.sort((a, b) => byIndexName.compare(a.filed, b.filed)).map((item) => item.node),
    }));
}
