import { sql } from 'kysely';
import type { PlaylistHit } from '../../../contract/listening.ts';
import { imageUrl } from '../../../contract/media.ts';
import { allowedTypos, editDistance } from '../../../contract/rules/search.ts';
import type { Db } from '../../db/database.ts';
import type { Dialect } from '../../db/migrations/index.ts';

/** Ids of what matched, best first; songs are only those listeners may play. */
export interface SearchHits {
  songs: number[];
  artists: number[];
  albums: number[];
  playlists: number[];
}

export const noHits = (): SearchHits => ({ songs: [], artists: [], albums: [], playlists: [] });

/**
 * Full-text search, one implementation per engine (migration 003-search builds the indexes).
 * The indexes are maintained by the database (triggers on SQLite, generated columns on
 * PostgreSQL), so modules that write songs, artists, albums or playlists have nothing to call.
 */
export interface SearchRepository {
  /** Every term must match as a word prefix, case and accents ignored. `terms` are folded. */
  search(terms: string[], limit: number): Promise<SearchHits>;
  /** A looser pass for when `search` found nothing: each term may carry a typo or two. */
  fuzzy(terms: string[], limit: number): Promise<SearchHits>;
  /** Rebuilds the indexes from the tables (after a restore, or a bulk load with triggers off). */
  rebuild(): Promise<void>;
}

// Terms are folded to letters and digits before they get here, so quoting them is safe; the
// listed-song rule is repeated in SQL because ranking must only ever consider playable songs.
const LISTED = `s.status = 'Active' and s.is_deleted = 0 and not exists (
  select 1 from song_artists sa join artists a on a.id = sa.artist_id
  where sa.song_id = s.id and a.is_disabled = 1)`;

const ids = (rows: { id: number }[]) => rows.map((row) => Number(row.id));

class SqliteSearch implements SearchRepository {
  constructor(private readonly db: Db) {}

  private async run(match: string, limit: number): Promise<SearchHits> {
    const [songs, artists, albums, playlists] = await Promise.all([
      sql<{ id: number }>`select s.id from songs_fts f join songs s on s.id = f.rowid
        where songs_fts match ${match} and ${sql.raw(LISTED)} order by f.rank limit ${limit}`.execute(
        this.db,
      ),
      sql<{ id: number }>`select a.id from artists_fts f join artists a on a.id = f.rowid
        where artists_fts match ${match} and a.is_disabled = 0 order by f.rank limit ${limit}`.execute(
        this.db,
      ),
      sql<{ id: number }>`select al.id from albums_fts f join albums al on al.id = f.rowid
        join artists a on a.id = al.artist_id
        where albums_fts match ${match} and a.is_disabled = 0 order by f.rank limit ${limit}`.execute(
        this.db,
      ),
      sql<{ id: number }>`select p.id from playlists_fts f join playlists p on p.id = f.rowid
        where playlists_fts match ${match} and p.is_public = 1 order by f.rank limit ${limit}`.execute(
        this.db,
      ),
    ]);
    return {
      songs: ids(songs.rows),
      artists: ids(artists.rows),
      albums: ids(albums.rows),
      playlists: ids(playlists.rows),
    };
  }

  search(terms: string[], limit: number): Promise<SearchHits> {
    return this.run(terms.map((term) => `"${term}"*`).join(' '), limit);
  }

  async fuzzy(terms: string[], limit: number): Promise<SearchHits> {
    const groups: string[] = [];
    let corrected = false;
    for (const term of terms) {
      const options = new Set([`"${term}"*`]);
      const typos = allowedTypos(term);
      if (typos > 0) {
        for (const candidate of await this.vocabulary(term.slice(0, 1))) {
          // A typo in what is still a prefix ('beethovn' for 'beethoven') counts as well.
          const head = candidate.slice(0, term.length + 1);
          if (
            editDistance(term, candidate, typos) <= typos ||
            editDistance(term, head, typos) <= typos
          ) {
            options.add(`"${candidate}"`);
          }
        }
      }
      if (options.size > 1) corrected = true;
      groups.push(`(${[...options].slice(0, 20).join(' OR ')})`);
    }
    if (!corrected) return noHits();
    return this.run(groups.join(' AND '), limit);
  }

  /** Indexed words starting with `prefix`, across all four indexes. */
  private async vocabulary(prefix: string): Promise<string[]> {
    const end = `${prefix}\u{10FFFF}`;
    const rows = await sql<{ term: string }>`
      select term from songs_fts_vocab where term >= ${prefix} and term < ${end}
      union select term from artists_fts_vocab where term >= ${prefix} and term < ${end}
      union select term from albums_fts_vocab where term >= ${prefix} and term < ${end}
      union select term from playlists_fts_vocab where term >= ${prefix} and term < ${end}
      limit 5000`.execute(this.db);
    return rows.rows.map((row) => row.term);
  }

