import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import {
  createArtist,
  createSong,
  createUser,
  recordPlays,
  type TestUser,
} from '../../../tests/helpers/factories.ts';
import { changePercent } from './admin-dashboard.service.ts';

const DAY = 86_400_000;

describe('admin dashboard', () => {
  let t: TestContext;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.deps, { role: 'admin' });
    await createUser(t.deps, { premium: true });
    await createUser(t.deps, { blocked: true });
    const artist = await createArtist(t.deps);
    await createArtist(t.deps, { disabled: true });
    const song = await createSong(t.deps, { artistIds: [artist.id] });
    await createSong(t.deps, { artistIds: [artist.id], deleted: true });
    await recordPlays(t.deps, song.id, 6, { agoMs: 2 * DAY });
    await recordPlays(t.deps, song.id, 4, { agoMs: 40 * DAY });
    await recordPlays(t.deps, song.id, 3, { agoMs: 90 * DAY });
  });
  afterAll(() => t.close());

  it('gives the real figures', async () => {
    const response = await t.app.inject({
      url: '/api/admin/stats',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      // Listeners, as the users page counts them: not the administrator.
      totalUsers: 2,
      premiumUsers: 1,
      blockedUsers: 1,
      totalSongs: 1,
      totalArtists: 2,
      songsPlayed: { total: 13, last30Days: 6, previous30Days: 4, changePercent: 50 },
    });
  });

  it('is for administrators only', async () => {
    const listener = await createUser(t.deps);
    expect((await t.app.inject({ url: '/api/admin/stats' })).statusCode).toBe(401);
    const refused = await t.app.inject({
      url: '/api/admin/stats',
      headers: { authorization: `Bearer ${listener.token}` },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('computes the change against the previous period', () => {
    expect(changePercent(6, 4)).toBe(50);
    expect(changePercent(1, 3)).toBe(-66.7);
    expect(changePercent(5, 0)).toBeNull();
  });
});
