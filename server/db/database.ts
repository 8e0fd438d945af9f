import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type SqliteDatabase as SqliteDialectDatabase,
  type SqliteStatement,
  sql,
} from 'kysely';
import type { Dialect } from './dialect.ts';
import { isConnectionFault } from './faults.ts';
import { InlineLimitsPlugin } from './inline-limits.ts';
import { migrations } from './migrations/index.ts';
import { preparedName } from './named-statements.ts';
import type { Database } from './schema.ts';
import { withReadTimeout } from './statement-timeout.ts';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  /**
   * The same database for queries whose plan their text decides (see openPostgres): on
   * PostgreSQL, a small second pool whose prepared statements are planned once; on SQLite, `db`.
   */
  fixedPlans: Db;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** `postgres://…`, or null for SQLite in `dataDir`. */
  url: string | null;
  dataDir: string;
  /** PostgreSQL schema to work in (tests use one per file); created when missing. */
  pgSchema?: string;
  /**
   * Told when PostgreSQL drops a connection the pool holds idle (a server restart, an
   * administrator's pg_terminate_backend, a network cut). The pool discards it and opens another
   * when needed; without a listener, the error would stop the process.
   */
  onConnectionLost?: (error: Error) => void;
  /** What SQLite may keep of the database's pages in memory (the `databasePages` cache budget). */
  pageCacheBytes?: number;
  /**
   * How long one statement may run, in ms (none when absent or 0): the server's requests have
   * one, scripts that rewrite a whole catalog do not. PostgreSQL cancels a statement past it;
   * SQLite stops reading its rows (db/statement-timeout.ts). Either way the request answers 503.
   */
  statementTimeoutMs?: number;
}

/** SQLite's page cache where no budget is given: the import script and tests, run apart. */
const DEFAULT_PAGE_CACHE_BYTES = 64 * 1024 * 1024;

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const timeoutMs = options.statementTimeoutMs ?? 0;
  if (options.url) {
    return openPostgres(options.url, options.pgSchema, options.onConnectionLost, timeoutMs);
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'chorus.db');
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers go on while one writer commits; NORMAL sync is durable across app crashes.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Listener pages read rows scattered over the file (an artist's songs, their albums, their
  // play totals); a page cache within the budget keeps the most read of them in the process.
  // Pages read past it come from the system's file cache, which memory-mapped reads would
  // count as the server's own memory.
  // SQLite needs a few pages whatever the budget (CACHE_MB=0 turns Chorus's caches off).
  const cacheKiB = Math.max(
    256,
    Math.floor((options.pageCacheBytes ?? DEFAULT_PAGE_CACHE_BYTES) / 1024),
  );
  sqlite.pragma(`cache_size = -${cacheKiB}`);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite, timeoutMs) }),
    plugins: [new InlineLimitsPlugin()],
  });
  return {
    db,
    fixedPlans: db,
    dialect: 'sqlite',
    async close() {
      await db.destroy();
    },
  };
}

/** How many distinct SQL texts keep their prepared statement (Chorus has a few hundred). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely prepares every statement on every query; preparing costs about as much as running a
 * typical indexed read. The SQL text of a query is the same each time (values are bound), so
 * prepared statements are kept by text. Kysely never streams Chorus's queries, so a statement
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
        const prepared = sqlite.prepare(text);
        statement = timeoutMs > 0 ? withReadTimeout(prepared, timeoutMs) : prepared;
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(text, statement);
      return statement;
    },
  };
}

/**
 * How long a pooled PostgreSQL connection may sit idle before it is closed. A new connection
 * starts with empty catalog caches and none of the prepared statements (named-statements.ts), so
 * its first searches and pages are slower. pg's default of 10 s closed them between most clicks
 * of a single listener, the usual load of a self-hosted server.
 */
const IDLE_CONNECTION_MS = 10 * 60_000;

