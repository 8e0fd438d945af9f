import { type CompiledQuery, sql } from 'kysely';
import type { PlaylistHit } from '../../../contract/listening.ts';
import { imageUrl } from '../../../contract/media.ts';
import { allowedTypos, editDistance } from '../../../contract/rules/search.ts';
import type { DatabaseHandle, Db } from '../../db/database.ts';
import type { PreparedStatements } from '../../db/prepared-statements.ts';
import { ROWS_AS_JSON } from '../../db/rows-as-json.ts';
import { BoundedMap } from '../../lib/bounded-map.ts';
import {
  ByteBudget,
  type CacheBudgets,
  PROMISED_COUNT_BYTES,
  WORD_BYTES,
} from '../../lib/cache-budget.ts';
import { cacheOff } from '../../lib/caches-off.ts';
import { SharedWork } from '../../lib/shared-work.ts';
import { planRead, type ReadPlan, usesGenericPlan } from './lead-choice.ts';
import {
  FILL_SONGS_ALL,
  fillSqliteIndex,
  idOfRankKey,
  isVisible,
  MAX_TERM,
  REFILL_ALL_SEARCH_TERMS,
  refreshAllCredits,
  SEARCH_SOURCES,
  type SearchTable,
  SONGS_ALL_FTS,
  SONGS_ALL_KIND,
} from './search-index.ts';

/** Ids of what matched, best first; songs are only those listeners may play. */
export interface SearchHits {
  songs: number[];
  artists: number[];
  albums: number[];
  playlists: number[];
}

export const noHits = (): SearchHits => ({ songs: [], artists: [], albums: [], playlists: [] });

/**
 * Full-text search, one implementation per engine (SQLite: FTS5; PostgreSQL: word-prefix terms
 * in a btree; what each holds: search-index.ts). The indexes are maintained by
 * triggers, so modules that write songs, artists, albums or playlists have nothing to call.
 */
export interface SearchRepository {
  /**
   * Every term must match as a word prefix, case and accents ignored. `terms` are folded.
   * `catalogVersion`, when the caller has read it, spares the search reading it again.
   */
  search(terms: string[], limit: number, catalogVersion?: number): Promise<SearchHits>;
  /**
   * Songs whose title, artists' names and album title hold every term between them, in the
   * same rank order (migration 018); `search` finds songs by their title alone.
   */
  songsAcross(terms: string[], limit: number, catalogVersion?: number): Promise<number[]>;
  /** A looser pass for when `search` found nothing: each term may carry a typo or two. */
  fuzzy(terms: string[], limit: number): Promise<SearchHits>;
  /** Rebuilds the indexes from the tables (after a restore, or a bulk load with triggers off). */
  rebuild(): Promise<void>;
  /** Compacts the indexes after a bulk change (an import), so searches read less. */
  optimize(): Promise<void>;
}

// Terms are folded to letters and digits before they get here, so quoting them is safe. Ranking
// only ever considers what listeners may find: SQLite's indexes hold nothing else (migration
// 009); PostgreSQL checks it on the rows a search reads.

const ids = (rows: { id: number }[]) => rows.map((row) => Number(row.id));

/**
 * How matches are ranked, the same on both engines. Every result contains every query word (as a
 * word start), so what tells a close match from a loose one is how much else the name holds:
 * shorter names first ('Love' before 'Love Me Tender Tonight'), then the newest. Engine scores
 * (bm25, ts_rank) would add little over that and cost a pass over every match of each word — for
 * a common word or a one-letter prefix, most of a large catalog.
 * - SQLite: the index's rowids are this order (migration 007), so a search reads its best
 *   matches first and stops after the few it needs, however many rows match.
 * - PostgreSQL: each word prefix is a range of `search_terms`' key in this order (migration
 *   010), so it reads the same way.
 */

/** A prefix naming more words than this is left to FTS5's own prefix matching. */
const MAX_EXPANSION = 64;

/** How long a list of indexed words is reused for typo correction. */
const VOCABULARY_MS = 60_000;

/**
 * Indexed words by their first letter, for typo correction. Listing them costs the engine a walk
 * of its vocabulary (10 ms and more on a large catalog) and words come and go slowly, so a list
 * is reused for VOCABULARY_MS: a brand-new word may take that long to become a correction.
 */
class Vocabulary {
  private readonly lists: CachedWordLists;

