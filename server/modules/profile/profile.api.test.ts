import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import {
  createArtist,
  createSong,
  createUser,
  recordPlays,
  type TestUser,
} from '../../../tests/helpers/factories.ts';

const DAY = 86_400_000;

describe('profile', () => {
  let t: TestContext;

  const call = (
    url: string,
    user: TestUser | null,
    method: 'GET' | 'POST' = 'GET',
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: user ? { authorization: `Bearer ${user.token}` } : {},
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('shows the listener’s own name and counts only public playlists', async () => {
    const user = await createUser(t.deps, { name: 'Paula Profile' });
    for (const [name, isPublic] of [
      ['One', true],
      ['Two', true],
      ['Hidden', false],
    ] as const) {
      await call('/api/user/addPlaylist', user, 'POST', { name, isPublic });
    }
    const response = await call('/api/me/profile', user);
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(profile.user).toEqual({ _id: user.id, name: 'Paula Profile' });
    expect(profile.publicPlaylistCount).toBe(2);
    expect(profile.publicPlaylists.map((p: { name: string }) => p.name).sort()).toEqual([
      'One',
      'Two',
    ]);
    expect(profile.publicPlaylists[0].creator.name).toBe('Paula Profile');
    expect((await call('/api/me/profile', null)).statusCode).toBe(401);
  });

  it('ranks the listener’s own plays of the last 30 days, ignoring older plays and others', async () => {
    const user = await createUser(t.deps);
    const someoneElse = await createUser(t.deps);
    const favourite = await createArtist(t.deps, { name: 'Favourite Band' });
    const second = await createArtist(t.deps, { name: 'Second Band' });
    const old = await createArtist(t.deps, { name: 'Old Flame' });
    const top = await createSong(t.deps, { artistIds: [favourite.id], title: 'Most played' });
    const next = await createSong(t.deps, { artistIds: [second.id], title: 'Played twice' });
    const stale = await createSong(t.deps, { artistIds: [old.id], title: 'Long ago' });
    await recordPlays(t.deps, top.id, 5, { userId: user.id, listener: () => `u:${user.id}` });
    await recordPlays(t.deps, next.id, 2, { userId: user.id, listener: () => `u:${user.id}` });
    await recordPlays(t.deps, stale.id, 20, {
      userId: user.id,
      agoMs: 40 * DAY,
      listener: () => `u:${user.id}`,
    });
    await recordPlays(t.deps, stale.id, 50, { userId: someoneElse.id });
    const profile = (await call('/api/me/profile', user)).json();
    expect(profile.topSource).toBe('plays');
    expect(profile.topTracks.map((song: { title: string }) => song.title)).toEqual([
      'Most played',
      'Played twice',
    ]);
    expect(profile.topArtists.map((artist: { name: string }) => artist.name)).toEqual([
      'Favourite Band',
      'Second Band',
    ]);
  });

  it('falls back to what everyone plays, then the catalog, for a listener without plays', async () => {
    const user = await createUser(t.deps);
    for (let i = 0; i < 5; i++) {
      const artist = await createArtist(t.deps, { name: `Newcomer ${i}` });
      await createSong(t.deps, { artistIds: [artist.id], title: `Fresh ${i}` });
    }
    const profile = (await call('/api/me/profile', user)).json();
    expect(profile.topSource).toBe('catalog');
    expect(profile.topTracks).toHaveLength(5);
    expect(profile.topArtists).toHaveLength(5);
    // Everyone's most played song this month ('Long ago' by someone else) leads.
    expect(profile.topTracks[0].title).toBe('Long ago');
    expect(profile.topArtists[0].name).toBe('Old Flame');
    // The rest comes from the newest of the catalog.
    expect(profile.topTracks.map((song: { title: string }) => song.title)).toEqual([
      'Long ago',
      'Most played',
      'Played twice',
      'Fresh 4',
      'Fresh 3',
    ]);
    expect(profile.topArtists.map((artist: { name: string }) => artist.name)).toContain(
      'Newcomer 4',
    );
  });

  it('lists followed artists for the library, most recent first', async () => {
    const user = await createUser(t.deps);
    const a = await createArtist(t.deps, { name: 'Followed A' });
    const b = await createArtist(t.deps, { name: 'Followed B' });
    const off = await createArtist(t.deps, { name: 'Switched off', disabled: true });
    const now = Date.now();
    await t.deps.db
      .insertInto('follows')
      .values([
        { user_id: user.id, artist_id: a.id, created_at: new Date(now - 2000).toISOString() },
        { user_id: user.id, artist_id: b.id, created_at: new Date(now - 1000).toISOString() },
        { user_id: user.id, artist_id: off.id, created_at: new Date(now).toISOString() },
      ])
      .execute();
    const response = await call('/api/me/library/artists', user);
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((artist: { name: string }) => artist.name)).toEqual([
      'Followed B',
      'Followed A',
    ]);
    expect((await call('/api/me/library/artists', null)).statusCode).toBe(401);
  });
});
