import { type Kysely, sql } from 'kysely';

/**
 * `catalog_version.changed_at`: when the catalog last changed, in milliseconds since 1970, moved
 * by the same triggers as the version (migration 005). Subsonic's getIndexes sends it as
 * `lastModified`, and answers an app's `ifModifiedSince` from it, so it is the same on every
 * instance and after a restart. It only ever goes up, by at least 1 a change, so two versions
 * never share a time, even within one millisecond or with a clock set back.
 * - SQLite: the row triggers are made again with the new statement.
 * - PostgreSQL: the statement triggers' function is replaced.
 */
const TABLES = ['songs', 'albums', 'artists', 'song_artists'] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database before its types hold
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const now =
    dialect === 'sqlite'
      ? "cast((julianday('now') - 2440587.5) * 86400000 as integer)"
      : '(extract(epoch from clock_timestamp()) * 1000)::bigint';
  const type = dialect === 'sqlite' ? 'integer' : 'bigint';
  await sql
    .raw(`alter table catalog_version add column changed_at ${type} not null default 0`)
    .execute(db);
  await sql.raw(`update catalog_version set changed_at = ${now}`).execute(db);
  const bump = `update catalog_version set version = version + 1, changed_at = ${
    dialect === 'sqlite' ? 'max' : 'greatest'
  }(changed_at + 1, ${now}) where id = 1`;

  if (dialect === 'sqlite') {
    for (const table of TABLES) {
      for (const event of ['insert', 'update', 'delete'] as const) {
        const name = `${table}_version_${event}`;
        await sql.raw(`drop trigger ${name}`).execute(db);
        await sql
          .raw(`create trigger ${name} after ${event} on ${table} begin ${bump}; end`)
          .execute(db);
      }
    }
    return;
  }

  await sql
    .raw(
      `create or replace function catalog_version_bump() returns trigger language plpgsql as $$ begin ${bump}; return null; end $$`,
    )
    .execute(db);
}
