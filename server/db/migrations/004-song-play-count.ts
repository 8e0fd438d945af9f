import { type Kysely, sql } from 'kysely';

/**
 * `songs.play_count`: how many counted plays a song has, kept by the database itself so that
 * showing thousands of songs (a long playlist) reads one column instead of aggregating `plays`
 * over every song on every call. Triggers on `plays` keep it exact in the same transaction as the
 * play event, for every writer (the plays module, imports, the demo seed, cascading deletes).
 * - SQLite: a row trigger per insert, delete and change of song.
 * - PostgreSQL: statement triggers over transition tables, so bulk inserts update each song once.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database before its types hold
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await sql`alter table songs add column play_count integer not null default 0`.execute(db);
  await sql`update songs set play_count = (select count(*) from plays where plays.song_id = songs.id)`.execute(
    db,
  );

  if (dialect === 'sqlite') {
    await sql`create trigger plays_count_ai after insert on plays begin update songs set play_count = play_count + 1 where id = new.song_id; end`.execute(
      db,
    );
    await sql`create trigger plays_count_ad after delete on plays begin update songs set play_count = play_count - 1 where id = old.song_id; end`.execute(
      db,
    );
    await sql`create trigger plays_count_au after update of song_id on plays begin update songs set play_count = play_count - 1 where id = old.song_id; update songs set play_count = play_count + 1 where id = new.song_id; end`.execute(
      db,
    );
    return;
  }

  await sql
    .raw(`create function plays_count_apply() returns trigger language plpgsql as $$
begin
  if tg_op in ('DELETE', 'UPDATE') then
    update songs set play_count = songs.play_count - gone.n
      from (select song_id, count(*) as n from old_plays group by song_id) as gone
      where songs.id = gone.song_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    update songs set play_count = songs.play_count + came.n
      from (select song_id, count(*) as n from new_plays group by song_id) as came
      where songs.id = came.song_id;
  end if;
  return null;
end $$`)
    .execute(db);
  await sql`create trigger plays_count_ai after insert on plays referencing new table as new_plays for each statement execute function plays_count_apply()`.execute(
    db,
  );
  await sql`create trigger plays_count_ad after delete on plays referencing old table as old_plays for each statement execute function plays_count_apply()`.execute(
    db,
  );
  await sql`create trigger plays_count_au after update on plays referencing old table as old_plays new table as new_plays for each statement execute function plays_count_apply()`.execute(
    db,
  );
}
