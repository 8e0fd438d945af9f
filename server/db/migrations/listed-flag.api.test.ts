import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import { createArtist, createSong } from '../../../tests/helpers/factories.ts';
import { REFRESH_LISTED } from '../visibility.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

/** The song's flag and its credits' flags, as [song, ...credits by artist id]. */
async function flags(songId: number): Promise<number[]> {
  const db = ctx.deps.db;
  const song = await db
    .selectFrom('songs')
    .select('listed')
    .where('id', '=', songId)
    .executeTakeFirstOrThrow();
  const credits = await db
    .selectFrom('song_artists')
    .select('listed')
    .where('song_id', '=', songId)
    .orderBy('artist_id')
    .execute();
  return [Number(song.listed), ...credits.map((credit) => Number(credit.listed))];
}

const setDisabled = (artistId: number, disabled: 0 | 1) =>
  ctx.deps.db
    .updateTable('artists')
    .set({ is_disabled: disabled })
    .where('id', '=', artistId)
    .execute();

describe('songs.listed and song_artists.listed (migration 008)', () => {
  it('follow status, deletion, credits and disabled artists', async () => {
    const db = ctx.deps.db;
    const first = await createArtist(ctx.deps);
    const second = await createArtist(ctx.deps);
    const song = await createSong(ctx.deps, { artistIds: [first.id, second.id] });
    expect(await flags(song.id)).toEqual([1, 1, 1]);

    await db.updateTable('songs').set({ status: 'Inactive' }).where('id', '=', song.id).execute();
    expect(await flags(song.id)).toEqual([0, 0, 0]);
    await db.updateTable('songs').set({ status: 'Active' }).where('id', '=', song.id).execute();
    expect(await flags(song.id)).toEqual([1, 1, 1]);

    await db.updateTable('songs').set({ is_deleted: 1 }).where('id', '=', song.id).execute();
    expect(await flags(song.id)).toEqual([0, 0, 0]);
    await db.updateTable('songs').set({ is_deleted: 0 }).where('id', '=', song.id).execute();
    expect(await flags(song.id)).toEqual([1, 1, 1]);

    // One disabled credited artist hides the song from everyone, under both credits.
    await setDisabled(second.id, 1);
    expect(await flags(song.id)).toEqual([0, 0, 0]);
    // A status change while the artist is disabled keeps it hidden.
    await db.updateTable('songs').set({ title: 'Renamed' }).where('id', '=', song.id).execute();
    await db.updateTable('songs').set({ status: 'Active' }).where('id', '=', song.id).execute();
    expect(await flags(song.id)).toEqual([0, 0, 0]);

    // Taking the disabled artist off the credits lists it again.
    await db
      .deleteFrom('song_artists')
      .where('song_id', '=', song.id)
      .where('artist_id', '=', second.id)
      .execute();
    expect(await flags(song.id)).toEqual([1, 1]);

    // Crediting a disabled artist hides it; enabling that artist lists it.
    await db
      .insertInto('song_artists')
      .values({ song_id: song.id, artist_id: second.id, position: 1 })
      .execute();
    expect(await flags(song.id)).toEqual([0, 0, 0]);
    await setDisabled(second.id, 0);
    expect(await flags(song.id)).toEqual([1, 1, 1]);

    // A song added inactive starts unlisted and its credits follow.
    const hidden = await createSong(ctx.deps, { artistIds: [first.id], status: 'Inactive' });
    expect(await flags(hidden.id)).toEqual([0, 0]);
  });

  it('the refresh statements give the same flags as the triggers', async () => {
    const db = ctx.deps.db;
    const artist = await createArtist(ctx.deps);
    const shown = await createSong(ctx.deps, { artistIds: [artist.id] });
    const hidden = await createSong(ctx.deps, { artistIds: [artist.id], status: 'Inactive' });
    // Scramble the flags, as a bulk load with the triggers set aside would leave them.
    await db.updateTable('songs').set({ listed: 0 }).where('id', '=', shown.id).execute();
    await db
      .updateTable('song_artists')
      .set({ listed: 1 })
      .where('song_id', '=', hidden.id)
      .execute();
    expect(await flags(shown.id)).toEqual([0, 0]);
    expect(await flags(hidden.id)).toEqual([0, 1]);
    for (const statement of REFRESH_LISTED) await sql.raw(statement).execute(db);
    expect(await flags(shown.id)).toEqual([1, 1]);
    expect(await flags(hidden.id)).toEqual([0, 0]);
  });
});