  constructor(
    private readonly load: (prefix: string, limit: number) => Promise<string[]>,
    budget: ByteBudget,
  ) {
    this.lists = new CachedWordLists(budget, VOCABULARY_MS);
  }

  get(prefix: string): Promise<string[]> {
    return this.lists.get(prefix, () => this.load(prefix, 5000));
  }
}

/** What a cached word list takes: its record and its words. */
export function wordListBytes(entry: { at: number; words: string[] }): number {
  return 64 + entry.words.length * WORD_BYTES;
}

/**
 * Lists of words cached within the search words budget (CACHE_MB): a list weighs its words once it
 * has loaded, and callers asking for a list while it loads share that one read.
 */
class CachedWordLists {
  private readonly cached: BoundedMap<string, { at: number; words: string[] }>;
  private readonly loading = new SharedWork<string, string[]>();

  constructor(
    budget: ByteBudget,
    private readonly maxAgeMs: number,
  ) {
    this.cached = new BoundedMap(budget, wordListBytes);
  }

  get(key: string, load: () => Promise<string[]>, now = Date.now()): Promise<string[]> {
    if (cacheOff('search-words')) return load();
    const cached = this.cached.get(key);
    if (cached && now - cached.at < this.maxAgeMs) return Promise.resolve(cached.words);
    return this.loading.run(key, async () => {
      const words = await load();
      this.cached.set(key, { at: now, words });
      return words;
    });
  }

  clear(): void {
    this.cached.clear();
  }
}

const WORD = /^[\p{L}\p{N}]+$/u;

/**
 * Each term with the indexed words it may be a typo of (at most 19), the same on both engines;
 * null when no term has any, so the search would find nothing new.
 */
async function corrected(terms: string[], vocabulary: Vocabulary): Promise<string[][] | null> {
  const groups: string[][] = [];
  let any = false;
  for (const term of terms) {
    const options = new Set([term]);
    const typos = allowedTypos(term);
    if (typos > 0) {
      for (const candidate of await vocabulary.get(term.slice(0, 1))) {
        // A typo in what is still a prefix ('beethovn' for 'beethoven') counts as well.
        const head = candidate.slice(0, term.length + 1);
        if (
          candidate !== term &&
          // Indexed words may hold punctuation ('rock-n-roll'); terms are letters and digits.
          WORD.test(candidate) &&
          (editDistance(term, candidate, typos) <= typos ||
            editDistance(term, head, typos) <= typos)
        ) {
          options.add(candidate);
        }
      }
    }
    if (options.size > 1) any = true;
    groups.push([...options].slice(0, 20));
  }
  return any ? groups : null;
}

/**
 * The SQLite indexes whose words a catalog term is expanded to. Songs are read from the index of
 * title and credits, which holds every word of `songs_fts` and more: a playable song's credits
 * may name an album or artist the other indexes leave out (an album whose artist is disabled,
 * while the song's own artists are not).
 */
const CATALOG_INDEXES = [SONGS_ALL_FTS, 'artists_fts', 'albums_fts'];

/** A row of `bestOfEach`'s read: which of its indexes, the row's rank key and its id. */
interface BestRow {
  part: number;
  rank_key: number;
  id: number;
}

/** Stands for a match while a read is compiled; each run binds its own. */
const MATCH_SLOT = '';

/** How many compiled search reads are cached at most (see `unionOf`). */
const MAX_UNIONS = 64;

class SqliteSearch implements SearchRepository {
  private readonly catalogWordLists: CachedWordLists;
  private readonly vocabulary: Vocabulary;

  constructor(
    private readonly db: Db,
    budget: ByteBudget,
  ) {
    this.catalogWordLists = new CachedWordLists(budget, Number.POSITIVE_INFINITY);
    this.vocabulary = new Vocabulary(
      (prefix, limit) =>
        this.indexedWords(
          SEARCH_SOURCES.map((source) => `${source.table}_fts`),
          prefix,
          limit,
        ),
      budget,
    );
  }

  /**
   * The best rows of one index for `match`, in rank order. The indexes hold only what listeners
   * may find (migration 009), so nothing needs checking.
   */
  private async best(index: string, match: string, limit: number): Promise<number[]> {
    return (await this.bestOfEach([{ index, match }], limit))[0]!;
  }

