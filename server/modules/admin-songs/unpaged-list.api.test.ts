import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNPAGED_LIST_CAP } from '../../../contract/admin.ts';
import {
  createTestApp,
  SEEDING_WITHOUT_TIMEOUT,
  type TestContext,
  testDatabaseUrl,
} from '../../../tests/helpers/api-app.ts';
import {
  createArtist,
  createManySongs,
  createUser,
  type TestUser,
} from '../../../tests/helpers/factories.ts';

/**
 * On SQLite, more songs than it takes bound variables in one statement (32,766). PostgreSQL has
 * no such limit, so there two pages of the cap are enough.
 */
const SONGS = testDatabaseUrl ? 6_000 : 33_000;

describe('getAllSongs without limit on a large catalog', () => {
  let t: TestContext;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp(SEEDING_WITHOUT_TIMEOUT);
    admin = await createUser(t.deps, { role: 'admin' });
    const artist = await createArtist(t.deps);
    await createManySongs(t.deps, SONGS, artist.id);
  }, 120_000);
  afterAll(() => t.close());

  it('answers in full up to the cap, then pages of the cap', async () => {
    for (const headers of [{ authorization: `Bearer ${admin.token}` }, {}]) {
      const first = await t.app.inject({ url: '/api/admin/getAllSongs', headers });
      expect(first.statusCode).toBe(200);
      const body = first.json();
      expect(body.songs).toHaveLength(UNPAGED_LIST_CAP);
      expect(body).toMatchObject({ total: SONGS, page: 1, limit: UNPAGED_LIST_CAP, hasMore: true });
      // Each song in the original client's shape, its artists as objects.
      expect(body.songs[0]).toMatchObject({ title: `Bulk song ${SONGS}`, isDeleted: false });
      expect(body.songs[0].artist[0]).toHaveProperty('name');
    }
    const pages = Math.ceil(SONGS / UNPAGED_LIST_CAP);
    const last = (await t.app.inject({ url: `/api/admin/getAllSongs?page=${pages}` })).json();
    expect(last.songs).toHaveLength(SONGS - (pages - 1) * UNPAGED_LIST_CAP);
    expect(last).toMatchObject({ page: pages, hasMore: false });
    expect(last.songs.at(-1).title).toBe('Bulk song 1');
  });

  it('counts what anyone sees afresh after a song is deleted', async () => {
    const anyone = async () => (await t.app.inject({ url: '/api/admin/getAllSongs' })).json();
    const before = await anyone();
    const deleted = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/toggleDeleted/${before.songs[0]._id}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(deleted.json().song.isDeleted).toBe(true);
    const after = await anyone();
    expect(after.total).toBe(before.total - 1);
    expect(after.songs[0]._id).not.toBe(before.songs[0]._id);
  });
});
