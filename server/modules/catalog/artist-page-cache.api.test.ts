import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import {
  createArtist,
  createSong,
  createUser,
  recordPlays,
} from '../../../tests/helpers/factories.ts';

describe('artist pages kept between catalog changes', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const page = async (id: number, token?: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/artists/${id}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('shows a new song, a hidden song and a follow at once', async () => {
    const artist = await createArtist(t.deps);
    const first = await createSong(t.deps, { artistIds: [artist.id], title: 'First light' });
    expect((await page(artist.id)).songs.map((song: { title: string }) => song.title)).toEqual([
      'First light',
    ]);

    await createSong(t.deps, { artistIds: [artist.id], title: 'Second wind' });
    expect((await page(artist.id)).songs).toHaveLength(2);

    await t.deps.db
      .updateTable('songs')
      .set({ is_deleted: 1 })
      .where('id', '=', first.id)
      .execute();
    expect((await page(artist.id)).songs.map((song: { title: string }) => song.title)).toEqual([
      'Second wind',
    ]);

    const fan = await createUser(t.deps);
    const follow = await t.app.inject({
      method: 'PUT',
      url: `/api/artists/${artist.id}/follow`,
      headers: { authorization: `Bearer ${fan.token}` },
    });
    expect(follow.statusCode).toBeLessThan(300);
    const seen = await page(artist.id, fan.token);
    expect(seen.followers).toBe(1);
    expect(seen.following).toBe(true);
    expect((await page(artist.id)).following).toBe(false);
  });

  it('answers 404 as soon as the artist is disabled', async () => {
    const artist = await createArtist(t.deps);
    const song = await createSong(t.deps, { artistIds: [artist.id] });
    await recordPlays(t.deps, song.id, 3);
    await page(artist.id);
    await t.deps.db
      .updateTable('artists')
      .set({ is_disabled: 1 })
      .where('id', '=', artist.id)
      .execute();
    const response = await t.app.inject({ method: 'GET', url: `/api/artists/${artist.id}` });
    expect(response.statusCode).toBe(404);
  });
});
