import {
  CompiledQuery,
  type DatabaseConnection,
  Kysely,
  type PostgresCursor,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
} from 'kysely';
import type pg from 'pg';
import { DatabaseUnreachable, isConnectionFault } from './faults.ts';
import type { PreparedStatements } from './prepared-statements.ts';
import type { Database } from './schema.ts';

/**
 * How long a pooled PostgreSQL connection may sit idle before it is closed. A new connection
 * starts with empty catalog caches and none of the prepared statements, so its first searches
 * and pages are slower. pg's default of 10 s closed them between most clicks of a single
 * listener, the usual load of a self-hosted server.
 */
const IDLE_CONNECTION_MS = 10 * 60_000;

export interface PostgresOptions {
  url: string;
  /** The schema to work in (tests use one per file); created when missing. */
  schema?: string;
  /** Told when the server drops a connection (see OpenDatabaseOptions.onConnectionLost). */
  onConnectionLost: (error: Error) => void;
  /** How long one statement may run, in ms; 0 for no limit. */
  statementTimeoutMs: number;
  /** The texts that run as named prepared statements. */
  statements: PreparedStatements;
}

export interface PostgresDatabases {
  db: Kysely<Database>;
  /** The same database on connections that plan each prepared statement once (see below). */
  genericPlanDb: Kysely<Database>;
}

const RESULT_COMMANDS = new Set<string>(['UPDATE', 'DELETE', 'INSERT', 'SELECT', 'MERGE']);

/** Whether pg's `command` is one Kysely reads (it counts affected rows of writes only). */
function isResultCommand(command: string): command is PostgresQueryResult<unknown>['command'] {
  return RESULT_COMMANDS.has(command);
}

/**
 * A pooled pg connection as Kysely's dialect uses it. A text the database keeps prepared runs as
 * a named prepared statement (parsed and planned once per connection); any other runs as sent.
 * A query failed by a lost connection has the pool discard the connection when it is given back,
 * instead of handing the dead one to the next request.
 */
class PreparingClient implements PostgresPoolClient {
  private faulted = false;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly statements: PreparedStatements,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sql: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // Kysely sends a cursor only to stream a query, which Chorus never does.
    if (typeof sql !== 'string') throw new Error('Chorus does not stream query results');
    return this.run<R>(sql, parameters);
  }

  private async run<R>(
    text: string,
    parameters: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> {
    const name = this.statements.nameOf(text);
    const values = [...parameters];
    try {
      const result = await this.client.query<R & pg.QueryResultRow>(
        name ? { name, text, values } : { text, values },
      );
      return {
        // Other commands (set, begin, create) report no affected rows to Kysely either way.
        command: isResultCommand(result.command) ? result.command : 'SELECT',
        rowCount: result.rowCount ?? 0,
        rows: result.rows,
      };
    } catch (error) {
      if (isConnectionFault(error)) this.faulted = true;
      throw error;
    }
  }

  release(): void {
    // A truthy argument has the pool destroy the connection rather than keep it.
    this.client.release(this.faulted);
    this.faulted = false;
  }
}

/** A pg pool that hands Kysely PreparingClients (one per pooled connection). */
class PreparingPool implements PostgresPool {
  private readonly clients = new WeakMap<pg.PoolClient, PreparingClient>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly statements: PreparedStatements,
  ) {}

  async connect(): Promise<PreparingClient> {
    const client = await this.pool.connect();
    let preparing = this.clients.get(client);
    if (!preparing) {
      preparing = new PreparingClient(client, this.statements);
      this.clients.set(client, preparing);
    }
    return preparing;
  }

  end(): Promise<void> {
    return this.pool.end();
  }
}

/** Opens the two pools of a PostgreSQL database (see `genericPlanDb`). */
export async function openPostgres(options: PostgresOptions): Promise<PostgresDatabases> {
  const { url, schema, statementTimeoutMs } = options;
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name ${schema}`);
  // The driver loads only where it is used: a SQLite server never needs it.
  const { default: pg } = await import('pg');
  // PostgreSQL returns COUNT(*) and SUM() as strings (int8/numeric); Chorus counts fit in a double.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
  // One connection first, so a DATABASE_URL that cannot work stops the start with its reason
  // rather than failing the first migration deep inside the pool.
  const first = new pg.Client({ connectionString: url });
  try {
    await first.connect();
  } catch (error) {
    await first.end().catch(() => {});
    throw new DatabaseUnreachable(url, error);
  }
  try {
    if (schema) await first.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  } finally {
    await first.end();
  }
  /** A pool of `max` connections; `genericPlans`: see genericPlanDb below. */
  const connect = (max: number, genericPlans: boolean) => {
    const pool = new pg.Pool({
      connectionString: url,
      max,
      idleTimeoutMillis: IDLE_CONNECTION_MS,
      // Names Chorus's connections in pg_stat_activity (with the schema, when it has its own).
      application_name: ['chorus', schema, genericPlans ? 'search' : undefined]
        .filter(Boolean)
        .join(' '),
      // Lets the operating system notice a peer that vanished while a connection sat idle.
      keepAlive: true,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // The pool tells of connections lost while idle; a connection lost while a request holds it
    // fails that request's query (which responds 503), and its client's own error event, which would
    // otherwise stop the process, is told here once.
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      client.once('error', (error) => {
        client.on('error', () => {});
        options.onConnectionLost(error);
      });
    });
    // Settings are made on the connection rather than as startup options, which poolers such as
    // PgBouncer refuse.
    const settings = [
      statementTimeoutMs > 0 ? `set statement_timeout = ${Math.floor(statementTimeoutMs)}` : '',
      genericPlans ? 'set plan_cache_mode = force_generic_plan' : '',
    ].filter(Boolean);
    const onCreateConnection = async (connection: DatabaseConnection) => {
      for (const setting of settings) {
        // A server without the setting (plan_cache_mode came with PostgreSQL 12) runs as before.
        await connection.executeQuery(CompiledQuery.raw(setting)).catch(() => {});
      }
    };
    return new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: new PreparingPool(pool, options.statements),
        onCreateConnection,
      }),
    });
  };
  return {
    db: connect(10, false),
    /*
     * PostgreSQL plans a prepared statement anew for every run's values unless it judges a plan
     * for any values as good; for search statements it never does, and planning them costs more
     * than running most of them (a search reads 4 tables with 3 joins each). Their text
     * already decides the plan (modules/search/lead-choice.ts), so their connections take the
     * plan made once for any values. Apart because other queries (play windows, paging)
     * depend on their values.
     */
    genericPlanDb: connect(5, true),
  };
}
