import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import {
  createAlbum,
  createArtist,
  createSong,
  createUser,
  recordPlays,
} from '../../../tests/helpers/factories.ts';

/**
 * An album whose songs are all hidden or deleted is listed nowhere a listener or an app looks,
 * and opens as not found, instead of an empty page; it is back as soon as a song of it is.
 */
describe('an album with no listed song', () => {
  let t: TestContext;
  let apiKey: string;
  let emptied: number;
  let standing: number;
  let songIds: number[];

  beforeAll(async () => {
    t = await createTestApp();
    const listener = await createUser(t.deps);
    apiKey = (await t.deps.services.appKeys.create(listener.id)).appKey;
    const artist = await createArtist(t.deps, { name: 'Hollow Reed' });
    emptied = (await createAlbum(t.deps, artist.id, 'Vanishing Tides')).id;
    standing = (await createAlbum(t.deps, artist.id, 'Standing Stones')).id;
    songIds = [];
    for (const albumId of [emptied, emptied, standing]) {
      songIds.push((await createSong(t.deps, { artistIds: [artist.id], albumId })).id);
    }
    // Played, so it would lead the home page's popular albums.
    await recordPlays(t.deps, songIds[0]!, 20);
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json() };
  };
  const subsonic = async (method: string, query: string) =>
    (await get(`/rest/${method}?apiKey=${apiKey}&f=json&v=1.16.1&c=test&${query}`)).body[
      'subsonic-response'
    ];
  const ids = (items: { _id: number }[]) => items.map((item) => item._id);
  const appIds = (items: { id: string }[] | undefined) =>
    (items ?? []).map((item) => Number(item.id));

  /** Where listeners and apps meet albums: which of the two each shows. */
  const shown = async () => {
    const albums = (await get('/api/albums?limit=50')).body;
    return {
      albums: ids(albums.items),
      total: albums.total,
      home: ids((await get('/api/home')).body.popularAlbums),
      search: ids((await get('/api/search?q=vanishing')).body.albums),
      page: (await get(`/api/albums/${emptied}`)).status,
      moreBy: (await get(`/api/albums/${emptied}/more-by`)).status,
      starred: appIds((await subsonic('getStarred2', '')).starred2.album),
      newest: appIds((await subsonic('getAlbumList2', 'type=newest')).albumList2.album),
      byTitle: appIds(
        (await subsonic('getAlbumList2', 'type=alphabeticalByName')).albumList2.album,
      ),
      frequent: appIds((await subsonic('getAlbumList2', 'type=frequent')).albumList2.album),
      sync: appIds(
        (await subsonic('search3', 'query=%22%22&artistCount=0&songCount=0')).searchResult3.album,
      ),
      albumCount: (await subsonic('getArtists', '')).artists.index[0].artist[0].albumCount,
      getAlbum: (await subsonic('getAlbum', `id=${emptied}`)).error?.code ?? 0,
    };
  };

  const setSongs = (changes: { status?: 'Active' | 'Inactive'; is_deleted?: 0 | 1 }) =>
    t.deps.db.updateTable('songs').set(changes).where('id', 'in', songIds.slice(0, 2)).execute();

  it('is listed while one of its songs is, and nowhere once none is', async () => {
    expect((await subsonic('star', `albumId=${emptied}`)).status).toBe('ok');
    expect(await shown()).toEqual({
      albums: [standing, emptied],
      total: 2,
      home: [emptied, standing],
      search: [emptied],
      page: 200,
      moreBy: 200,
      starred: [emptied],
      newest: [standing, emptied],
      byTitle: [standing, emptied],
      frequent: [emptied],
      sync: [standing, emptied],
      albumCount: 2,
      getAlbum: 0,
    });
    // One song hidden, one deleted: the album holds nothing a listener may play.
    await setSongs({ status: 'Inactive' });
    await t.deps.db
      .updateTable('songs')
      .set({ status: 'Active', is_deleted: 1 })
      .where('id', '=', songIds[1]!)
      .execute();
    expect(await shown()).toEqual({
      albums: [standing],
      total: 1,
      home: [standing],
      search: [],
      page: 404,
      moreBy: 404,
      starred: [],
      newest: [standing],
      byTitle: [standing],
      frequent: [],
      sync: [standing],
      albumCount: 1,
      getAlbum: 70,
    });
    await setSongs({ status: 'Active', is_deleted: 0 });
    expect((await shown()).albums).toEqual([standing, emptied]);
    expect((await shown()).getAlbum).toBe(0);
  });

  it('leaves no gap in a page of search results', async () => {
    // The emptied album ranks first (the shorter title); a page of one still holds an album.
    const artist = await createArtist(t.deps, { name: 'Dry Creek' });
    const quarry = (await createAlbum(t.deps, artist.id, 'Quarry')).id;
    const quarryLane = (await createAlbum(t.deps, artist.id, 'Quarry Lane')).id;
    const songs = [];
    for (const albumId of [quarry, quarryLane]) {
      songs.push((await createSong(t.deps, { artistIds: [artist.id], albumId })).id);
    }
    await t.deps.db
      .updateTable('songs')
      .set({ status: 'Inactive' })
      .where('id', '=', songs[0]!)
      .execute();
    expect(ids((await get('/api/search?q=quarry&limit=1')).body.albums)).toEqual([quarryLane]);
    const found = await subsonic('search3', 'query=quarry&albumCount=1&artistCount=0&songCount=0');
    expect(appIds(found.searchResult3.album)).toEqual([quarryLane]);
  });

  it('leaves an album out of the most played while its artist is disabled, though its songs by another play on', async () => {
    const owner = await createArtist(t.deps, { name: 'Closed Label' });
    const singer = await createArtist(t.deps, { name: 'Open Voice' });
    const album = (await createAlbum(t.deps, owner.id, 'Borrowed Songs')).id;
    const song = (await createSong(t.deps, { artistIds: [singer.id], albumId: album })).id;
    await recordPlays(t.deps, song, 50);
    // A page of one: an album left in the order but dropped from the cards would leave the page empty.
    const mostPlayed = async () =>
      appIds((await subsonic('getAlbumList2', 'type=frequent&size=1')).albumList2.album);
    expect(await mostPlayed()).toEqual([album]);
    await t.deps.db
      .updateTable('artists')
      .set({ is_disabled: 1 })
      .where('id', '=', owner.id)
      .execute();
    const next = await mostPlayed();
    expect(next).toHaveLength(1);
    expect(next).not.toContain(album);
    // The song is still listed: only the album's rule, on the list's order and on its cards, leaves
    // the album out.
    expect((await subsonic('getSong', `id=${song}`)).song.id).toBe(String(song));
  });
});
