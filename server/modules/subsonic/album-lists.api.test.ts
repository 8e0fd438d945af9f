import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import {
  createAlbum,
  createArtist,
  createSong,
  createUser,
  recordPlays,
} from '../../../tests/helpers/factories.ts';
import { RANKING_CACHE_MS } from '../../services.ts';

/**
 * getAlbumList2's most played and by-genre lists are paged from orders held per catalog version:
 * a genre's at once after any change to the catalog, the most played within the time play
 * counts may lag everywhere else.
 */
describe('getAlbumList2 frequent and byGenre', () => {
  let t: TestContext;
  let apiKey: string;
  let albums: { jazz: number; blues: number; jazzToo: number };
  let songs: { jazz: number; blues: number; jazzToo: number };

  beforeAll(async () => {
    t = await createTestApp();
    const listener = await createUser(t.deps);
    apiKey = (await t.deps.services.appKeys.create(listener.id)).appKey;
    const artist = await createArtist(t.deps, { name: 'Late Set' });
    const make = async (title: string, genre: string) => {
      const album = (await createAlbum(t.deps, artist.id, title)).id;
      const song = (await createSong(t.deps, { artistIds: [artist.id], albumId: album, genre })).id;
      return { album, song };
    };
    const jazz = await make('Blue Hour', 'Jazz');
    const blues = await make('Crossroads', 'Blues');
    const jazzToo = await make('Always Late', 'Jazz');
    albums = { jazz: jazz.album, blues: blues.album, jazzToo: jazzToo.album };
    songs = { jazz: jazz.song, blues: blues.song, jazzToo: jazzToo.song };
    await recordPlays(t.deps, songs.jazz, 5);
    await recordPlays(t.deps, songs.blues, 2);
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const list = async (query: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/rest/getAlbumList2?apiKey=${apiKey}&f=json&v=1.16.1&c=test&${query}`,
    });
    const body = response.json()['subsonic-response'];
    expect(body.status, JSON.stringify(body.error)).toBe('ok');
    return ((body.albumList2.album ?? []) as { id: string }[]).map((album) => Number(album.id));
  };

  it('lists the most played albums, and new plays within the time play counts may lag', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    expect(await list('type=frequent')).toEqual([albums.jazz, albums.blues]);
    await recordPlays(t.deps, songs.blues, 10);
    // Plays move no catalog version: the order is read once for that time, not per call.
    expect(await list('type=frequent')).toEqual([albums.jazz, albums.blues]);
    vi.advanceTimersByTime(RANKING_CACHE_MS);
    expect(await list('type=frequent')).toEqual([albums.blues, albums.jazz]);
    expect(await list('type=frequent&size=1&offset=1')).toEqual([albums.jazz]);
  });

  it('lists a genre’s albums by title, following a change to the catalog at once', async () => {
    expect(await list('type=byGenre&genre=Jazz')).toEqual([albums.jazzToo, albums.jazz]);
    expect(await list('type=byGenre&genre=Jazz&size=1&offset=1')).toEqual([albums.jazz]);
    await t.deps.db
      .updateTable('songs')
      .set({ genre: 'Jazz' })
      .where('id', '=', songs.blues)
      .execute();
    expect(await list('type=byGenre&genre=Jazz')).toEqual([
      albums.jazzToo,
      albums.jazz,
      albums.blues,
    ]);
    expect(await list('type=byGenre&genre=Blues')).toEqual([]);
    await t.deps.db
      .updateTable('songs')
      .set({ status: 'Inactive' })
      .where('id', '=', songs.jazzToo)
      .execute();
    expect(await list('type=byGenre&genre=Jazz')).toEqual([albums.jazz, albums.blues]);
  });

  it('picks random albums among the listed ones, each once', async () => {
    const listed = (await list('type=newest&size=500')).sort();
    expect((await list('type=random&size=500')).sort()).toEqual(listed);
    const [one, ...none] = await list('type=random&size=1&offset=7');
    expect(none).toEqual([]);
    expect(listed).toContain(one);
  });

  it('answers a genre no album has with an empty list', async () => {
    expect(await list('type=byGenre&genre=No%20Such%20Genre')).toEqual([]);
  });
});