  /**
   * The best rows of each index for its match, in rank order, read in one statement: a search
   * reads four indexes, and each statement allocates more for the request than its rows do.
   */
  private async bestOfEach(
    reads: readonly { index: string; match: string }[],
    limit: number,
  ): Promise<number[][]> {
    const union = this.unionOf(
      reads.map((read) => read.index),
      limit,
    );
    const rows = await this.db.executeQuery<BestRow>({
      ...union,
      parameters: reads.map((read) => read.match),
    });
    const found = reads.map((): number[] => []);
    // A compound statement gives no order, so each part's rows are put in rank order here.
    const ranked = rows.rows.sort((a, b) => a.rank_key - b.rank_key);
    for (const row of ranked) found[row.part]!.push(row.id);
    return found;
  }

  /**
   * Compiled reads by shape: SQL and its node tree, some kilobytes each, at most MAX_UNIONS of
   * them. They hold no rows, so no instance ever reads a stale one.
   */
  private readonly unions = new Map<string, CompiledQuery<BestRow>>();

  /**
   * The read of the best `limit` rows of each of `indexes`, their matches bound in that order,
   * compiled once per shape: building the query costs more than SQLite's reading of it. Its rows
   * come as one JSON text (db/rows-as-json.ts), as `bestOfEach` orders them itself. Shapes are
   * few (which indexes, and the page sizes callers ask for), and the compiled texts are dropped
   * all together past MAX_UNIONS.
   */
  private unionOf(indexes: string[], limit: number): CompiledQuery<BestRow> {
    const key = `${indexes.join(' ')} ${limit}`;
    let union = this.unions.get(key);
    if (!union) {
      // Limits are written into the text, as everywhere (db/inline-limits.ts).
      const each = indexes.map((index, i) => {
        const fts = sql.table(index);
        return sql`select * from (select ${sql.lit(i)} as part, rowid as rank_key,
        ${sql.raw(idOfRankKey('rowid'))} as id from ${fts}
        where ${fts} match ${MATCH_SLOT} order by rowid limit ${sql.lit(limit)})`;
      });
      union = sql<BestRow>`${sql.raw(ROWS_AS_JSON)}${sql.join(each, sql` union all `)}`.compile(
        this.db,
      );
      if (this.unions.size >= MAX_UNIONS) this.unions.clear();
      this.unions.set(key, union);
    }
    return union;
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
    const reads: { table: SearchTable; index: string; match: string }[] = [];
    if (catalog !== null) {
      for (const table of ['songs', 'artists', 'albums'] as const) {
        reads.push({ table, index: `${table}_fts`, match: catalog });
      }
    }
    if (playlists !== null) {
      reads.push({ table: 'playlists', index: 'playlists_fts', match: playlists });
    }
    const hits = noHits();
    if (reads.length === 0) return hits;
    const found = await this.bestOfEach(reads, limit);
    reads.forEach(({ table }, i) => {
      hits[table] = found[i]!;
    });
    return hits;
  }

  /**
   * A prefix of four letters or more makes FTS5 merge the postings of every word it starts — all
   * of 'love' in a large catalog — before reading the first match. Naming those words instead
   * ('love' OR 'lovely') lets it read matches lazily, best first, and stop. The words come from
   * the indexes' vocabulary (CATALOG_INDEXES), cached while `catalog_version` stands (it moves with
   * every change to songs, artists and albums, so no new word is missed); shorter prefixes use
   * the prefix index.
   */
  private async expand(term: string, words: (slice: string) => Promise<string[]>) {
    if (term.length < 4) return `"${term}"*`;
    const starting = (await words(term.slice(0, 2))).filter((word) => word.startsWith(term));
    if (starting.length === 0) return null;
    if (starting.length > MAX_EXPANSION) return `"${term}"*`;
    return `(${starting.map((word) => `"${word}"`).join(' OR ')})`;
  }

  private wordsVersion = -1;

  /** Indexed words of the catalog that start with `slice`, for catalog `version`. */
  private catalogWords(version: number, slice: string): Promise<string[]> {
    if (version !== this.wordsVersion) {
      this.catalogWordLists.clear();
      this.wordsVersion = version;
    }
    return this.catalogWordLists.get(`${version} ${slice}`, () =>
      this.indexedWords(CATALOG_INDEXES, slice),
    );
  }

