import type { Db } from '../../db/database.ts';
import { albumIsListed } from '../catalog/catalog.repository.ts';

export interface AlbumSongCount {
  id: number;
  song_count: number | string;
}

export interface ArtistScore {
  id: number;
  n: number | string;
}

/**
 * The reads behind an artist's discography, "Fans also like" and an album's "More by": every one
 * is limited, and only enabled artists and listed songs (`listed` is kept by the database) count.
 */
export class RelatedRepository {
  constructor(private readonly db: Db) {}

  /** Whether the artist exists and is enabled. */
  async artistIsVisible(artistId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('artists')
      .select('id')
      .where('id', '=', artistId)
      .where('is_disabled', '=', 0)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The album's artist and title, when the album is listed (`albumIsListed`). */
  async albumOwner(albumId: number): Promise<{ artist_id: number; artist_name: string } | null> {
    const row = await this.db
      .selectFrom('albums')
      .innerJoin('artists', 'artists.id', 'albums.artist_id')
      .select(['albums.artist_id', 'artists.name as artist_name'])
      .where('albums.id', '=', albumId)
      .where(albumIsListed)
      .executeTakeFirst();
    return row ?? null;
  }

  /** The artist's albums holding at least one listed song, newest release first. */
  albumsOfArtist(artistId: number, limit: number): Promise<AlbumSongCount[]> {
    return this.db
      .selectFrom('albums')
      .innerJoin('songs', 'songs.album_id', 'albums.id')
      .select(['albums.id', (eb) => eb.fn.countAll<number>().as('song_count')])
      .where('albums.artist_id', '=', artistId)
      .where('songs.listed', '=', 1)
      .groupBy(['albums.id', 'albums.year', 'albums.created_at'])
      .orderBy((eb) => eb.fn.coalesce('albums.year', eb.val(0)), 'desc')
      .orderBy('albums.created_at', 'desc')
      .orderBy('albums.id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * Other enabled artists played since `since` by the `listeners` who most recently played this
   * one, scored by how many of those listeners played them.
   */
  coListenedArtists(
    artistId: number,
    since: string,
    listeners: number,
    limit: number,
  ): Promise<ArtistScore[]> {
    const fans = this.db
      .selectFrom('plays')
      .innerJoin('song_artists', 'song_artists.song_id', 'plays.song_id')
      .select('plays.listener_key')
      .where('song_artists.artist_id', '=', artistId)
      .where('plays.played_at', '>=', since)
      .groupBy('plays.listener_key')
      .orderBy((eb) => eb.fn.max('plays.played_at'), 'desc')
      .limit(listeners);
    return this.db
      .selectFrom('plays')
      .innerJoin('song_artists', 'song_artists.song_id', 'plays.song_id')
      .innerJoin('artists', 'artists.id', 'song_artists.artist_id')
      .select([
        'song_artists.artist_id as id',
        (eb) => eb.fn.count<number>('plays.listener_key').distinct().as('n'),
      ])
      .where('plays.listener_key', 'in', fans)
      .where('plays.played_at', '>=', since)
      .where('song_artists.artist_id', '<>', artistId)
      .where('song_artists.listed', '=', 1)
      .where('artists.is_disabled', '=', 0)
      .groupBy('song_artists.artist_id')
      .orderBy('n', 'desc')
      .orderBy('song_artists.artist_id')
      .limit(limit)
      .execute();
  }

  /**
   * Other enabled artists liked by the `likers` who most recently liked a song of this one,
   * scored by how many of those listeners liked them.
   */
  coLikedArtists(artistId: number, likers: number, limit: number): Promise<ArtistScore[]> {
    const fans = this.db
      .selectFrom('likes')
      .innerJoin('song_artists', 'song_artists.song_id', 'likes.song_id')
      .select('likes.user_id')
      .where('song_artists.artist_id', '=', artistId)
      .where('song_artists.listed', '=', 1)
      .groupBy('likes.user_id')
      .orderBy((eb) => eb.fn.max('likes.created_at'), 'desc')
      .limit(likers);
    return this.db
      .selectFrom('likes')
      .innerJoin('song_artists', 'song_artists.song_id', 'likes.song_id')
      .innerJoin('artists', 'artists.id', 'song_artists.artist_id')
      .select([
        'song_artists.artist_id as id',
        (eb) => eb.fn.count<number>('likes.user_id').distinct().as('n'),
      ])
      .where('likes.user_id', 'in', fans)
      .where('song_artists.artist_id', '<>', artistId)
      .where('song_artists.listed', '=', 1)
      .where('artists.is_disabled', '=', 0)
      .groupBy('song_artists.artist_id')
      .orderBy('n', 'desc')
      .orderBy('song_artists.artist_id')
      .limit(limit)
      .execute();
  }

  /** The genres of the artist's listed songs (a blank genre is none). */
  async genresOfArtist(artistId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('songs')
      .innerJoin('song_artists', 'song_artists.song_id', 'songs.id')
      .select('songs.genre')
      .distinct()
      .where('song_artists.artist_id', '=', artistId)
      .where('song_artists.listed', '=', 1)
      .where('songs.genre', '!=', '')
      .execute();
    return rows.map((row) => row.genre);
  }

  /** Every enabled artist with listed songs of the genre, scored by how many, most first. */
  artistsOfGenre(genre: string): Promise<ArtistScore[]> {
    return this.db
      .selectFrom('songs')
      .innerJoin('song_artists', 'song_artists.song_id', 'songs.id')
      .innerJoin('artists', 'artists.id', 'song_artists.artist_id')
      .select(['song_artists.artist_id as id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('songs.genre', '=', genre)
      .where('songs.listed', '=', 1)
      .where('artists.is_disabled', '=', 0)
      .groupBy('song_artists.artist_id')
      .orderBy('n', 'desc')
      .orderBy('song_artists.artist_id')
      .execute();
  }
}
