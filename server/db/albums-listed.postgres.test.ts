import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../tests/helpers/api-app.ts';
import { type DatabaseHandle, migrate, openDatabase } from './database.ts';

// Collected only for the PostgreSQL run of the API suite (vitest.config.ts).
const url = testDatabaseUrl!;
const schema = `t_${randomBytes(6).toString('hex')}`;

/** A connection of its own, in the test's schema, for a transaction held open across steps. */
async function session(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  return client;
}

/** Whether the query is still waiting (for a lock) after `ms`. */
async function stillWaiting(query: Promise<unknown>, ms: number): Promise<boolean> {
  const waited = new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), ms));
  return (await Promise.race([query.then(() => 'done'), waited])) === 'waiting';
}

/**
 * Two transactions at once: the first runs `first`, the second sends `second`, which must wait
 * for the first's locks; the first then runs `thenFirst` and commits, and the second finishes.
 */
async function secondWaitsForFirst(
  first: string[],
  second: string,
  thenFirst: string[] = [],
): Promise<void> {
  const [one, two] = [await session(), await session()];
  try {
    await one.query('begin');
    for (const statement of first) await one.query(statement);
    await two.query('begin');
    const waiting = two.query(second);
    expect(await stillWaiting(waiting, 300)).toBe(true);
    for (const statement of thenFirst) await one.query(statement);
    await one.query('commit');
    await waiting;
    await two.query('commit');
  } finally {
    await Promise.all([one.end(), two.end()]);
  }
}

/**
 * albums.listed (migration 027) under transactions at once, as two instances or two requests
 * of one instance write: the flag must end as the committed songs say, and songs going into one
 * album at once must not deadlock.
 */
describe('albums.listed with transactions at once on PostgreSQL', () => {
  let handle: DatabaseHandle;
  let artistId: number;

  beforeAll(async () => {
    handle = await openDatabase({ url, dataDir: '.', pgSchema: schema });
    await migrate(handle);
    const at = new Date().toISOString();
    const artist = await sql<{
      id: number;
    }>`insert into artists (name, description, is_disabled, verified, created_at, updated_at)
      values ('Lantern Field', '', 0, 0, ${at}, ${at}) returning id`.execute(handle.db);
    artistId = artist.rows[0]!.id;
  });
  afterAll(async () => {
    await sql.raw(`drop schema ${schema} cascade`).execute(handle.db);
    await handle.close();
  });

  const newAlbum = async (title: string) => {
    const at = new Date().toISOString();
    const row = await sql<{ id: number }>`insert into albums (title, artist_id, year, created_at)
      values (${title}, ${artistId}, 2024, ${at}) returning id`.execute(handle.db);
    return row.rows[0]!.id;
  };
  const songInsert = (albumId: number) => {
    const at = new Date().toISOString();
    return `insert into songs (title, genre, duration, status, is_deleted, audio_key, audio_mime, audio_size, album_id, created_at, updated_at)
      values ('Song', 'Pop', 2, 'Active', 0, 'k', 'audio/mpeg', 10, ${albumId}, '${at}', '${at}') returning id`;
  };
  const listed = async (albumId: number) => {
    const row = await sql<{
      listed: number;
    }>`select listed from albums where id = ${albumId}`.execute(handle.db);
    return Number(row.rows[0]!.listed);
  };

  it('ends unlisted when two transactions hide its last two songs at once', async () => {
    const albumId = await newAlbum('Two Songs');
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      ids.push((await sql.raw<{ id: number }>(songInsert(albumId)).execute(handle.db)).rows[0]!.id);
    }
    expect(await listed(albumId)).toBe(1);
    // The second waits for the first's lock on the album, then sees its song hidden.
    await secondWaitsForFirst(
      [`update songs set status = 'Inactive' where id = ${ids[0]}`],
      `update songs set status = 'Inactive' where id = ${ids[1]}`,
    );
    expect(await listed(albumId)).toBe(0);
  });

  it('takes songs into one album from transactions at once without a deadlock', async () => {
    const albumId = await newAlbum('Many Hands');
    const sessions = await Promise.all([session(), session(), session()]);
    try {
      // Each already holds the share of the album that a foreign-key check leaves (a song put
      // in it earlier in the transaction, say); each then adds a song, at once.
      for (const client of sessions) {
        await client.query('begin');
        await client.query(`select 1 from albums where id = ${albumId} for key share`);
      }
      const inserts = sessions.map(async (client) => {
        await client.query(songInsert(albumId));
        await client.query(songInsert(albumId));
        await client.query('commit');
      });
      await Promise.all(inserts);
    } finally {
      await Promise.all(sessions.map((client) => client.end()));
    }
    expect(await listed(albumId)).toBe(1);
    const count = await sql<{
      n: number;
    }>`select count(*)::int as n from songs where album_id = ${albumId}`.execute(handle.db);
    expect(count.rows[0]!.n).toBe(6);
  });

  it('ends as its songs say when its artist is enabled while its last song is hidden', async () => {
    const at = new Date().toISOString();
    const owner = await sql<{
      id: number;
    }>`insert into artists (name, description, is_disabled, verified, created_at, updated_at)
      values ('Quiet Owner', '', 1, 0, ${at}, ${at}) returning id`.execute(handle.db);
    const ownerId = owner.rows[0]!.id;
    const album = await sql<{ id: number }>`insert into albums (title, artist_id, year, created_at)
      values ('Lent Voice', ${ownerId}, 2024, ${at}) returning id`.execute(handle.db);
    const albumId = album.rows[0]!.id;
    // Sung by the enabled artist, so the song is listed while the album's owner is disabled.
    const song = (await sql.raw<{ id: number }>(songInsert(albumId)).execute(handle.db)).rows[0]!
      .id;
    await sql`insert into song_artists (song_id, artist_id, position) values (${song}, ${artistId}, 0)`.execute(
      handle.db,
    );
    expect(await listed(albumId)).toBe(0);
    await secondWaitsForFirst(
      [`update songs set status = 'Inactive' where id = ${song}`],
      `update artists set is_disabled = 0 where id = ${ownerId}`,
    );
    expect(await listed(albumId)).toBe(0);
  });

  it('takes a song into an album without a deadlock while another writer holds the catalog version', async () => {
    const renamed = await newAlbum('Old Name');
    const albumId = await newAlbum('Shared Shelf');
    await secondWaitsForFirst(
      // Any catalog write holds the version's row until it commits.
      [`update albums set title = 'New Name' where id = ${renamed}`],
      songInsert(albumId),
      // The first writer then adds to the album the second is adding to.
      [songInsert(albumId)],
    );
    const count = await sql<{
      n: number;
    }>`select count(*)::int as n from songs where album_id = ${albumId}`.execute(handle.db);
    expect(count.rows[0]!.n).toBe(2);
    expect(await listed(albumId)).toBe(1);
  });
});