  /**
   * The match of `terms` for songs, artists and albums; null when nothing can match.
   * `catalogVersion`: as the caller read it, if it did.
   */
  private async catalogMatch(terms: string[], catalogVersion?: number): Promise<string | null> {
    // The catalog's version is read once per search, and only when a term is expanded.
    let version: Promise<number> | undefined =
      catalogVersion === undefined ? undefined : Promise.resolve(catalogVersion);
    const words = async (slice: string) => {
      version ??= sql<{ version: number }>`select version from catalog_version where id = 1`
        .execute(this.db)
        .then((result) => Number(result.rows[0]?.version ?? 0));
      return this.catalogWords(await version, slice);
    };
    const groups = await Promise.all(terms.map((term) => this.expand(term, words)));
    return groups.includes(null) ? null : groups.join(' AND ');
  }

  async search(terms: string[], limit: number, catalogVersion?: number): Promise<SearchHits> {
    const catalog = await this.catalogMatch(terms, catalogVersion);
    return this.run(catalog, limit, terms.map((term) => `"${term}"*`).join(' '));
  }

  async songsAcross(terms: string[], limit: number, catalogVersion?: number): Promise<number[]> {
    const catalog = await this.catalogMatch(terms, catalogVersion);
    return catalog === null ? [] : this.best(SONGS_ALL_FTS, catalog, limit);
  }

  async fuzzy(terms: string[], limit: number): Promise<SearchHits> {
    const groups = await corrected(terms, this.vocabulary);
    if (!groups) return noHits();
    // The query's own term stays a prefix; corrections are whole words.
    const match = groups.map(
      ([term, ...words]) => `("${term}"*${words.map((word) => ` OR "${word}"`).join('')})`,
    );
    return this.run(match.join(' AND '), limit);
  }

  /** Words of the FTS5 `indexes` that start with `prefix` (at most `limit`). */
  private async indexedWords(
    indexes: readonly string[],
    prefix: string,
    limit?: number,
  ): Promise<string[]> {
    const end = `${prefix}\u{10FFFF}`;
    const each = indexes.map(
      (index) =>
        sql`select term from ${sql.table(`${index}_vocab`)} where term >= ${prefix} and term < ${end}`,
    );
    const rows = await sql<{ term: string }>`${sql.join(each, sql` union `)}${
      limit === undefined ? sql`` : sql` limit ${sql.lit(limit)}`
    }`.execute(this.db);
    return rows.rows.map((row) => row.term);
  }

  async rebuild(): Promise<void> {
    await sql.raw(refreshAllCredits('sqlite')).execute(this.db);
    const fills = [
      ...SEARCH_SOURCES.map((source) => ({
        fts: `${source.table}_fts`,
        fill: fillSqliteIndex(source),
      })),
      { fts: SONGS_ALL_FTS, fill: FILL_SONGS_ALL },
    ];
    for (const { fts, fill } of fills) {
      await sql.raw(`insert into ${fts}(${fts}) values ('delete-all')`).execute(this.db);
      await sql.raw(fill).execute(this.db);
    }
    await this.optimize();
  }

  /**
   * Merges each index into one segment. A bulk load leaves many, and every search reads the
   * structure of all of them: on a million songs this halves a typical search's index reads
   * (about 1.7 s of work, once). Writes in between are merged by FTS5 as it goes.
   */
  async optimize(): Promise<void> {
    for (const fts of [...SEARCH_SOURCES.map((source) => `${source.table}_fts`), SONGS_ALL_FTS]) {
      await sql.raw(`insert into ${fts}(${fts}) values ('optimize')`).execute(this.db);
    }
  }
}

/** The options of a group without those another option starts (it finds their rows already). */
function withoutCovered(options: string[]): string[] {
  const unique = [...new Set(options)];
  return unique.filter(
    (option) => !unique.some((other) => other !== option && option.startsWith(other)),
  );
}

/**
 * What a search reads from `search_terms`: a kind of rows (migrations 010 and 018), the table
 * they are rows of, and the document a row's whole words are checked on.
 */
interface TermKind {
  kind: number;
  table: SearchTable;
  doc: 'search_doc' | 'search_all_doc';
}

/** Songs by title, artists, albums and playlists by name: what `search` reads, in its order. */
const NAME_KINDS: readonly TermKind[] = SEARCH_SOURCES.map((source) => ({
  kind: source.kind,
  table: source.table,
  doc: 'search_doc',
}));

