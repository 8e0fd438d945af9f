import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import {
  createAlbum,
  createArtist,
  createSong,
  recordPlays,
} from '../../../tests/helpers/factories.ts';
import { type CatalogOrder, orderKey, SubsonicRepository } from './subsonic.repository.ts';

const ORDERS: CatalogOrder[] = [
  'artistsByName',
  'albumsNewest',
  'albumsByTitle',
  'albumsByArtist',
  'songsById',
  'albumsByPlays',
  { albumsOfGenre: 'Jazz' },
  { songsOfGenre: 'Jazz' },
];

describe('the catalog in the orders apps page through', () => {
  let t: TestContext;
  let repository: SubsonicRepository;
  const albums: { id: number; title: string; artist: string; agoMs: number }[] = [];
  const listedSongs: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    repository = new SubsonicRepository(t.database);
    const zed = await createArtist(t.deps, { name: 'Zed Quartet' });
    const abba = await createArtist(t.deps, { name: 'Abba Tribute' });
    // Names written in small letters ("folklore", "alt-J") are filed among the others.
    const bass = await createArtist(t.deps, { name: 'bass Unit' });
    const hidden = await createArtist(t.deps, { name: 'Hidden', disabled: true });
    const made: [typeof zed, string, number][] = [
      [zed, 'Bravo', 1000],
      [zed, 'Alpha', 3000],
      [abba, 'Charlie', 2000],
      [abba, 'Alpha', 4000],
      [bass, 'able', 5000],
      [zed, 'bongo', 6000],
    ];
    // One clock for them all: the songs made between albums take time, on a busy machine seconds.
    const now = Date.now();
    for (const [artist, title, agoMs] of made) {
      const album = await createAlbum(t.deps, artist.id, title, new Date(now - agoMs));
      listedSongs.push(
        (await createSong(t.deps, { artistIds: [artist.id], albumId: album.id })).id,
      );
      albums.push({ id: album.id, title, artist: artist.name, agoMs });
    }
    const hiddenAlbum = await createAlbum(t.deps, hidden.id, 'Aaa Hidden');
    const hiddenSong = await createSong(t.deps, {
      artistIds: [hidden.id],
      albumId: hiddenAlbum.id,
      genre: 'Jazz',
    });
    // An album whose only song is hidden is left out too.
    const emptied = await createAlbum(t.deps, zed.id, 'Aaa Emptied');
    const emptiedSong = await createSong(t.deps, {
      artistIds: [zed.id],
      albumId: emptied.id,
      status: 'Inactive',
      genre: 'Jazz',
    });
    // Jazz: Bravo and able by their listed songs; Charlie's Jazz song is hidden.
    await t.deps.db
      .updateTable('songs')
      .set({ genre: 'Jazz' })
      .where('id', 'in', [listedSongs[0]!, listedSongs[4]!])
      .execute();
    await createSong(t.deps, {
      artistIds: [abba.id],
      albumId: albums[2]!.id,
      status: 'Inactive',
      genre: 'Jazz',
    });
    // Plays: Charlie 5, then Bravo and able at 3 each; the hidden songs' plays count for nothing.
    for (const [song, plays] of [
      [listedSongs[2]!, 5],
      [listedSongs[0]!, 3],
      [listedSongs[4]!, 3],
      [hiddenSong.id, 9],
      [emptiedSong.id, 7],
    ] as const) {
      await recordPlays(t.deps, song, plays);
    }
  });
  afterAll(() => t.close());

  it('lists each order whole as its pages list it', async () => {
    for (const order of ORDERS) {
      const whole = await repository.idsInOrder(order);
      const paged: number[] = [];
      for (let offset = 0; offset <= whole.length; offset += 2) {
        paged.push(...(await repository.idsInOrder(order, { offset, limit: 2 })));
      }
      expect(paged, orderKey(order)).toEqual(whole);
    }
  });

  it('sorts albums by title, by artist and newest first, leaving hidden artists and emptied albums out', async () => {
    const ids = (list: typeof albums) => list.map((album) => album.id);
    const byTitle = [...albums].sort((a, b) => a.title.localeCompare(b.title) || a.id - b.id);
    const byArtist = [...albums].sort(
      (a, b) => a.artist.localeCompare(b.artist) || a.title.localeCompare(b.title) || a.id - b.id,
    );
    const newest = [...albums].sort((a, b) => a.agoMs - b.agoMs);
    expect(await repository.idsInOrder('albumsByTitle')).toEqual(ids(byTitle));
    expect(await repository.idsInOrder('albumsByArtist')).toEqual(ids(byArtist));
    expect(await repository.idsInOrder('albumsNewest')).toEqual(ids(newest));
    const artists = await repository.idsInOrder('artistsByName');
    expect(artists).toHaveLength(3);
    // Songs by id: those on the hidden artist's album and on the emptied one are not listed.
    expect(await repository.idsInOrder('songsById')).toEqual(listedSongs);
  });

  it('sorts albums by the plays of their listed songs, and a genre’s albums by title', async () => {
    const [bravo, , charlie, , able] = albums.map((album) => album.id);
    // A tie goes to the older id: Bravo was made before able.
    expect(await repository.idsInOrder('albumsByPlays')).toEqual([charlie, bravo, able]);
    expect(await repository.idsInOrder({ albumsOfGenre: 'Jazz' })).toEqual([able, bravo]);
    expect(await repository.idsInOrder({ albumsOfGenre: 'jazz' })).toEqual([]);
    expect(await repository.idsInOrder({ albumsOfGenre: 'Jazz' }, { offset: 1, limit: 5 })).toEqual(
      [bravo],
    );
  });
});
