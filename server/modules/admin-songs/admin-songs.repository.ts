import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, SongsTable } from '../../db/schema.ts';
import { containsPattern } from '../admin-users/admin-users.repository.ts';
import { type SongRecord, songColumns, songIsListed } from '../catalog/catalog.repository.ts';

export type SongStatusFilter = 'all' | 'active' | 'inactive' | 'deleted' | 'listed';

export interface SongFilter {
  q: string | null;
  status: SongStatusFilter;
}

function matches(filter: SongFilter) {
  return (eb: ExpressionBuilder<Database, 'songs'>) => {
    const conditions = [];
    if (filter.q) {
      const pattern = containsPattern(filter.q);
      conditions.push(
        eb.or([
          sql<boolean>`casefold(songs.title) like ${pattern} escape '\\'`,
          eb.exists(
            eb
              .selectFrom('song_artists')
              .innerJoin('artists', 'artists.id', 'song_artists.artist_id')
              .select(sql`1`.as('one'))
              .whereRef('song_artists.song_id', '=', 'songs.id')
              .where(sql<boolean>`casefold(artists.name) like ${pattern} escape '\\'`),
          ),
        ]),
      );
    }
    switch (filter.status) {
      case 'listed':
        conditions.push(songIsListed(eb));
        break;
      case 'deleted':
        conditions.push(eb('songs.is_deleted', '=', 1));
        break;
      case 'active':
      case 'inactive':
        conditions.push(eb('songs.is_deleted', '=', 0));
        conditions.push(
          eb('songs.status', '=', filter.status === 'active' ? 'Active' : 'Inactive'),
        );
        break;
      default:
        conditions.push(eb('songs.is_deleted', '=', 0));
    }
    return eb.and(conditions);
  };
}

export interface NewSong {
  title: string;
  genre: string;
  duration: number;
  status: 'Active' | 'Inactive';
  audioKey: string;
  audioMime: string;
  audioSize: number;
  audioCodec: string | null;
  audioBitrate: number | null;
  coverKey: string | null;
  albumId: number | null;
  /** `next`: after the album's last track. */
  trackNumber: number | null | 'next';
  /** An album made with the song, which then goes on it (`albumId` is ignored). */
  newAlbum?: { title: string; artistId: number; coverKey: string | null } | undefined;
  artistIds: number[];
  at: string;
}

export interface AlbumChoiceRecord {
  id: number;
  title: string;
  artist_id: number;
  artist_name: string;
}

export class AdminSongsRepository {
  constructor(private readonly db: Db) {}

  list(filter: SongFilter, offset: number, limit: number): Promise<SongRecord[]> {
    return this.db
      .selectFrom('songs')
      .leftJoin('albums', 'albums.id', 'songs.album_id')
      .select(songColumns)
      .where(matches(filter))
      .orderBy('songs.created_at', 'desc')
      .orderBy('songs.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async count(filter: SongFilter): Promise<number> {
    const row = await this.db
      .selectFrom('songs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(matches(filter))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async counts(): Promise<{ all: number; active: number; inactive: number; deleted: number }> {
    const rows = await this.db
      .selectFrom('songs')
      .select(['status', 'is_deleted', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['status', 'is_deleted'])
      .execute();
    const out = { all: 0, active: 0, inactive: 0, deleted: 0 };
    for (const row of rows) {
      const n = Number(row.n);
      if (Number(row.is_deleted) === 1) out.deleted += n;
      else {
        out.all += n;
        if (row.status === 'Active') out.active += n;
        else out.inactive += n;
      }
    }
    return out;
  }

  find(id: number): Promise<SongRecord | undefined> {
    return this.db
      .selectFrom('songs')
      .leftJoin('albums', 'albums.id', 'songs.album_id')
      .select(songColumns)
      .where('songs.id', '=', id)
      .executeTakeFirst();
  }

  /** Which of `ids` name existing artists. */
  async existingArtists(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom('artists').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((row) => row.id));
  }

  /** Albums of these artists, by title, at most `limit`. */
  albumsOfArtists(artistIds: number[], limit: number): Promise<AlbumChoiceRecord[]> {
    return this.db
      .selectFrom('albums')
      .innerJoin('artists', 'artists.id', 'albums.artist_id')
      .select(['albums.id', 'albums.title', 'albums.artist_id', 'artists.name as artist_name'])
      .where('albums.artist_id', 'in', artistIds)
      .orderBy('albums.title')
      .orderBy('albums.id')
      .limit(limit)
      .execute();
  }

  async findAlbum(id: number): Promise<{ id: number; artist_id: number } | undefined> {
    return this.db
      .selectFrom('albums')
      .select(['id', 'artist_id'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The artist's album of this title (any case), the oldest when there are several. */
  async findAlbumByTitle(artistId: number, title: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('albums')
      .select('id')
      .where('artist_id', '=', artistId)
      .where((eb) => eb(eb.fn('casefold', ['title']), '=', title.toLowerCase()))
      .orderBy('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** Inserts the song (and its new album), numbering it after the album's last track. */
  async insert(song: NewSong): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      let albumId = song.albumId;
      if (song.newAlbum) {
        const album = await trx
          .insertInto('albums')
          .values({
            title: song.newAlbum.title,
            artist_id: song.newAlbum.artistId,
            cover_key: song.newAlbum.coverKey,
            year: Number(song.at.slice(0, 4)),
            created_at: song.at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        albumId = album.id;
      }
      let trackNumber = song.trackNumber === 'next' ? null : song.trackNumber;
      if (albumId !== null && song.trackNumber === 'next') {
        const last = await trx
          .selectFrom('songs')
          .select((eb) => eb.fn.max('track_number').as('n'))
          .where('album_id', '=', albumId)
          .executeTakeFirst();
        trackNumber = Number(last?.n ?? 0) + 1;
      }
      const row = await trx
        .insertInto('songs')
        .values({
          title: song.title,
          genre: song.genre,
          duration: song.duration,
          status: song.status,
          is_deleted: 0,
          audio_key: song.audioKey,
          audio_mime: song.audioMime,
          audio_size: song.audioSize,
          audio_codec: song.audioCodec,
          audio_bitrate: song.audioBitrate,
          cover_key: song.coverKey,
          album_id: albumId,
          track_number: trackNumber,
          created_at: song.at,
          updated_at: song.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('song_artists')
        .values(
          song.artistIds.map((artistId, position) => ({
            song_id: row.id,
            artist_id: artistId,
            position,
          })),
        )
        .execute();
      return row.id;
    });
  }

  async update(
    id: number,
    values: Partial<Pick<SongsTable, 'title' | 'genre' | 'status' | 'is_deleted' | 'cover_key'>>,
    artistIds: number[] | null,
    at: string,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('songs')
        .set({ ...values, updated_at: at })
        .where('id', '=', id)
        .execute();
      if (artistIds) {
        await trx.deleteFrom('song_artists').where('song_id', '=', id).execute();
        await trx
          .insertInto('song_artists')
          .values(
            artistIds.map((artistId, position) => ({ song_id: id, artist_id: artistId, position })),
          )
          .execute();
      }
    });
  }
}