/** Songs by every word of their title, artists and album (migration 018). */
const SONGS_ALL: TermKind = { kind: SONGS_ALL_KIND, table: 'songs', doc: 'search_all_doc' };

/** Joins row `x` of a kind to the candidate id `id`, if listeners may find it (migration 009). */
function visibleRow(kind: SearchTable, id: string): string {
  return `join ${kind} x on x.id = ${id} and ${isVisible(kind, 'x')}`;
}

/** Rows of a term counted from the key before it is taken as common (see TermCounts). */
const COUNT_CAP = 4000;

/** How long counts and statistics of terms are reused to plan searches. */
const COUNT_MS = 60_000;

/**
 * How many rows of each kind hold a term, as far as a search needs to know (see lead-choice.ts).
 * PostgreSQL's statistics of the column (its hundred most common terms, from ANALYZE) give the
 * size of the common ones; any other term is counted from the key, reading at most COUNT_CAP
 * entries: a fraction of a millisecond, once a minute for each term, as search-as-you-type asks
 * for the same terms again and again.
 */
class TermCounts {
  private readonly cached: BoundedMap<string, { at: number; count: Promise<number> }>;
  private common: { at: number; rows: Promise<Map<string, number>> } | null = null;

  constructor(
    private readonly db: Db,
    private readonly statements: PreparedStatements,
    budget: ByteBudget,
  ) {
    this.cached = new BoundedMap(budget, () => PROMISED_COUNT_BYTES);
  }

  /** The row counts of the most common terms (of all kinds), from the column's statistics. */
  private commonTerms(now: number): Promise<Map<string, number>> {
    if (this.common && now - this.common.at < COUNT_MS) return this.common.rows;
    const rows = sql<{ vals: string[] | null; freqs: number[] | null; total: number | null }>`select
        s.most_common_vals::text::text[] as vals, s.most_common_freqs as freqs,
        (select reltuples from pg_class where oid = 'search_terms'::regclass) as total
      from pg_stats s where s.schemaname = current_schema() and s.tablename = 'search_terms'
        and s.attname = 'term'`
      .execute(this.db)
      .then(({ rows: [row] }) => {
        const total = Math.max(Number(row?.total ?? 0), 0);
        const freqs = row?.freqs ?? [];
        return new Map((row?.vals ?? []).map((val, i) => [val, Number(freqs[i] ?? 0) * total]));
      });
    this.common = { at: now, rows };
    rows.catch(() => {
      this.common = null;
    });
    return rows;
  }

  /**
   * For `kinds` and `terms`, a function giving the rows of a kind holding a term: exact below
   * COUNT_CAP, at least COUNT_CAP above it.
   */
  async of(kinds: number[], terms: string[], now = Date.now()) {
    const common = await this.commonTerms(now);
    const counts = new Map<string, Promise<number>>();
    const missing: { kind: number; term: string }[] = [];
    for (const kind of kinds) {
      for (const term of terms) {
        const key = `${kind} ${term}`;
        const cached = this.cached.get(key);
        if (common.has(term) || counts.has(key)) continue;
        if (cached && now - cached.at < COUNT_MS) counts.set(key, cached.count);
        else missing.push({ kind, term });
      }
    }
    if (missing.length > 0) {
      const read = this.statements
        .execute(
          this.db,
          sql<{ kind: number; term: string; n: string }>`select t.kind, t.term,
          (select count(*) from (select 1 from search_terms s where s.kind = t.kind
            and s.term = t.term limit ${sql.lit(COUNT_CAP)}) c) as n
        from unnest(${missing.map((pair) => pair.kind)}::smallint[],
          ${missing.map((pair) => pair.term)}::text[]) t(kind, term)`.compile(this.db),
        )
        .then(({ rows }) => new Map(rows.map((row) => [`${row.kind} ${row.term}`, Number(row.n)])));
      for (const { kind, term } of missing) {
        const key = `${kind} ${term}`;
        const count = read.then((found) => found.get(key) ?? 0);
        counts.set(key, count);
        this.cached.set(key, { at: now, count });
      }
      // A failed read is not cached: the next search counts again.
      read.catch(() => {
        for (const { kind, term } of missing) this.cached.delete(`${kind} ${term}`);
      });
    }
    const known = new Map(
      await Promise.all([...counts].map(async ([key, count]) => [key, await count] as const)),
    );
    return (kind: number, term: string) =>
      Math.max(common.get(term) ?? 0, known.get(`${kind} ${term}`) ?? 0);
  }
}

