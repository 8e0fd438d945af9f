import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import {
  createAlbum,
  createArtist,
  createSong,
  createUser,
} from '../../../tests/helpers/factories.ts';

/** More albums than the cards' share of a 1 MiB CACHE_MB holds. */
const ALBUMS = 300;

describe("the Subsonic caches' budgets", () => {
  let t: TestContext;
  let apiKey: string;
  const call = async (method: string, query = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/rest/${method}?apiKey=${apiKey}&f=json&v=1.16.1&c=test&${query}`,
    });
    const body = response.json()['subsonic-response'];
    expect(body.status).toBe('ok');
    return body;
  };

  beforeAll(async () => {
    t = await createTestApp({ CACHE_MB: '1' });
    const listener = await createUser(t.deps);
    apiKey = (await t.deps.services.appKeys.create(listener.id)).appKey;
    const artists = [];
    for (let i = 0; i < 5; i++) artists.push(await createArtist(t.deps, { name: `Band ${i}` }));
    for (let i = 0; i < ALBUMS; i++) {
      const artistId = artists[i % 5]!.id;
      const album = await createAlbum(t.deps, artistId, `Album ${i}`);
      await createSong(t.deps, { artistIds: [artistId], albumId: album.id });
    }
  });
  afterAll(() => t.close());

  it('keeps getArtists and the paging orders while album cards fill their own share', async () => {
    let listed = 0;
    for (let offset = 0; offset < ALBUMS; offset += 50) {
      const page = await call('getAlbumList2', `type=newest&size=50&offset=${offset}`);
      listed += page.albumList2.album.length;
    }
    expect(listed).toBe(ALBUMS);
    const { subsonicCards, subsonicCatalog } = t.deps.caches;
    // The cards filled theirs: some were let go to make room.
    expect(subsonicCards.used).toBeGreaterThan(subsonicCards.limit * 0.8);
    const before = subsonicCatalog.used;
    await call('getArtists');
    expect(subsonicCatalog.used).toBeGreaterThan(before);
    // More cards coming and going push none of it out.
    const held = subsonicCatalog.used;
    for (let offset = 0; offset < ALBUMS; offset += 50) {
      await call('getAlbumList2', `type=alphabeticalByName&size=50&offset=${offset}`);
    }
    expect(subsonicCatalog.used).toBeGreaterThan(held);
    expect(subsonicCatalog.used).toBeLessThanOrEqual(subsonicCatalog.limit);
  });
});

describe('search3 "" without room for song blocks (CACHE_MB=0)', () => {
  let t: TestContext;
  let apiKey: string;

  beforeAll(async () => {
    t = await createTestApp({ CACHE_MB: '0' });
    const listener = await createUser(t.deps);
    apiKey = (await t.deps.services.appKeys.create(listener.id)).appKey;
    const artist = await createArtist(t.deps, { name: 'Sync Band' });
    for (let i = 0; i < 7; i++)
      await createSong(t.deps, { title: `Tune ${i}`, artistIds: [artist.id] });
  });
  afterAll(() => t.close());

  it('pages through every song as it reads other lists, holding nothing', async () => {
    const titles: string[] = [];
    for (let offset = 0; ; offset += 3) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/rest/search3?apiKey=${apiKey}&f=json&query=%22%22&artistCount=0&albumCount=0&songCount=3&songOffset=${offset}`,
      });
      const page = response.json()['subsonic-response'].searchResult3.song ?? [];
      titles.push(...page.map((song: { title: string; playCount: number }) => song.title));
      expect(page.every((song: { playCount: number }) => song.playCount === 0)).toBe(true);
      if (page.length < 3) break;
    }
    expect(titles).toEqual(Array.from({ length: 7 }, (_, i) => `Tune ${i}`));
    expect(t.deps.caches.subsonicSongBlocks.used).toBe(0);
  });
});
