import { type Kysely, sql } from 'kysely';
import type { Dialect } from './dialect.ts';
import { migrations } from './migrations/index.ts';
import { openPostgres } from './postgres.ts';
import { PreparedStatements } from './prepared-statements.ts';
import type { Database } from './schema.ts';
import { openSqlite } from './sqlite.ts';

export type Db = Kysely<Database>;

/**
 * An open database. What differs between the engines lives in one file each: db/sqlite.ts and
 * db/postgres.ts.
 */
export interface DatabaseHandle {
  db: Db;
  /**
   * The same database for queries whose plan their text decides: on PostgreSQL, a small second
   * pool whose connections plan each prepared statement once, for any values (db/postgres.ts);
   * on SQLite, `db`.
   */
  genericPlanDb: Db;
  /** The texts this database runs as named prepared statements (db/prepared-statements.ts). */
  statements: PreparedStatements;
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
  /** What SQLite may hold of the database's pages in memory (the `databasePages` cache budget). */
  pageCacheBytes?: number;
  /**
   * How long one statement may run, in ms (none when absent or 0): the server's requests have
   * one, scripts that rewrite a whole catalog do not. PostgreSQL cancels a statement past it;
   * SQLite stops reading its rows (db/sqlite.ts). Either way the request gets a 503.
   */
  statementTimeoutMs?: number;
}

/** SQLite's page cache where no budget is given: the import script and tests, run apart. */
const DEFAULT_PAGE_CACHE_BYTES = 64 * 1024 * 1024;

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const statementTimeoutMs = options.statementTimeoutMs ?? 0;
  const statements = new PreparedStatements();
  if (options.url) {
    const { db, genericPlanDb } = await openPostgres({
      url: options.url,
      schema: options.pgSchema,
      onConnectionLost: options.onConnectionLost ?? (() => {}),
      statementTimeoutMs,
      statements,
    });
    return {
      db,
      genericPlanDb,
      statements,
      dialect: 'postgres',
      async close() {
        await Promise.all([db.destroy(), genericPlanDb.destroy()]);
      },
    };
  }
  const db = openSqlite({
    dataDir: options.dataDir,
    pageCacheBytes: options.pageCacheBytes ?? DEFAULT_PAGE_CACHE_BYTES,
    statementTimeoutMs,
  });
  return {
    db,
    genericPlanDb: db,
    statements,
    dialect: 'sqlite',
    async close() {
      await db.destroy();
    },
  };
}

/**
 * Runs `work` on the database while no other instance runs work of the same `name` on it:
 * instances starting at once on one PostgreSQL database take turns under an advisory lock (one
 * per name and schema), `work` running on the connection that holds it. A SQLite database has
 * one instance, so there `work` simply runs.
 */
export async function takingTurns<T>(
  handle: DatabaseHandle,
  name: string,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  const { db, dialect } = handle;
  if (dialect === 'sqlite') return work(db);
  return db.connection().execute(async (connection) => {
    const lock = sql`hashtext(${`chorus ${name} `} || current_schema())`;
    await sql`select pg_advisory_lock(${lock})`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`select pg_advisory_unlock(${lock})`.execute(connection);
    }
  });
}

/**
 * Applies the migrations not yet applied, each in its own transaction. Returns their names.
 * Instances starting at once take turns (`takingTurns`), so each migration runs once and the
 * others find it done.
 */
export function migrate(handle: DatabaseHandle): Promise<string[]> {
  return takingTurns(handle, 'migrations', (db) => applyMigrations(db, handle.dialect));
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
