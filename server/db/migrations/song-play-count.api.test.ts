import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import { createArtist, createSong, recordPlays } from '../../../tests/helpers/factories.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

async function playCount(songId: number): Promise<number> {
  const row = await ctx.deps.db
    .selectFrom('songs')
    .select('play_count')
    .where('id', '=', songId)
    .executeTakeFirstOrThrow();
  return Number(row.play_count);
}

describe('songs.play_count (migration 004)', () => {
  it('follows plays as they are inserted one by one and in bulk, moved and deleted', async () => {
    const artist = await createArtist(ctx.deps);
    const a = await createSong(ctx.deps, { artistIds: [artist.id] });
    const b = await createSong(ctx.deps, { artistIds: [artist.id] });
    expect(await playCount(a.id)).toBe(0);

    await recordPlays(ctx.deps, a.id, 1);
    await recordPlays(ctx.deps, a.id, 5);
    await recordPlays(ctx.deps, b.id, 2);
    expect(await playCount(a.id)).toBe(6);
    expect(await playCount(b.id)).toBe(2);

    const moved = await ctx.deps.db
      .selectFrom('plays')
      .select('id')
      .where('song_id', '=', a.id)
      .limit(2)
      .execute();
    await ctx.deps.db
      .updateTable('plays')
      .set({ song_id: b.id })
      .where(
        'id',
        'in',
        moved.map((row) => row.id),
      )
      .execute();
    expect(await playCount(a.id)).toBe(4);
    expect(await playCount(b.id)).toBe(4);

    await ctx.deps.db.deleteFrom('plays').where('song_id', '=', a.id).execute();
    expect(await playCount(a.id)).toBe(0);
    expect(await playCount(b.id)).toBe(4);
  });

  it('counts the same plays the plays table holds, song by song', async () => {
    const artist = await createArtist(ctx.deps);
    const songs = await Promise.all(
      [3, 0, 7].map(async (n) => {
        const song = await createSong(ctx.deps, { artistIds: [artist.id] });
        await recordPlays(ctx.deps, song.id, n);
        return song;
      }),
    );
    const counted = await ctx.deps.db
      .selectFrom('plays')
      .select(['song_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where(
        'song_id',
        'in',
        songs.map((song) => song.id),
      )
      .groupBy('song_id')
      .execute();
    const expected = new Map(counted.map((row) => [row.song_id, Number(row.n)]));
    for (const song of songs) expect(await playCount(song.id)).toBe(expected.get(song.id) ?? 0);
  });
});