class PostgresSearch implements SearchRepository {
  private readonly words: Vocabulary;
  private readonly counts: TermCounts;

  /**
   * `genericPlanDb`: the same database, on connections that plan statements once for any values
   * (usesGenericPlan); `statements`: the texts it runs prepared.
   */
  constructor(
    private readonly db: Db,
    private readonly genericPlanDb: Db,
    private readonly statements: PreparedStatements,
    budget: ByteBudget,
  ) {
    this.counts = new TermCounts(db, statements, budget);
    this.words = new Vocabulary(async (prefix, limit) => {
      const rows = await sql<{ word: string }>`select word from search_words
        where word >= ${prefix} and word < ${`${prefix}\u{10FFFF}`}
        order by word limit ${sql.lit(limit)}`.execute(this.db);
      return rows.rows.map((row) => row.word);
    }, budget);
  }

  /**
   * The best rows of one kind holding, for every group, one of its terms as a word start. The
   * plan's lead is a range of the key in rank order; each other group is joined on the rank key
   * or looked up row by row (lead-choice.ts); the scan stops at the page's last match.
   */
  private best(source: TermKind, plan: ReadPlan, words: string | null, limit: number) {
    const [first, ...rest] = plan.groups;
    if (!first) return null;
    const id = idOfRankKey('d.rank');
    const k = source.kind;
    const others = rest.map((group, i) => {
      // OFFSET 0 keeps a lookup a per-row descent of the key: a subquery with one is not
      // flattened into a join.
      const lookup = plan.lookups[i] ? sql` offset 0` : sql``;
      if (group.length === 1 && !plan.lookups[i]) {
        // A further term of one option joins (a row holds it at most once).
        const o = sql.raw(`o${i}`);
        return {
          join: sql` join search_terms ${o} on ${o}.kind = ${k} and ${o}.term = ${group[0]!} and ${o}.rank = d.rank`,
          where: sql``,
        };
      }
      const terms = group.length === 1 ? sql`= ${group[0]!}` : sql`= any(${group})`;
      return {
        join: sql``,
        where: sql` and exists (select 1 from search_terms s where s.kind = ${k} and s.term ${terms} and s.rank = d.rank${lookup})`,
      };
    });
    // Wrapped in coalesce so the planner cannot estimate it: estimated from the words'
    // statistics, it looked so selective that the planner read and sorted every candidate
    // (400 ms for 'swet') instead of reading them in rank order and stopping at the page (5 ms).
    const whole = words
      ? sql` and coalesce(x.${sql.raw(source.doc)} @@ to_tsquery('simple', ${words}), false)`
      : sql``;
    // Several options (typo corrections) are merged in rank order from one range each. A row may
    // hold two of them, so a few more rows are read and each row is taken once.
    const lead =
      first.length === 1
        ? sql`search_terms d`
        : sql`(${sql.join(
            first.map(
              (term) =>
                sql`(select rank from search_terms where kind = ${k} and term = ${term} order by rank)`,
            ),
            sql` union all `,
          )}) d`;
    const where = first.length === 1 ? sql`d.kind = ${k} and d.term = ${first[0]!}` : sql`true`;
    return sql`(select ${sql.lit(k)} as kind, d.rank, ${sql.raw(id)} as id
      from ${lead}${sql.join(
        others.map((other) => other.join),
        sql``,
      )}
      ${sql.raw(visibleRow(source.table, id))}
      where ${where}${sql.join(
        others.map((other) => other.where),
        sql``,
      )}${whole}
      order by d.rank limit ${sql.lit(first.length === 1 ? limit : limit * 2)})`;
  }

  /** How each kind reads the groups (counting terms only when there is a choice). */
  private async plans(
    sources: readonly TermKind[],
    groups: string[][],
  ): Promise<Map<number, ReadPlan>> {
    if (groups.length < 2) {
      return new Map(sources.map(({ kind }) => [kind, { groups, lookups: [] }]));
    }
    const rows = await this.counts.of(
      sources.map(({ kind }) => kind),
      [...new Set(groups.flat())],
    );
    return new Map(
      sources.map(({ kind }) => [kind, planRead(groups, (term) => rows(kind, term), COUNT_CAP)]),
    );
  }

