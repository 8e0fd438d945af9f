import { sql } from 'kysely';
import type { PlaylistHit } from '../../../contract/listening.ts';
import { imageUrl } from '../../../contract/media.ts';
import { allowedTypos, editDistance } from '../../../contract/rules/search.ts';
import type { Db } from '../../db/database.ts';
import { idOfRankKey } from '../../db/migrations/007-search-ranked.ts';
import { fillVisible, VISIBLE_SOURCES } from '../../db/migrations/009-search-visible-only.ts';
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
  /** Compacts the indexes after a bulk change (an import), so searches read less. */
  optimize(): Promise<void>;
}

// Terms are folded to letters and digits before they get here, so quoting them is safe. Ranking
// only ever considers what listeners may find: SQLite's indexes hold nothing else (migration
// 009); PostgreSQL checks it in the query.

const ids = (rows: { id: number }[]) => rows.map((row) => Number(row.id));

/**
 * How matches are ranked, the same on both engines. Every result contains every query word (as a
 * word start), so what tells a close match from a loose one is how much else the name holds:
 * shorter names first ('Love' before 'Love Me Tender Tonight'), then the newest. Engine scores
 * (bm25, ts_rank) would add little over that and cost a pass over every match of each word — for
 * a common word or a one-letter prefix, most of a large catalog.
 * - SQLite: the index's rowids are this order (migration 007), so a search reads its best
 *   matches first and stops after the few it needs, however many rows match.
 * - PostgreSQL: GIN cannot return matches in an order, so a broad query ranks its newest
 *   RANKED_MATCHES matches only; the next keystroke narrows it anyway.
 */
export const RANKED_MATCHES = 500;

/** A prefix naming more words than this is left to FTS5's own prefix matching. */
const MAX_EXPANSION = 64;

/** How long a list of indexed words is reused for typo correction. */
const VOCABULARY_MS = 60_000;

/** The name each kind is ranked by. */
const LABEL = { songs: 'title', artists: 'name', albums: 'title', playlists: 'name' } as const;
type Kind = keyof typeof LABEL;

class SqliteSearch implements SearchRepository {
  constructor(private readonly db: Db) {}

  /**
   * The best rows of one index for `match`, in rank order. The indexes hold only what listeners
   * may find (migration 009), so nothing needs checking.
   */
  private async best(table: Kind, match: string, limit: number): Promise<number[]> {
    const fts = sql.table(`${table}_fts`);
    // Limits are written into the text, as everywhere (db/inline-limits.ts).
    const rows = await sql<{ id: number }>`select ${sql.raw(idOfRankKey('rowid'))} as id
      from ${fts} where ${fts} match ${match} order by rowid limit ${sql.lit(limit)}`.execute(
      this.db,
    );
    return ids(rows.rows);
  }

  /**
   * `catalog` is the match for songs, artists and albums (null: nothing can match), `playlists`
   * the one for playlists.
   */
  private async run(
    catalog: string | null,
    limit: number,
    playlists: string | null = catalog,
  ): Promise<SearchHits> {
    const none = Promise.resolve([] as number[]);
    const [songs, artists, albums, lists] = await Promise.all([
      catalog === null ? none : this.best('songs', catalog, limit),
      catalog === null ? none : this.best('artists', catalog, limit),
      catalog === null ? none : this.best('albums', catalog, limit),
      playlists === null ? none : this.best('playlists', playlists, limit),
    ]);
    return { songs, artists, albums, playlists: lists };
  }

  /**
   * A prefix of four letters or more makes FTS5 merge the postings of every word it starts — all
   * of 'love' in a large catalog — before reading the first match. Naming those words instead
   * ('love' OR 'lovely') lets it read matches lazily, best first, and stop. The words come from
   * the indexes' vocabulary, kept while `catalog_version` stands (it moves with every change to
   * songs, artists and albums, so no new word is missed); shorter prefixes use the prefix index.
   */
  private async expand(term: string): Promise<string | null> {
    if (term.length < 4) return `"${term}"*`;
    const words = (await this.catalogWords(term.slice(0, 2))).filter((word) =>
      word.startsWith(term),
    );
    if (words.length === 0) return null;
    if (words.length > MAX_EXPANSION) return `"${term}"*`;
    return `(${words.map((word) => `"${word}"`).join(' OR ')})`;
  }

  private words: { version: number; slices: Map<string, Promise<string[]>> } = {
    version: -1,
    slices: new Map(),
  };

