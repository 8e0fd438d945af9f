import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import {
  createArtist,
  createSong,
  createUser,
  type TestUser,
} from '../../../tests/helpers/factories.ts';

describe('liked songs', () => {
  let t: TestContext;
  let listener: TestUser;
  let other: TestUser;
  let songs: { id: number; title: string }[];

  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, user: TestUser | null) =>
    t.app.inject({
      method,
      url,
      headers: user ? { authorization: `Bearer ${user.token}` } : {},
    });

  beforeAll(async () => {
    t = await createTestApp();
    listener = await createUser(t.deps);
    other = await createUser(t.deps);
    const artist = await createArtist(t.deps);
    songs = [];
    for (let i = 0; i < 3; i++) songs.push(await createSong(t.deps, { artistIds: [artist.id] }));
  });
  afterAll(() => t.close());

  it('likes songs once each, lists them newest first, and keeps them per listener', async () => {
    for (const song of [songs[0]!, songs[1]!, songs[0]!]) {
      const response = await call('PUT', `/api/songs/${song.id}/like`, listener);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ songId: song.id, liked: true });
    }
    const list = (await call('GET', '/api/me/likes', listener)).json();
    expect(list.total).toBe(2);
    expect(list.items.map((song: { _id: number }) => song._id).sort()).toEqual(
      [songs[0]!.id, songs[1]!.id].sort(),
    );
    expect(list.items[0]).toHaveProperty('url');
    expect((await call('GET', '/api/me/likes/ids', listener)).json().ids.sort()).toEqual(
      [songs[0]!.id, songs[1]!.id].sort(),
    );
    expect((await call('GET', '/api/me/likes', other)).json()).toEqual({ items: [], total: 0 });
  });

  it('unlikes, and unliking twice is fine', async () => {
    await call('PUT', `/api/songs/${songs[2]!.id}/like`, other);
    for (let i = 0; i < 2; i++) {
      const response = await call('DELETE', `/api/songs/${songs[2]!.id}/like`, other);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ songId: songs[2]!.id, liked: false });
    }
    expect((await call('GET', '/api/me/likes/ids', other)).json().ids).toEqual([]);
  });

  it('refuses visitors, unknown songs and hidden songs', async () => {
    expect((await call('PUT', `/api/songs/${songs[0]!.id}/like`, null)).statusCode).toBe(401);
    expect((await call('GET', '/api/me/likes', null)).statusCode).toBe(401);
    expect((await call('PUT', '/api/songs/999999/like', listener)).statusCode).toBe(404);
    const artist = await createArtist(t.deps);
    const hidden = await createSong(t.deps, { artistIds: [artist.id], status: 'Inactive' });
    expect((await call('PUT', `/api/songs/${hidden.id}/like`, listener)).statusCode).toBe(404);
    expect((await call('PUT', '/api/songs/abc/like', listener)).statusCode).toBe(400);
  });

  it('drops a liked song from the list once it is deleted', async () => {
    const artist = await createArtist(t.deps);
    const song = await createSong(t.deps, { artistIds: [artist.id] });
    const user = await createUser(t.deps);
    await call('PUT', `/api/songs/${song.id}/like`, user);
    await t.deps.db.updateTable('songs').set({ is_deleted: 1 }).where('id', '=', song.id).execute();
    expect((await call('GET', '/api/me/likes', user)).json().total).toBe(0);
  });
});
