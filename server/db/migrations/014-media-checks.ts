import { type Kysely, sql } from 'kysely';

/**
 * `media_checks`: stored objects that may have no row referring to them any more (or not yet),
 * for the media collector (server/media/collector.ts) to delete once `since` is older than its
 * grace period and nothing refers to them then. Media is content-addressed, so one object may
 * serve several rows: a row letting go of it only makes it a candidate, never deletes it.
 * - `ref`: an image's content hash (the original and its variants) or an audio object's key.
 * - `holders`: uploads storing the object now, so a failed upload may take back at once what no
 *   other upload is storing too. Past the grace it is ignored: an upload that stopped without
 *   letting go (a crash) keeps nothing forever.
 *
 * Triggers record the object a row lets go of, in the same transaction as the change, on both
 * engines, whatever code makes it: a replaced or removed cover or portrait, a deleted playlist,
 * album, artist or song (deleted users take their playlists with them). Soft-deleted songs keep
 * their files: an administrator can restore them.
 *
 * The reference columns get indexes: the collector asks "does any row still use this?" for each
 * candidate.
 */
const REFERENCES = [
  { table: 'playlists', column: 'cover_key', kind: 'image' },
  { table: 'artists', column: 'image_key', kind: 'image' },
  { table: 'albums', column: 'cover_key', kind: 'image' },
  { table: 'songs', column: 'cover_key', kind: 'image' },
  { table: 'songs', column: 'audio_key', kind: 'audio' },
] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database before its types hold
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('media_checks')
    .addColumn('ref', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('since', 'text', (c) => c.notNull())
    .addColumn('holders', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('media_checks_since_idx')
    .on('media_checks')
    .column('since')
    .execute();
  // Media stored before this migration was never recorded: the collector lists the store once
  // (MediaCollector.scanIfDue) while this row is there, whichever program applied the migration.
  await db.schema
    .createTable('media_scan_due')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .execute();
  await sql`insert into media_scan_due (id) values (1)`.execute(db);
  for (const { table, column } of REFERENCES) {
    if (table === 'songs' && column === 'audio_key') continue; // indexed since migration 001
    await db.schema
      .createIndex(`${table}_${column}_idx`)
      .ifNotExists()
      .on(table)
      .column(column)
      .execute();
  }

  if (dialect === 'sqlite') {
    const now = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
    const record = (kind: string, column: string) =>
      `insert into media_checks (ref, kind, since, holders) values (old.${column}, '${kind}', ${now}, 0)
         on conflict (ref) do update set since = excluded.since;`;
    for (const { table, column, kind } of REFERENCES) {
      await sql
        .raw(
          `create trigger ${table}_${column}_let_go_update after update of ${column} on ${table}
             when old.${column} is not null and old.${column} is not new.${column}
             begin ${record(kind, column)} end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${table}_${column}_let_go_delete after delete on ${table}
             when old.${column} is not null
             begin ${record(kind, column)} end`,
        )
        .execute(db);
    }
    return;
  }

  // One function for every reference: the column and kind come as the trigger's arguments.
  await sql
    .raw(
      `create function media_let_go() returns trigger language plpgsql as $$
       declare
         let_go text := to_jsonb(old) ->> tg_argv[0];
       begin
         if let_go is not null and (tg_op = 'DELETE' or let_go is distinct from to_jsonb(new) ->> tg_argv[0]) then
           insert into media_checks (ref, kind, since, holders)
             values (let_go, tg_argv[1], to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 0)
             on conflict (ref) do update set since = excluded.since;
         end if;
         return null;
       end $$`,
    )
    .execute(db);
  for (const { table, column, kind } of REFERENCES) {
    await sql
      .raw(
        `create trigger ${table}_${column}_let_go_update after update of ${column} on ${table}
           for each row when (old.${column} is not null and old.${column} is distinct from new.${column})
           execute function media_let_go('${column}', '${kind}')`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_${column}_let_go_delete after delete on ${table}
           for each row when (old.${column} is not null)
           execute function media_let_go('${column}', '${kind}')`,
      )
      .execute(db);
  }
}