  async rebuild(): Promise<void> {
    for (const table of ['songs', 'artists', 'albums', 'playlists']) {
      await sql.raw(`insert into ${table}_fts(${table}_fts) values ('rebuild')`).execute(this.db);
    }
  }
}

class PostgresSearch implements SearchRepository {
  private trigram: Promise<boolean> | null = null;

  constructor(private readonly db: Db) {}

  private async run(
    where: (table: string) => string,
    order: (table: string) => string,
    params: unknown[],
    limit: number,
    db: Db = this.db,
  ): Promise<SearchHits> {
    // Clauses are fixed text with __Q__ where the one bound value goes.
    const bind = (text: string) => {
      const parts = text.split(/__Q__/);
      return sql.join(
        parts.map((part, i) =>
          i < parts.length - 1 ? sql`${sql.raw(part)}${params[0]}` : sql.raw(part),
        ),
        sql``,
      );
    };
    const [songs, artists, albums, playlists] = await Promise.all([
      sql<{ id: number }>`select s.id from songs s where ${bind(where('s'))} and ${sql.raw(LISTED)}
        order by ${bind(order('s'))}, s.id desc limit ${limit}`.execute(db),
      sql<{ id: number }>`select a.id from artists a where ${bind(where('a'))} and a.is_disabled = 0
        order by ${bind(order('a'))}, a.id desc limit ${limit}`.execute(db),
      sql<{ id: number }>`select al.id from albums al join artists a on a.id = al.artist_id
        where ${bind(where('al'))} and a.is_disabled = 0
        order by ${bind(order('al'))}, al.id desc limit ${limit}`.execute(db),
      sql<{ id: number }>`select p.id from playlists p where ${bind(where('p'))} and p.is_public = 1
        order by ${bind(order('p'))}, p.id desc limit ${limit}`.execute(db),
    ]);
    return {
      songs: ids(songs.rows),
      artists: ids(artists.rows),
      albums: ids(albums.rows),
      playlists: ids(playlists.rows),
    };
  }

  search(terms: string[], limit: number): Promise<SearchHits> {
    const tsquery = terms.map((term) => `${term}:*`).join(' & ');
    return this.run(
      (t) => `${t}.search_doc @@ to_tsquery('simple', __Q__)`,
      (t) => `ts_rank(${t}.search_doc, to_tsquery('simple', __Q__)) desc`,
      [tsquery],
      limit,
    );
  }

  async fuzzy(terms: string[], limit: number): Promise<SearchHits> {
    this.trigram ??= sql<{ ok: number }>`select 1 as ok from pg_extension where extname = 'pg_trgm'`
      .execute(this.db)
      .then((result) => result.rows.length > 0);
    if (!(await this.trigram) || !terms.some((term) => allowedTypos(term) > 0)) return noHits();
    // `<%`: the query is similar to some run of words in the text. The default threshold (0.6)
    // misses a dropped letter in a short word, so this pass lowers it for its own transaction.
    return this.db.transaction().execute(async (trx) => {
      await sql`select set_config('pg_trgm.word_similarity_threshold', '0.45', true)`.execute(trx);
      return this.run(
        (t) => `__Q__ operator(public.<%) ${t}.search_text`,
        (t) => `public.word_similarity(__Q__, ${t}.search_text) desc`,
        [terms.join(' ')],
        limit,
        trx,
      );
    });
  }

  async rebuild(): Promise<void> {
    // Generated columns cannot go stale; only the indexes might need a rebuild after a restore.
    for (const table of ['songs', 'artists', 'albums', 'playlists']) {
      await sql.raw(`reindex index ${table}_search_doc_idx`).execute(this.db);
    }
  }
}

export function createSearchRepository(db: Db, dialect: Dialect): SearchRepository {
  return dialect === 'sqlite' ? new SqliteSearch(db) : new PostgresSearch(db);
}

/** Public playlists as search shows them: name, owner and song count. */
export async function playlistCards(db: Db, playlistIds: number[]): Promise<PlaylistHit[]> {
  if (playlistIds.length === 0) return [];
  const rows = await db
    .selectFrom('playlists')
    .innerJoin('users', 'users.id', 'playlists.owner_id')
    .select((eb) => [
      'playlists.id',
      'playlists.name',
      'playlists.description',
      'playlists.cover_key',
      'users.id as owner_id',
      'users.name as owner_name',
      eb
        .selectFrom('playlist_songs')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('playlist_songs.playlist_id', '=', 'playlists.id')
        .as('song_count'),
    ])
    .where('playlists.id', 'in', playlistIds)
    .where('playlists.is_public', '=', 1)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return playlistIds.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        _id: row.id,
        name: row.name,
        description: row.description,
        coverImage: row.cover_key ? imageUrl(row.cover_key) : null,
        creator: { _id: row.owner_id, name: row.owner_name },
        songCount: Number(row.song_count ?? 0),
      },
    ];
  });
}
