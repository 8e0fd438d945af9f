import { type Kysely, sql } from 'kysely';

/**
 * Play counts kept beside the plays, so popularity never has to count the plays table on a request:
 * - `song_play_totals`: all-time plays per song (the `plays` figure of every song).
 * - `song_play_days`: plays per song per UTC day (`YYYY-MM-DD`), the buckets popularity windows sum.
 * - `play_days`: plays per day with a checksum of their song ids, so a reader that cached a day's
 *   sums can tell cheaply whether that day changed since (a late insert, a deleted song's plays).
 * Triggers on `plays` keep all three exact for every writer (the API, imports, tests, a restore).
 * Also: the per-song plays index carries the listener, so distinct listeners come from the index.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database before its types hold
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('song_play_totals')
    .addColumn('song_id', 'integer', (c) =>
      c.primaryKey().references('songs.id').onDelete('cascade'),
    )
    .addColumn('plays', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('song_play_days')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('song_id', 'integer', (c) => c.notNull().references('songs.id').onDelete('cascade'))
    .addColumn('plays', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('song_play_days_pk', ['day', 'song_id'])
    .execute();
  await db.schema
    .createTable('play_days')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('plays', 'bigint', (c) => c.notNull())
    .addColumn('song_sum', 'bigint', (c) => c.notNull())
    .execute();

  await sql`insert into song_play_totals (song_id, plays)
    select song_id, count(*) from plays group by song_id`.execute(db);
  await sql`insert into song_play_days (day, song_id, plays)
    select substr(played_at, 1, 10), song_id, count(*) from plays group by substr(played_at, 1, 10), song_id`.execute(
    db,
  );
  await sql`insert into play_days (day, plays, song_sum)
    select substr(played_at, 1, 10), count(*), sum(song_id) from plays group by substr(played_at, 1, 10)`.execute(
    db,
  );

  await db.schema.dropIndex('plays_song_idx').execute();
  await db.schema
    .createIndex('plays_song_listener_idx')
    .on('plays')
    .columns(['song_id', 'played_at', 'listener_key'])
    .execute();

  const day = (row: 'new' | 'old') => `substr(${row}.played_at, 1, 10)`;
  const onInsert = [
    `insert into song_play_totals (song_id, plays) values (new.song_id, 1)
       on conflict (song_id) do update set plays = song_play_totals.plays + 1;`,
    `insert into song_play_days (day, song_id, plays) values (${day('new')}, new.song_id, 1)
       on conflict (day, song_id) do update set plays = song_play_days.plays + 1;`,
    `insert into play_days (day, plays, song_sum) values (${day('new')}, 1, new.song_id)
       on conflict (day) do update set plays = play_days.plays + 1, song_sum = play_days.song_sum + excluded.song_sum;`,
  ].join('\n');
  const onDelete = [
    'update song_play_totals set plays = plays - 1 where song_id = old.song_id;',
    `update song_play_days set plays = plays - 1 where day = ${day('old')} and song_id = old.song_id;`,
    `update play_days set plays = plays - 1, song_sum = song_sum - old.song_id where day = ${day('old')};`,
  ].join('\n');

  if (dialect === 'sqlite') {
    await sql
      .raw(`create trigger plays_counts_ai after insert on plays begin ${onInsert} end`)
      .execute(db);
    await sql
      .raw(`create trigger plays_counts_ad after delete on plays begin ${onDelete} end`)
      .execute(db);
    return;
  }
  await sql
    .raw(
      `create function plays_counts() returns trigger language plpgsql as $$
       begin
         if tg_op = 'INSERT' then
           ${onInsert}
           return new;
         end if;
         ${onDelete}
         return old;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      'create trigger plays_counts after insert or delete on plays for each row execute function plays_counts()',
    )
    .execute(db);
}
