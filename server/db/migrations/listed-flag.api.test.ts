import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import { createAlbum, createArtist, createSong } from '../../../tests/helpers/factories.ts';
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

/** Each album's flag, in the order given. */
async function albumFlags(...albumIds: number[]): Promise<number[]> {
  const rows = await ctx.deps.db
    .selectFrom('albums')
    .select(['id', 'listed'])
    .where('id', 'in', albumIds)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, Number(row.listed)]));
  return albumIds.map((id) => byId.get(id) ?? -1);
}

describe('albums.listed (migration 027)', () => {
  it('follows its songs, their moves and its artist', async () => {
    const db = ctx.deps.db;
    const owner = await createArtist(ctx.deps);
    const singer = await createArtist(ctx.deps);
    const first = (await createAlbum(ctx.deps, owner.id)).id;
    const second = (await createAlbum(ctx.deps, owner.id)).id;
    expect(await albumFlags(first, second)).toEqual([0, 0]);

    // Sung by another artist than the album's, so the two artists' paths can be told apart.
    const song = await createSong(ctx.deps, { artistIds: [singer.id], albumId: first });
    expect(await albumFlags(first, second)).toEqual([1, 0]);
    const setSong = (changes: { status?: 'Active' | 'Inactive'; is_deleted?: 0 | 1 }) =>
      db.updateTable('songs').set(changes).where('id', '=', song.id).execute();
    await setSong({ status: 'Inactive' });
    expect(await albumFlags(first)).toEqual([0]);
    await setSong({ status: 'Active' });
    await setSong({ is_deleted: 1 });
    expect(await albumFlags(first)).toEqual([0]);
    await setSong({ is_deleted: 0 });
    expect(await albumFlags(first)).toEqual([1]);

    // The singer disabled hides the song, and with it the album.
    await setDisabled(singer.id, 1);
    expect(await albumFlags(first)).toEqual([0]);
    await setDisabled(singer.id, 0);
    expect(await albumFlags(first)).toEqual([1]);
    // The album's own artist disabled hides the album, though its song stays listed.
    await setDisabled(owner.id, 1);
    expect(await albumFlags(first)).toEqual([0]);
    expect(await flags(song.id)).toEqual([1, 1]);
    await setDisabled(owner.id, 0);
    expect(await albumFlags(first)).toEqual([1]);

    // The song moves: the album it left is empty, the one it joined is listed.
    await db.updateTable('songs').set({ album_id: second }).where('id', '=', song.id).execute();
    expect(await albumFlags(first, second)).toEqual([0, 1]);
    // The album moves to a disabled artist, and back.
    const other = await createArtist(ctx.deps);
    await setDisabled(other.id, 1);
    const setOwner = (artistId: number) =>
      db.updateTable('albums').set({ artist_id: artistId }).where('id', '=', second).execute();
    await setOwner(other.id);
    expect(await albumFlags(second)).toEqual([0]);
    await setOwner(owner.id);
    expect(await albumFlags(second)).toEqual([1]);
    // The song deleted outright leaves its album empty.
    await db.deleteFrom('song_artists').where('song_id', '=', song.id).execute();
    await db.deleteFrom('songs').where('id', '=', song.id).execute();
    expect(await albumFlags(second)).toEqual([0]);
  });

  it('the refresh statements give the same flags as the triggers', async () => {
    const db = ctx.deps.db;
    const artist = await createArtist(ctx.deps);
    const full = (await createAlbum(ctx.deps, artist.id)).id;
    const empty = (await createAlbum(ctx.deps, artist.id)).id;
    await createSong(ctx.deps, { artistIds: [artist.id], albumId: full });
    await createSong(ctx.deps, { artistIds: [artist.id], albumId: empty, status: 'Inactive' });
    // Scramble the flags, as a bulk load with the triggers set aside would leave them.
    await db.updateTable('albums').set({ listed: 0 }).where('id', '=', full).execute();
    await db.updateTable('albums').set({ listed: 1 }).where('id', '=', empty).execute();
    for (const statement of REFRESH_LISTED) await sql.raw(statement).execute(db);
    expect(await albumFlags(full, empty)).toEqual([1, 0]);
  });
});