  /**
   * Every kind's best rows, in one statement: a search asks four questions of the same index,
   * and one round trip for the four costs the server a quarter of the parsing and planning.
   * The ids of each kind, best first.
   */
  private async read(
    sources: readonly TermKind[],
    groups: string[][],
    limit: number,
  ): Promise<Map<number, number[]>> {
    const key = (term: string) => term.slice(0, MAX_TERM);
    // The stored prefixes find a superset; the row's words are checked where that is not exact:
    // terms longer than the stored prefixes, and typo corrections, which match whole words as
    // they do on SQLite (a group's first term is the query's own, a prefix).
    const words = groups.some((group) => group.length > 1 || group[0]!.length > MAX_TERM)
      ? groups.map(([term, ...words]) => `(${[`${term}:*`, ...words].join(' | ')})`).join(' & ')
      : null;
    const plans = await this.plans(
      sources,
      groups.map((group) => withoutCovered(group.map(key))),
    );
    const parts = sources.flatMap(
      (source) => this.best(source, plans.get(source.kind)!, words, limit) ?? [],
    );
    const found = new Map<number, number[]>();
    if (parts.length === 0) return found;
    // Ordered again outside: a union's branches keep their own order only as it happens.
    const query = sql<{ kind: number; id: number }>`select kind, id
      from (${sql.join(parts, sql` union all `)}) r order by kind, rank`;
    // Run prepared too, so they are not parsed again: they are most searches, and their texts
    // few (for a page size, one per kind's choice of merge or lookup, and long words or not).
    const rows = usesGenericPlan(groups)
      ? await this.statements.execute(
          this.genericPlanDb,
          query.compile(this.genericPlanDb),
          'search',
        )
      : await query.execute(this.db);
    for (const { kind } of sources) {
      const ofKind = rows.rows.filter((row) => Number(row.kind) === kind);
      found.set(kind, [...new Set(ids(ofKind))].slice(0, limit));
    }
    return found;
  }

  /** The best songs by title, artists, albums and playlists holding every group. */
  private async run(groups: string[][], limit: number): Promise<SearchHits> {
    const found = await this.read(NAME_KINDS, groups, limit);
    const hits = noHits();
    for (const { kind, table } of NAME_KINDS) hits[table] = found.get(kind) ?? [];
    return hits;
  }

  search(terms: string[], limit: number): Promise<SearchHits> {
    return this.run(
      terms.map((term) => [term]),
      limit,
    );
  }

  async songsAcross(terms: string[], limit: number): Promise<number[]> {
    const found = await this.read(
      [SONGS_ALL],
      terms.map((term) => [term]),
      limit,
    );
    return found.get(SONGS_ALL_KIND) ?? [];
  }

  async fuzzy(terms: string[], limit: number): Promise<SearchHits> {
    const groups = await corrected(terms, this.words);
    return groups ? this.run(groups, limit) : noHits();
  }

  async rebuild(): Promise<void> {
    // The words and prefixes are refilled from the tables (their triggers keep them otherwise).
    await this.db.transaction().execute(async (trx) => {
      await sql.raw(refreshAllCredits('postgres')).execute(trx);
      for (const statement of REFILL_ALL_SEARCH_TERMS) await sql.raw(statement).execute(trx);
    });
    await this.optimize();
  }

  async optimize(): Promise<void> {
    // Statistics tell the planner which term is rare; a vacuumed table lets it read terms from
    // the key alone (index-only), which it then prefers to collecting and sorting them.
    for (const table of ['search_terms', 'search_words']) {
      await sql.raw(`vacuum (analyze) ${table}`).execute(this.db);
    }
  }
}

/**
 * From the app's Deps, or from an open database (DatabaseHandle) for upkeep such as `rebuild()`,
 * which caches nothing (its words budget is empty).
 */
export function createSearchRepository({
  db,
  dialect,
  genericPlanDb,
  statements,
  caches,
}: Pick<DatabaseHandle, 'db' | 'dialect' | 'genericPlanDb' | 'statements'> & {
  caches?: Pick<CacheBudgets, 'searchWords'>;
}): SearchRepository {
  const budget = caches?.searchWords ?? new ByteBudget(0);
  return dialect === 'sqlite'
    ? new SqliteSearch(db, budget)
    : new PostgresSearch(db, genericPlanDb, statements, budget);
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
