import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import {
  createAlbum,
  createArtist,
  createPlaylist,
  createSong,
  createUser,
  recordPlays,
} from '../../../tests/helpers/factories.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

async function catalogState(): Promise<{ version: number; changedAt: number }> {
  const row = await ctx.deps.db
    .selectFrom('catalog_version')
    .select(['version', 'changed_at'])
    .executeTakeFirstOrThrow();
  return { version: Number(row.version), changedAt: Number(row.changed_at) };
}

async function version(): Promise<number> {
  return (await catalogState()).version;
}

/**
 * Runs `change` and tells whether the catalog version moved; its time (migration 024) moves on
 * with it, strictly, and stays put without it.
 */
async function moves(change: () => Promise<unknown>): Promise<boolean> {
  const before = await catalogState();
  await change();
  const after = await catalogState();
  const moved = after.version > before.version;
  if (moved) expect(after.changedAt).toBeGreaterThan(before.changedAt);
  else expect(after.changedAt).toBe(before.changedAt);
  return moved;
}

describe('catalog_version (migrations 005, 006, 024)', () => {
  it('holds when the catalog last changed, in milliseconds since 1970', async () => {
    await createArtist(ctx.deps);
    const { changedAt } = await catalogState();
    // Within a minute of this machine's clock (a bulk change may run it a little ahead).
    expect(Math.abs(changedAt - Date.now())).toBeLessThan(60_000);
  });

  it('moves with every change to songs, albums, artists and credits', async () => {
    const db = ctx.deps.db;
    let artistId = 0;
    let albumId = 0;
    let songId = 0;
    expect(
      await moves(async () => {
        artistId = (await createArtist(ctx.deps)).id;
      }),
    ).toBe(true);
    expect(
      await moves(async () => {
        albumId = (await createAlbum(ctx.deps, artistId)).id;
      }),
    ).toBe(true);
    expect(
      await moves(async () => {
        songId = (await createSong(ctx.deps, { artistIds: [artistId], albumId })).id;
      }),
    ).toBe(true);
    expect(
      await moves(() =>
        db.updateTable('songs').set({ title: 'New title' }).where('id', '=', songId).execute(),
      ),
    ).toBe(true);
    expect(
      await moves(() =>
        db.updateTable('albums').set({ title: 'New album' }).where('id', '=', albumId).execute(),
      ),
    ).toBe(true);
    expect(
      await moves(() =>
        db.updateTable('artists').set({ is_disabled: 1 }).where('id', '=', artistId).execute(),
      ),
    ).toBe(true);
    const other = await createArtist(ctx.deps);
    expect(
      await moves(() =>
        db
          .insertInto('song_artists')
          .values({ song_id: songId, artist_id: other.id, position: 1 })
          .execute(),
      ),
    ).toBe(true);
    expect(
      await moves(() =>
        db
          .deleteFrom('song_artists')
          .where('song_id', '=', songId)
          .where('artist_id', '=', other.id)
          .execute(),
      ),
    ).toBe(true);

    expect(await moves(() => db.deleteFrom('songs').where('id', '=', songId).execute())).toBe(true);
  });

  it('leaves playlist songs to the playlist’s own songs_version, which moves with each change', async () => {
    const db = ctx.deps.db;
    const artist = await createArtist(ctx.deps);
    const songIds = [
      (await createSong(ctx.deps, { artistIds: [artist.id] })).id,
      (await createSong(ctx.deps, { artistIds: [artist.id] })).id,
    ];
    const owner = await createUser(ctx.deps);
    const now = new Date().toISOString();
    const makePlaylist = async () => (await createPlaylist(ctx.deps, owner.id, { name: 'P' })).id;
    const mine = await makePlaylist();
    const other = await makePlaylist();
    const songsVersion = async (id: number) =>
      Number(
        (
          await db
            .selectFrom('playlists')
            .select('songs_version')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).songs_version,
      );
    /** Runs `change`; tells whether `mine` moved, checking the catalog and `other` did not. */
    const movesMine = async (change: () => Promise<unknown>) => {
      const [before, otherBefore, catalogBefore] = [
        await songsVersion(mine),
        await songsVersion(other),
        await version(),
      ];
      await change();
      expect(await songsVersion(other)).toBe(otherBefore);
      expect(await version()).toBe(catalogBefore);
      return (await songsVersion(mine)) > before;
    };
    expect(
      await movesMine(() =>
        db
          .insertInto('playlist_songs')
          .values(
            songIds.map((songId, position) => ({
              playlist_id: mine,
              song_id: songId,
              position,
              added_at: now,
            })),
          )
          .execute(),
      ),
    ).toBe(true);
    expect(
      await movesMine(() =>
        db
          .updateTable('playlist_songs')
          .set((eb) => ({ position: eb('position', '+', 1) }))
          .where('playlist_id', '=', mine)
          .execute(),
      ),
    ).toBe(true);
    expect(
      await movesMine(() =>
        db
          .deleteFrom('playlist_songs')
          .where('playlist_id', '=', mine)
          .where('song_id', '=', songIds[0]!)
          .execute(),
      ),
    ).toBe(true);
    expect(await movesMine(() => recordPlays(ctx.deps, songIds[1]!, 2))).toBe(false);
    // Deleting a playlist takes its songs with it.
    await db.deleteFrom('playlists').where('id', '=', mine).execute();
    expect(
      await db
        .selectFrom('playlist_songs')
        .select('song_id')
        .where('playlist_id', '=', mine)
        .execute(),
    ).toEqual([]);
  });

  it('stays put when only plays are recorded', async () => {
    const artist = await createArtist(ctx.deps);
    const song = await createSong(ctx.deps, { artistIds: [artist.id] });
    expect(await moves(() => recordPlays(ctx.deps, song.id, 3))).toBe(false);
    expect(await moves(() => recordPlays(ctx.deps, song.id, 1))).toBe(false);
  });
});