async function openPostgres(
  url: string,
  schema?: string,
  onConnectionLost: (error: Error) => void = () => {},
  statementTimeoutMs = 0,
): Promise<DatabaseHandle> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name ${schema}`);
  // The driver loads only where it is used: a SQLite server never needs it.
  const { default: pg } = await import('pg');
  // PostgreSQL returns COUNT(*) and SUM() as strings (int8/numeric); Chorus counts fit in a double.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await admin.end();
    }
  }
  /** A pool of `max` connections; `planOnce`: see fixedPlans below. */
  const connect = (max: number, planOnce: boolean) => {
    const pool = new pg.Pool({
      connectionString: url,
      max,
      idleTimeoutMillis: IDLE_CONNECTION_MS,
      // Names Chorus's connections in pg_stat_activity (with the schema, when it has its own).
      application_name: ['chorus', schema, planOnce ? 'search' : undefined]
        .filter(Boolean)
        .join(' '),
      // Lets the operating system notice a peer that vanished while a connection sat idle.
      keepAlive: true,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // The pool tells of connections lost while idle; a connection lost while a request holds it
    // fails that request's query (answered 503), and its client's own error event, which would
    // otherwise stop the process, is told here once.
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      client.once('error', (error) => {
        client.on('error', () => {});
        onConnectionLost(error);
      });
      // Like plan_cache_mode below, set on the connection rather than at its start.
      if (statementTimeoutMs > 0) {
        client.query(`set statement_timeout = ${Math.floor(statementTimeoutMs)}`).catch(() => {});
      }
      if (planOnce) {
        // Sent before anything else on the connection (pg runs a client's queries in order).
        // Set here rather than as a startup option, which poolers such as PgBouncer refuse; a
        // server without the setting (before PostgreSQL 12) plans as before.
        client.query('set plan_cache_mode = force_generic_plan').catch(() => {});
      }
      const query = client.query.bind(client);
      // pg's query() is a set of overloads; Kysely calls it with a text and its values only, and
      // anything else is passed on as it came.
      client.query = ((config: unknown, values?: unknown) => {
        const name = typeof config === 'string' ? preparedName(config) : undefined;
        const run = name
          ? query({ name, text: config as string, values: values as unknown[] })
          : (query as (config: unknown, values?: unknown) => unknown)(config, values);
        if (!(run instanceof Promise)) return run;
        // A query failed by a lost connection ends its client at once, so the pool discards it
        // when the request gives it back instead of handing the dead one to the next request.
        return run.catch((error: unknown) => {
          if (isConnectionFault(error)) client.end().catch(() => {});
          throw error;
        });
      }) as typeof client.query;
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  };
  const db = connect(10, false);
  /*
   * PostgreSQL plans a prepared statement anew for every run's values unless it judges a plan
   * for any values as good; for search statements it never does, and planning them costs more
   * than running most of them (a search reads 4 tables with 3 joins each). Their text
   * already decides the plan (modules/search/lead-choice.ts), so their connections take the
   * plan made once for any values. Kept apart because other queries (play windows, paging)
   * depend on their values.
   */
  const fixedPlans = connect(5, true);
  return {
    db,
    fixedPlans,
    dialect: 'postgres',
    async close() {
      await Promise.all([db.destroy(), fixedPlans.destroy()]);
    },
  };
}

/**
 * Applies the migrations not yet applied, each in its own transaction. Returns their names.
 * Instances starting at once on one PostgreSQL database take turns under an advisory lock (one
 * per schema), so each migration runs once and the others find it done.
 */
export async function migrate(handle: DatabaseHandle): Promise<string[]> {
  const { db, dialect } = handle;
  if (dialect === 'sqlite') return applyMigrations(db, dialect);
  return db.connection().execute(async (connection) => {
    const lock = sql`hashtext('chorus migrations ' || current_schema())`;
    await sql`select pg_advisory_lock(${lock})`.execute(connection);
    try {
      return await applyMigrations(connection, dialect);
    } finally {
      await sql`select pg_advisory_unlock(${lock})`.execute(connection);
    }
  });
}

async function applyMigrations(db: Db, dialect: Dialect): Promise<string[]> {
  await db.schema
    .createTable('schema_migrations')
    .ifNotExists()
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('applied_at', 'text', (c) => c.notNull())
    .execute();
  const applied: string[] = [];
  for (const migration of migrations) {
    const done = await sql<{
      name: string;
    }>`select name from schema_migrations where name = ${migration.name}`.execute(db);
    if (done.rows.length > 0) continue;
    await db.transaction().execute(async (trx) => {
      // A migration rewrites whole tables: the requests' statement timeout is not for it.
      if (dialect === 'postgres') await sql`set local statement_timeout = 0`.execute(trx);
      await migration.up(trx, dialect);
      await sql`insert into schema_migrations (name, applied_at) values (${migration.name}, ${new Date().toISOString()})`.execute(
        trx,
      );
    });
    applied.push(migration.name);
  }
  return applied;
}
