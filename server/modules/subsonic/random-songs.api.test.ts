import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import { createArtist, createSong, createUser } from '../../../tests/helpers/factories.ts';

/**
 * Random songs, radios (getSimilarSongs, getSimilarSongs2), songs by genre and the genre list
 * come from the song orders held per catalog version, or, with no room to hold them
 * (CACHE_MB=0), from the database: the same songs either way, and never a hidden one.
 */
describe.each([
  ['held in the cache', '64'],
  ['read from the database (CACHE_MB=0)', '0'],
])('random songs, radios and genres, %s', (_name, cacheMb) => {
  let t: TestContext;
  let apiKey: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({ CACHE_MB: cacheMb });
    const listener = await createUser(t.deps);
    apiKey = (await t.deps.services.appKeys.create(listener.id)).appKey;
    const [ada, bo, cy] = [
      await createArtist(t.deps, { name: 'Ada Keys' }),
      await createArtist(t.deps, { name: 'Bo Strings' }),
      await createArtist(t.deps, { name: 'Cy Drums' }),
    ];
    const songs: [string, number, string, ('Active' | 'Inactive')?][] = [
      ['a1', ada.id, 'Jazz'],
      ['a2', ada.id, 'Jazz'],
      ['b1', bo.id, 'Jazz'],
      ['b2', bo.id, 'Blues'],
      ['c1', cy.id, 'Blues'],
      ['hidden', ada.id, 'Jazz', 'Inactive'],
      ['untagged', cy.id, ''],
      ['b-untagged', bo.id, ''],
    ];
    for (const [title, artistId, genre, status] of songs) {
      ids[title] = (
        await createSong(t.deps, {
          title,
          artistIds: [artistId],
          genre,
          status: status ?? 'Active',
        })
      ).id;
    }
    ids.ada = ada.id;
    ids.bo = bo.id;
    ids.cy = cy.id;
  });
  afterAll(() => t.close());

  const call = async (method: string, query: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/rest/${method}?apiKey=${apiKey}&f=json&v=1.16.1&c=test&${query}`,
    });
    const body = response.json()['subsonic-response'];
    expect(body.status, JSON.stringify(body.error)).toBe('ok');
    return body;
  };
  const titles = (songs: { title: string }[] | undefined) =>
    (songs ?? []).map((song) => song.title).sort();

  it('picks random songs among the listed ones, of a genre when asked', async () => {
    const all = await call('getRandomSongs', 'size=500');
    expect(titles(all.randomSongs.song)).toEqual([
      'a1',
      'a2',
      'b-untagged',
      'b1',
      'b2',
      'c1',
      'untagged',
    ]);
    // Few asked of many: picked one by one rather than shuffled whole.
    const one = await call('getRandomSongs', 'size=1');
    expect(titles(one.randomSongs.song)).toHaveLength(1);
    expect(['a1', 'a2', 'b-untagged', 'b1', 'b2', 'c1', 'untagged']).toContain(
      titles(one.randomSongs.song)[0],
    );
    const jazz = await call('getRandomSongs', 'size=500&genre=Jazz');
    expect(titles(jazz.randomSongs.song)).toEqual(['a1', 'a2', 'b1']);
  });

  it("plays an artist's radio from its songs and its genres, a song's from its artists' and its genre", async () => {
    const byArtist = await call('getSimilarSongs2', `id=${ids.ada}&count=500`);
    expect(titles(byArtist.similarSongs2.song)).toEqual(['a1', 'a2', 'b1']);
    for (let i = 0; i < 5; i++) {
      const one = await call('getSimilarSongs2', `id=${ids.ada}&count=1`);
      expect(['a1', 'a2', 'b1']).toContain(titles(one.similarSongs2.song)[0]);
    }
    const bySong = await call('getSimilarSongs', `id=${ids.b2}&count=500`);
    // Bo's other songs and the other Blues song; never the song the radio starts from.
    expect(titles(bySong.similarSongs.song)).toEqual(['b-untagged', 'b1', 'c1']);
    // No genre is a genre: an untagged song or artist brings no other untagged songs.
    const untagged = await call('getSimilarSongs', `id=${ids.untagged}&count=500`);
    expect(titles(untagged.similarSongs.song)).toEqual(['c1']);
    const cy = await call('getSimilarSongs2', `id=${ids.cy}&count=500`);
    expect(titles(cy.similarSongs2.song)).toEqual(['b2', 'c1', 'untagged']);
  });

  it('pages songs by genre, and follows a change to the catalog at once', async () => {
    const page = await call('getSongsByGenre', 'genre=Jazz&count=2&offset=1');
    expect(titles(page.songsByGenre.song)).toEqual(['a2', 'b1']);
    const genres = async () =>
      (await call('getGenres', '')).genres.genre as { value: string; songCount: number }[];
    expect(await genres()).toEqual(
      expect.arrayContaining([expect.objectContaining({ value: 'Jazz', songCount: 3 })]),
    );
    await t.deps.db
      .updateTable('songs')
      .set({ status: 'Inactive' })
      .where('id', '=', ids.a2!)
      .execute();
    try {
      expect(
        titles((await call('getRandomSongs', 'size=500&genre=Jazz')).randomSongs.song),
      ).toEqual(['a1', 'b1']);
      const radio = await call('getSimilarSongs2', `id=${ids.bo}&count=500`);
      expect(titles(radio.similarSongs2.song)).toEqual(['a1', 'b-untagged', 'b1', 'b2', 'c1']);
      expect(
        titles((await call('getSongsByGenre', 'genre=Jazz&count=10')).songsByGenre.song),
      ).toEqual(['a1', 'b1']);
      expect(await genres()).toEqual(
        expect.arrayContaining([expect.objectContaining({ value: 'Jazz', songCount: 2 })]),
      );
    } finally {
      await t.deps.db
        .updateTable('songs')
        .set({ status: 'Active' })
        .where('id', '=', ids.a2!)
        .execute();
    }
  });
});
