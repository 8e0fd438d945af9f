import type { TObject } from '@sinclair/typebox';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OriginalClientSong, Song } from '../../../contract/catalog.ts';
import {
  ArtistDetail,
  ArtistSongsCompat,
  OriginalClientArtist,
} from '../../../contract/listening.ts';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import {
  createAlbum,
  createArtist,
  createSong,
  createUser,
  recordPlays,
} from '../../../tests/helpers/factories.ts';
import { RANKING_CACHE_MS } from '../../services.ts';

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

  it('serves both shapes of the page exactly as their schemas describe, built and cached alike', async () => {
    const artist = await createArtist(t.deps);
    const guest = await createArtist(t.deps);
    const album = await createAlbum(t.deps, artist.id);
    await createSong(t.deps, { artistIds: [artist.id, guest.id], albumId: album.id });
    await createSong(t.deps, { artistIds: [artist.id], title: 'Line "two"\n\u2028 é' });
    const fan = await createUser(t.deps);
    const get = async (url: string, token?: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      return response.json();
    };
    const ajv = new Ajv({ strict: false });
    const isPage = ajv.compile(ArtistDetail);
    const isCompat = ajv.compile(ArtistSongsCompat);
    /** Exactly the schema's fields (the optional ones only when `present` says). */
    const hasFields = (schema: TObject, value: object, present: string[] = []) =>
      expect(Object.keys(value).sort()).toEqual(
        Object.keys(schema.properties)
          .filter((key) => schema.required?.includes(key) || present.includes(key))
          .sort(),
      );

    for (const following of [false, true]) {
      if (following) {
        const follow = await t.app.inject({
          method: 'PUT',
          url: `/api/artists/${artist.id}/follow`,
          headers: { authorization: `Bearer ${fan.token}` },
        });
        expect(follow.statusCode).toBeLessThan(300);
      }
      for (const visit of ['built or refreshed', 'cached']) {
        const page = await get(`/api/artists/${artist.id}`, fan.token);
        expect(isPage(page), visit).toBe(true);
        hasFields(ArtistDetail, page);
        for (const song of page.songs) hasFields(Song, song);
        expect(page.following).toBe(following);
        expect(page.followers).toBe(following ? 1 : 0);
        expect(page.songs.map((song: { title: string }) => song.title)).toContain(
          'Line "two"\n\u2028 é',
        );

        const compat = await get(`/api/user/getArtistSongById/${artist.id}`, fan.token);
        expect(isCompat(compat), visit).toBe(true);
        hasFields(OriginalClientArtist, compat.data.artist, following ? ['followers'] : []);
        for (const song of compat.data.songs) hasFields(OriginalClientSong, song);
        expect(compat.data.artist.following).toBe(following);
        expect(compat.data.songs).toEqual(compat.data.artist.songs);
        expect(compat.data.songs.map((song: { _id: number }) => song._id)).toEqual(
          page.songs.map((song: { _id: number }) => song._id),
        );
      }
    }
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

  it('takes up new plays, their order and monthly listeners once the ranking window has passed', async () => {
    const artist = await createArtist(t.deps);
    const older = await createSong(t.deps, { artistIds: [artist.id], title: 'Older' });
    await createSong(t.deps, { artistIds: [artist.id], title: 'Newer' });
    const titles = (body: { songs: { title: string }[] }) => body.songs.map((song) => song.title);
    expect(titles(await page(artist.id))).toEqual(['Newer', 'Older']);

    await recordPlays(t.deps, older.id, 3, { listener: (i) => `k:${i}` });
    // Within the window the page is served as built (as the home rankings are).
    const kept = await page(artist.id);
    expect(titles(kept)).toEqual(['Newer', 'Older']);
    expect(kept.monthlyListeners).toBe(0);

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + RANKING_CACHE_MS + 1000);
      const fresh = await page(artist.id);
      expect(titles(fresh)).toEqual(['Older', 'Newer']);
      expect(fresh.songs[0].plays).toBe(3);
      expect(fresh.monthlyListeners).toBe(3);
      expect(fresh.songCount).toBe(2);
      // The refreshed page is what is cached: the next request, within the window, shows the same.
      const again = await page(artist.id);
      expect(titles(again)).toEqual(['Older', 'Newer']);
      expect(again.songs[0].plays).toBe(3);
      expect(again.monthlyListeners).toBe(3);
      // A refresh that finds nothing moved serves the page as it was.
      vi.setSystemTime(Date.now() + RANKING_CACHE_MS + 1000);
      const unmoved = await page(artist.id);
      expect(titles(unmoved)).toEqual(['Older', 'Newer']);
      expect(unmoved.songs[0].plays).toBe(3);
      await recordPlays(t.deps, older.id, 1, { listener: () => 'k:new' });
      vi.setSystemTime(Date.now() + RANKING_CACHE_MS + 1000);
      const moved = await page(artist.id);
      expect(moved.songs[0].plays).toBe(4);
      expect(moved.monthlyListeners).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });
});
