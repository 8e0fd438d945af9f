import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  SqliteDialect,
  type SqliteDatabase as SqliteDialectDatabase,
  type SqliteStatement,
} from 'kysely';
import { InlineLimitsPlugin } from './inline-limits.ts';
import { ROWS_AS_JSON, rowsAsJson } from './rows-as-json.ts';
import type { Database } from './schema.ts';
import { StatementTimeoutError } from './statement-timeout.ts';

export interface SqliteOptions {
  /** The folder of the database file, `chorus.db`; created when missing. */
  dataDir: string;
  /** What SQLite may keep of the database's pages in memory. */
  pageCacheBytes: number;
  /** How long one statement may read rows, in ms; 0 for no limit. */
  statementTimeoutMs: number;
}

/** Opens the SQLite file in `dataDir` (created with its folder when missing). */
export function openSqlite(options: SqliteOptions): Kysely<Database> {
  fs.mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SqliteDatabase(path.join(options.dataDir, 'chorus.db'));
  // WAL lets readers go on while one writer commits; NORMAL sync is durable across app crashes.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Listener pages read rows scattered over the file (an artist's songs, their albums, their
  // play totals); a page cache within the budget holds the most read of them in the process.
  // Pages read past it come from the system's file cache, which memory-mapped reads would
  // count as the server's own memory.
  // SQLite needs a few pages whatever the budget (CACHE_MB=0 turns Chorus's caches off).
  const cacheKiB = Math.max(256, Math.floor(options.pageCacheBytes / 1024));
  sqlite.pragma(`cache_size = -${cacheKiB}`);
  // What PostgreSQL's `lower` does (migration 026): small letters of every alphabet, where
  // SQLite's own `lower` changes A to Z only.
  sqlite.function('casefold', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? text.toLowerCase() : text,
  );
  return new Kysely<Database>({
    dialect: new SqliteDialect({
      database: withStatementCache(sqlite, options.statementTimeoutMs),
    }),
    plugins: [new InlineLimitsPlugin()],
  });
}

/** How many distinct SQL texts have their prepared statement cached (Chorus has a few hundred). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely prepares every statement on every query; preparing costs about as much as running a
 * typical indexed read. The SQL text of a query is the same each time (values are bound), so
 * prepared statements are cached by text. Kysely never streams Chorus's queries, so a statement
 * is never in use twice at once.
 */
function withStatementCache(
  sqlite: SqliteDatabase.Database,
  timeoutMs: number,
): SqliteDialectDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = cache.get(text);
      if (statement) {
        // Most recently used last, so the oldest entry is the first one dropped.
        cache.delete(text);
      } else {
        statement = statementFor(sqlite, text, timeoutMs);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(text, statement);
      return statement;
    },
  };
}

/** The statement of `text`: rows as one JSON text when it asks, else with the read time limit. */
function statementFor(
  sqlite: SqliteDatabase.Database,
  text: string,
  timeoutMs: number,
): SqliteStatement {
  // Reads of id lists: their length bounds them, so no time limit is needed.
  if (text.startsWith(ROWS_AS_JSON)) return rowsAsJson(sqlite, text);
  const prepared = sqlite.prepare(text);
  return timeoutMs > 0 ? withReadTimeout(prepared, timeoutMs) : prepared;
}

/** Rows read between looks at the clock (a look costs far less than a row). */
const ROWS_PER_CHECK = 256;

/**
 * `statement` with a time limit on reading its rows. better-sqlite3 runs a statement on the
 * event loop and exposes neither SQLite's progress handler nor its interrupt, so nothing can stop
 * a statement from outside while it runs. Its rows are read one at a time instead, looking at the
 * clock every few hundred, and reading stops with a StatementTimeoutError once `timeoutMs` have
 * passed. What this bounds is a statement that returns many rows; one that works long before its
 * first row (a sort or an aggregate over a whole table) runs to its end, which is why Chorus's
 * requests read bounded pages and their statistics through indexes.
 */
function withReadTimeout(statement: SqliteDatabase.Statement, timeoutMs: number): SqliteStatement {
  return {
    reader: statement.reader,
    all(parameters) {
      const deadline = performance.now() + timeoutMs;
      const rows: unknown[] = [];
      for (const row of statement.iterate(parameters)) {
        rows.push(row);
        if (rows.length % ROWS_PER_CHECK === 0 && performance.now() > deadline) {
          throw new StatementTimeoutError(timeoutMs);
        }
      }
      return rows;
    },
    run: (parameters) => statement.run(parameters),
    iterate: (parameters) => statement.iterate(parameters),
  };
}
