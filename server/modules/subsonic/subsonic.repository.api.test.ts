import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import {
  createAlbum,
  createArtist,
  createSong,
  createUser,
  recordPlays,
} from '../../../tests/helpers/factories.ts';
import {
  type CatalogOrder,
  orderKey,
  SubsonicRepository,
  songSpan,
} from './subsonic.repository.ts';

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

describe("a search response's listening", () => {
  let t: TestContext;
  let repository: SubsonicRepository;

  beforeAll(async () => {
    t = await createTestApp();
    repository = new SubsonicRepository(t.database);
  });
  afterAll(() => t.close());

  it('reads the same plays, likes and stars for a page of the sync order by its span of ids as id by id', async () => {
    const listener = await createUser(t.deps);
    const other = await createUser(t.deps);
    const artist = await createArtist(t.deps, { name: 'Span Artist' });
    const album = await createAlbum(t.deps, artist.id, 'Span Album');
    const songs: number[] = [];
    for (let i = 0; i < 8; i++) {
      songs.push((await createSong(t.deps, { artistIds: [artist.id], albumId: album.id })).id);
    }
    const at = (minute: number) => `2026-11-29T10:${String(minute).padStart(2, '0')}:00.000Z`;
    const like = (userId: number, songId: number, minute: number) =>
      t.deps.db
        .insertInto('likes')
        .values({ user_id: userId, song_id: songId, created_at: at(minute) })
        .execute();
    // Plays only, a like only, both, and the other listener's like, which is not the caller's.
    await recordPlays(t.deps, songs[0]!, 2);
    await like(listener.id, songs[1]!, 1);
    await recordPlays(t.deps, songs[2]!, 4);
    await like(listener.id, songs[2]!, 2);
    await like(other.id, songs[5]!, 3);
    // The span's first and last songs, so both its ends count.
    await like(listener.id, songs[0]!, 7);
    await recordPlays(t.deps, songs[7]!, 1);
    // A song between the page's others, with plays and a like of its own: hidden, so the page
    // skips it, while its span takes it in.
    await recordPlays(t.deps, songs[3]!, 7);
    await like(listener.id, songs[3]!, 4);
    await t.deps.db
      .insertInto('follows')
      .values({ user_id: listener.id, artist_id: artist.id, created_at: at(5) })
      .execute();
    await t.deps.db
      .insertInto('album_stars')
      .values({ user_id: listener.id, album_id: album.id, created_at: at(6) })
      .execute();
    const page = songs.filter((id) => id !== songs[3]);
    expect(songSpan(page)).toEqual({ first: songs[0], last: songs[7] });
    // In rank order, or spread over many times their number of ids, songs are read one by one.
    expect(songSpan([...page].reverse())).toBeNull();
    expect(songSpan([songs[0]!, songs[0]! + 100])).toBeNull();
    const read = (ids: readonly number[]) =>
      repository.listeningOfHits(listener.id, {
        artists: [artist.id],
        albums: [album.id],
        songs: ids,
      });
    const bySpan = await read(page);
    const oneByOne = await read([...page].reverse());
    const listeningOf = (listening: Awaited<ReturnType<typeof read>>) =>
      page.map((id) => ({
        id,
        plays: listening.songs.get(id)?.plays ?? 0,
        likedAt: listening.songs.get(id)?.likedAt,
      }));
    expect(listeningOf(bySpan)).toEqual(listeningOf(oneByOne));
    expect(listeningOf(bySpan).slice(0, 3)).toEqual([
      { id: songs[0], plays: 2, likedAt: at(7) },
      { id: songs[1], plays: 0, likedAt: at(1) },
      { id: songs[2], plays: 4, likedAt: at(2) },
    ]);
    expect(listeningOf(bySpan).slice(-3)).toEqual([
      { id: songs[5], plays: 0, likedAt: undefined },
      { id: songs[6], plays: 0, likedAt: undefined },
      { id: songs[7], plays: 1, likedAt: undefined },
    ]);
    for (const listening of [bySpan, oneByOne]) {
      expect(listening.followedAt).toEqual(new Map([[artist.id, at(5)]]));
      expect(listening.albumStarredAt).toEqual(new Map([[album.id, at(6)]]));
    }
  });
});
