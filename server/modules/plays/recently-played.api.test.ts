import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import {
  createArtist,
  createSong,
  createUser,
  recordPlays,
} from '../../../tests/helpers/factories.ts';
import { RECENTLY_PLAYED_LIMIT } from './plays.service.ts';

describe('GET /api/me/recently-played', () => {
  let t: TestContext;
  let artistId: number;

  beforeAll(async () => {
    t = await createTestApp();
    artistId = (await createArtist(t.deps)).id;
  });
  afterAll(() => t.close());

  const recent = (token?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/me/recently-played',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const song = async () => (await createSong(t.deps, { artistIds: [artistId] })).id;
  /** One counted play of `songId` by `userId`, `agoMs` ago. */
  const played = (songId: number, userId: number, agoMs: number) =>
    recordPlays(t.deps, songId, 1, { agoMs, userId, listener: () => `u:${userId}` });

  it('asks a visitor to log in', async () => {
    const response = await recent();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Please log in to continue' });
  });

  it("lists the caller's songs once each, the most recently played first", async () => {
    const user = await createUser(t.deps);
    const [a, b, c] = [await song(), await song(), await song()];
    await played(a, user.id, 50_000);
    await played(b, user.id, 40_000);
    await played(c, user.id, 30_000);
    // `a` again, most recently of all: it moves to the top and is listed once.
    await played(a, user.id, 10_000);
    const response = await recent(user.token);
    expect(response.statusCode).toBe(200);
    const items = response.json().items as { _id: number; title: string; artist: unknown[] }[];
    expect(items.map((item) => item._id)).toEqual([a, c, b]);
    expect(items[0]!.artist).toHaveLength(1);
  });

  it("shows none of another listener's plays", async () => {
    const me = await createUser(t.deps);
    const other = await createUser(t.deps);
    const mine = await song();
    const theirs = await song();
    await played(mine, me.id, 20_000);
    await played(theirs, other.id, 10_000);
    // A visitor's play of the same song is not the caller's either.
    await recordPlays(t.deps, theirs, 1, { agoMs: 5_000, listener: () => 'a:someone' });
    const ids = (await recent(me.token)).json().items.map((item: { _id: number }) => item._id);
    expect(ids).toEqual([mine]);
    const fresh = await createUser(t.deps);
    expect((await recent(fresh.token)).json()).toEqual({ items: [] });
  });

  it('leaves out songs listeners may no longer play', async () => {
    const user = await createUser(t.deps);
    const shown = await song();
    const hidden = (await createSong(t.deps, { artistIds: [artistId], status: 'Inactive' })).id;
    const deleted = (await createSong(t.deps, { artistIds: [artistId], deleted: true })).id;
    await played(shown, user.id, 30_000);
    await played(hidden, user.id, 20_000);
    await played(deleted, user.id, 10_000);
    const ids = (await recent(user.token)).json().items.map((item: { _id: number }) => item._id);
    expect(ids).toEqual([shown]);
  });

  it(`lists at most ${RECENTLY_PLAYED_LIMIT} songs`, async () => {
    const user = await createUser(t.deps);
    for (let i = 0; i <= RECENTLY_PLAYED_LIMIT; i++) await played(await song(), user.id, 1_000 + i);
    const items = (await recent(user.token)).json().items;
    expect(items).toHaveLength(RECENTLY_PLAYED_LIMIT);
  });
});
