import type {
  Album,
  Artist,
  ArtistRef,
  OriginalClientSong,
  Song,
} from '../../../contract/catalog.ts';
import { imageUrl } from '../../../contract/media.ts';
import { formatDuration } from '../../../contract/rules/format.ts';
import { hashOfKey } from '../../media/media-store.ts';
import type {
  AlbumRecord,
  ArtistRecord,
  ArtistStats,
  SongArtistRecord,
  SongRecord,
} from './catalog.repository.ts';

export function streamUrl(song: { id: number; audio_key: string }): string {
  // The version pins the URL to the bytes, so the browser may cache it for good.
  const version = hashOfKey(song.audio_key)?.slice(0, 16) ?? 'x';
  return `/api/songs/${song.id}/stream?v=${version}`;
}

export function groupArtists(rows: SongArtistRecord[]): Map<number, ArtistRef[]> {
  const bySong = new Map<number, ArtistRef[]>();
  for (const row of rows) {
    const list = bySong.get(row.song_id) ?? [];
    list.push({ _id: row.artist_id, name: row.name });
    bySong.set(row.song_id, list);
  }
  return bySong;
}

/** The artists a song row carried (`SongRecord.artists`), or null when it carried none. */
export function carriedArtists(row: SongRecord): ArtistRef[] | null {
  if (row.artists === undefined) return null;
  const pairs = typeof row.artists === 'string' ? JSON.parse(row.artists) : row.artists;
  return ((pairs ?? []) as [number, string][]).map(([id, name]) => ({ _id: Number(id), name }));
}

export function presentSong(row: SongRecord, artists: ArtistRef[], plays: number): Song {
  const url = streamUrl(row);
  return {
    _id: row.id,
    title: row.title,
    artist: artists,
    artistName: artists.map((artist) => artist.name).join(', '),
    genre: row.genre,
    duration: formatDuration(row.duration),
    durationSeconds: row.duration,
    status: row.status,
    coverImage: row.cover_key ? imageUrl(row.cover_key) : null,
    url,
    audioUrl: url,
    album:
      row.album_id !== null && row.album_title !== null
        ? { _id: row.album_id, title: row.album_title }
        : null,
    albumName: row.album_title,
    trackNumber: row.track_number,
    plays,
    createdAt: row.created_at,
    isDeleted: row.is_deleted === 1,
  };
}

/** The song in the original client's shape: artists' names and the album's title as text. */
export function songForOriginalClient(song: Song): OriginalClientSong {
  return { ...song, artist: song.artistName, album: song.albumName ?? '' };
}

export function presentArtist(row: ArtistRecord, stats: ArtistStats): Artist {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    image: row.image_key ? imageUrl(row.image_key) : null,
    verified: row.verified === 1,
    isDisabled: row.is_disabled === 1,
    createdAt: row.created_at,
    monthlyListeners: stats.monthlyListeners.get(row.id) ?? 0,
    followers: stats.followers.get(row.id) ?? 0,
    songCount: stats.songCounts.get(row.id) ?? 0,
  };
}

export function presentAlbum(row: AlbumRecord, songCount: number): Album {
  return {
    _id: row.id,
    title: row.title,
    year: row.year,
    artist: { _id: row.artist_id, name: row.artist_name },
    coverImage: row.cover_key ? imageUrl(row.cover_key) : null,
    songCount,
    createdAt: row.created_at,
  };
}