  /** Indexed words of songs, artists and albums that start with `slice`, for this catalog version. */
  private async catalogWords(slice: string): Promise<string[]> {
    const version = await sql<{ version: number }>`select version from catalog_version where id = 1`
      .execute(this.db)
      .then((result) => Number(result.rows[0]?.version ?? 0));
    if (version !== this.words.version || this.words.slices.size > 2000) {
      this.words = { version, slices: new Map() };
    }
    const { slices } = this.words;
    let words = slices.get(slice);
    if (!words) {
      words = this.indexedWords(['songs', 'artists', 'albums'], slice);
      slices.set(slice, words);
      words.catch(() => slices.delete(slice));
    }
    return words;
  }

  async search(terms: string[], limit: number): Promise<SearchHits> {
    const groups = await Promise.all(terms.map((term) => this.expand(term)));
    const catalog = groups.includes(null) ? null : groups.join(' AND ');
    return this.run(catalog, limit, terms.map((term) => `"${term}"*`).join(' '));
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

  private readonly vocabularies = new Map<string, { at: number; terms: Promise<string[]> }>();

  /**
   * Indexed words starting with `prefix`, across all four indexes. Listing them makes FTS5 count
   * each word's postings (10 ms and more on a large catalog), and words come and go slowly, so a
   * list is reused for a minute: a brand-new word may take that long to become a correction.
   */
  private vocabulary(prefix: string, now = Date.now()): Promise<string[]> {
    const cached = this.vocabularies.get(prefix);
    if (cached && now - cached.at < VOCABULARY_MS) return cached.terms;
    if (this.vocabularies.size > 1000) this.vocabularies.clear();
    const terms = this.indexedWords(['songs', 'artists', 'albums', 'playlists'], prefix, 5000);
    this.vocabularies.set(prefix, { at: now, terms });
    terms.catch(() => this.vocabularies.delete(prefix));
    return terms;
  }

  /** Words of the `tables`' indexes that start with `prefix` (at most `limit`). */
  private async indexedWords(
    tables: readonly Kind[],
    prefix: string,
    limit?: number,
  ): Promise<string[]> {
    const end = `${prefix}\u{10FFFF}`;
    const each = tables.map(
      (table) =>
        sql`select term from ${sql.table(`${table}_fts_vocab`)} where term >= ${prefix} and term < ${end}`,
    );
    const rows = await sql<{ term: string }>`${sql.join(each, sql` union `)}${
      limit === undefined ? sql`` : sql` limit ${sql.lit(limit)}`
    }`.execute(this.db);
    return rows.rows.map((row) => row.term);
  }

  async rebuild(): Promise<void> {
    for (const source of VISIBLE_SOURCES) {
      const fts = `${source.table}_fts`;
      await sql.raw(`insert into ${fts}(${fts}) values ('delete-all')`).execute(this.db);
      await sql.raw(fillVisible(source)).execute(this.db);
    }
    await this.optimize();
  }

  /**
   * Merges each index into one segment. A bulk load leaves many, and every search reads the
   * structure of all of them: on a million songs this halves a typical search's index reads
   * (about 1.7 s of work, once). Writes in between are merged by FTS5 as it goes.
   */
  async optimize(): Promise<void> {
    for (const source of VISIBLE_SOURCES) {
      const fts = `${source.table}_fts`;
      await sql.raw(`insert into ${fts}(${fts}) values ('optimize')`).execute(this.db);
    }
  }
}

class PostgresSearch implements SearchRepository {
  private trigram: Promise<boolean> | null = null;

  constructor(private readonly db: Db) {}

  private async run(
    where: (table: string) => string,
    /** Null ranks by name length, as the SQLite side does. */
    order: ((table: string) => string) | null,
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
    // The newest RANKED_MATCHES visible matches are ranked (see SqliteSearch). Visibility is
    // checked inside, on the rows the index scan reads: joined back afterwards, the planner
    // guessed a few hundred rows and read the whole table to hash them.
    const best = (table: Kind, join: string, visible: string) =>
      sql<{ id: number }>`select c.id from (
          select x.id, x.${sql.raw(LABEL[table])} as label, x.search_text
          from ${sql.table(table)} x ${sql.raw(join)}
          where ${bind(where('x'))} and ${sql.raw(visible)}
          order by x.id desc limit ${sql.lit(RANKED_MATCHES)}) c
        order by ${order ? bind(order('c')) : sql`length(c.label)`}, c.id desc
        limit ${sql.lit(limit)}`.execute(db);
    const [songs, artists, albums, playlists] = await Promise.all([
      best('songs', '', 'x.listed = 1'),
      best('artists', '', 'x.is_disabled = 0'),
      best('albums', 'join artists a on a.id = x.artist_id', 'a.is_disabled = 0'),
      best('playlists', '', 'x.is_public = 1'),
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
      null,
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

  async optimize(): Promise<void> {
    // GIN folds its pending list in as autovacuum runs; refreshed statistics keep plans right.
    for (const table of ['songs', 'artists', 'albums', 'playlists']) {
      await sql.raw(`analyze ${table}`).execute(this.db);
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
