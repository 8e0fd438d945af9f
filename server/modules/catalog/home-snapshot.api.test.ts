import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import {
  createAlbum,
  createArtist,
  createSong,
  recordPlays,
} from '../../../tests/helpers/factories.ts';
import { ArtistStatsRepository, CatalogRepository } from './catalog.repository.ts';
import {
  CatalogService,
  HOME_ALBUMS,
  HOME_ARTISTS,
  HOME_SONGS,
  POPULAR_WINDOW_DAYS,
  TRENDING_WINDOW_DAYS,
} from './catalog.service.ts';

const DAY = 86_400_000;

/** Ids by count, most first; equal counts put the higher (newer) id first. */
function byCount(counts: Map<number, number>): number[] {
  return [...counts].sort(([idA, a], [idB, b]) => b - a || idB - idA).map(([id]) => id);
}

/** The ranked ids, then the newest others, `limit` in all. */
function rankedThenNewest(ranked: number[], newest: number[], limit: number): number[] {
  const top = ranked.slice(0, limit);
  return [...top, ...newest.filter((id) => !top.includes(id))].slice(0, limit);
}

const newestFirst = (rows: { id: number; created_at: string }[]) =>
  [...rows]
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
    .map((row) => row.id);

/**
 * The ids of the home rows as counting every play in the plays table gives them, as plainly as
 * possible: the reference the snapshot (per-day sums, cached and updated) must match.
 */
async function homeIdsFromPlays(t: TestContext, now = Date.now()) {
  const db = t.deps.db;
  const [plays, credits, songs, artists, albums] = await Promise.all([
    db.selectFrom('plays').select(['song_id', 'played_at']).execute(),
    db.selectFrom('song_artists').select(['song_id', 'artist_id']).execute(),
    db.selectFrom('songs').select(['id', 'album_id', 'created_at', 'listed']).execute(),
    db.selectFrom('artists').select(['id', 'is_disabled', 'created_at']).execute(),
    db.selectFrom('albums').select(['id', 'artist_id', 'created_at']).execute(),
  ]);
  const listed = new Set(songs.filter((song) => song.listed === 1).map((song) => song.id));
  const enabled = new Set(artists.filter((a) => a.is_disabled === 0).map((a) => a.id));
  const albumOf = new Map(songs.map((song) => [song.id, song.album_id]));
  const ownerOf = new Map(albums.map((album) => [album.id, album.artist_id]));
  const since = (days: number) => new Date(now - days * DAY).toISOString();
  const count = (counts: Map<number, number>, id: number) =>
    counts.set(id, (counts.get(id) ?? 0) + 1);
  const songPlays = new Map<number, number>();
  const artistPlays = new Map<number, number>();
  const albumPlays = new Map<number, number>();
  for (const play of plays) {
    if (play.played_at >= since(TRENDING_WINDOW_DAYS) && listed.has(play.song_id)) {
      count(songPlays, play.song_id);
    }
    if (play.played_at < since(POPULAR_WINDOW_DAYS)) continue;
    for (const credit of credits) {
      if (credit.song_id === play.song_id && enabled.has(credit.artist_id)) {
        count(artistPlays, credit.artist_id);
      }
    }
    const album = albumOf.get(play.song_id) ?? null;
    if (album !== null && enabled.has(ownerOf.get(album) ?? -1)) count(albumPlays, album);
  }
  const withListedSong = new Set(
    credits.filter((credit) => listed.has(credit.song_id)).map((credit) => credit.artist_id),
  );
  const enabledArtists = artists.filter((artist) => enabled.has(artist.id));
  return {
    songs: rankedThenNewest(
      byCount(songPlays),
      newestFirst(songs.filter((song) => listed.has(song.id))),
      HOME_SONGS,
    ),
    artists: rankedThenNewest(
      byCount(artistPlays),
      // Artists with a song to play come before those without.
      [
        ...newestFirst(enabledArtists.filter((artist) => withListedSong.has(artist.id))),
        ...newestFirst(enabledArtists.filter((artist) => !withListedSong.has(artist.id))),
      ],
      HOME_ARTISTS,
    ),
    albums: rankedThenNewest(
      byCount(albumPlays),
      newestFirst(albums.filter((album) => enabled.has(album.artist_id))),
      HOME_ALBUMS,
    ),
  };
}

/** A small deterministic generator, so a failure can be replayed. */
function generator(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('the home snapshot', () => {
  let t: TestContext;

  /** A catalog service of its own whose home snapshot serves for a minute. */
  const rankedCatalog = () =>
    new CatalogService(new CatalogRepository(t.deps), new ArtistStatsRepository(t.deps), {
      rankingCacheMs: 60_000,
      caches: t.deps.caches,
    });
  const artists: number[] = [];
  const songs: number[] = [];
  const albums: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const random = generator(7);
    for (let i = 0; i < 14; i++) {
      artists.push((await createArtist(t.deps, { createdAgoMs: (20 - i) * DAY })).id);
    }
    for (let i = 0; i < 10; i++) {
      albums.push((await createAlbum(t.deps, artists[i % artists.length]!, `Album ${i}`)).id);
    }
    for (let i = 0; i < 40; i++) {
      const credits = [artists[i % artists.length]!];
      if (i % 7 === 0) credits.push(artists[(i + 3) % artists.length]!);
      const song = await createSong(t.deps, {
        artistIds: credits,
        ...(i % 3 === 0 ? { albumId: albums[i % albums.length]! } : {}),
        createdAgoMs: (40 - i) * 3_600_000,
      });
      songs.push(song.id);
    }
    // Plays well inside the trending window, inside only the popular one, and outside both
    // (windows are counted in whole UTC days, so nothing lands within a day of an edge).
    for (const song of songs) {
      for (const [from, to] of [
        [0.1, 6],
        [8.5, 27],
        [30, 60],
      ] as const) {
        const count = Math.floor(random() * 6);
        const agoMs = (from + random() * (to - from)) * DAY;
        await recordPlays(t.deps, song, count, {
          agoMs,
          listener: (i) => `a:${Math.floor(random() * 5)}-${i}`,
        });
      }
    }
  });
  afterAll(() => t.close());

  it('ranks exactly as counting the plays table does', async () => {
    const catalog = rankedCatalog();
    const [fromSnapshot, fromPlays] = await Promise.all([catalog.homeFeed(), homeIdsFromPlays(t)]);
    const ids = (items: { _id: number }[]) => items.map((item) => item._id);
    expect(fromSnapshot.trendingSongs).toHaveLength(10);
    expect(fromSnapshot.popularArtists).toHaveLength(10);
    expect(fromSnapshot.popularAlbums).toHaveLength(6);
    expect({
      songs: ids(fromSnapshot.trendingSongs),
      artists: ids(fromSnapshot.popularArtists),
      albums: ids(fromSnapshot.popularAlbums),
    }).toEqual(fromPlays);
    // And each item as the catalog presents it anywhere else, counts included.
    expect(fromSnapshot).toEqual({
      popularArtists: await catalog.artistsInOrder(fromPlays.artists),
      popularAlbums: await catalog.albumsInOrder(fromPlays.albums),
      trendingSongs: await catalog.songsInOrder(fromPlays.songs),
    });
  });

  it('hides a song deleted or an artist disabled after the snapshot was built, at once', async () => {
    const catalog = rankedCatalog();
    const before = await catalog.homeFeed();
    const song = before.trendingSongs[0]!;
    const artist = before.popularArtists[0]!;
    await t.deps.db
      .updateTable('songs')
      .set({ is_deleted: 1 })
      .where('id', '=', song._id)
      .execute();
    await t.deps.db
      .updateTable('artists')
      .set({ is_disabled: 1 })
      .where('id', '=', artist._id)
      .execute();
    try {
      const after = await catalog.homeFeed();
      expect(after.trendingSongs).toHaveLength(10);
      expect(after.trendingSongs.map((s) => s._id)).not.toContain(song._id);
      expect(after.trendingSongs.flatMap((s) => s.artist.map((a) => a._id))).not.toContain(
        artist._id,
      );
      expect(after.popularArtists).toHaveLength(10);
      expect(after.popularArtists.map((a) => a._id)).not.toContain(artist._id);
      expect(after.popularAlbums.map((a) => a.artist._id)).not.toContain(artist._id);
      // Whatever stays keeps its place: the rest of the row moves up by the ones hidden.
      expect(after.popularArtists.slice(0, 9)).toEqual(before.popularArtists.slice(1, 10));
    } finally {
      await t.deps.db
        .updateTable('songs')
        .set({ is_deleted: 0 })
        .where('id', '=', song._id)
        .execute();
      await t.deps.db
        .updateTable('artists')
        .set({ is_disabled: 0 })
        .where('id', '=', artist._id)
        .execute();
    }
  });

  it('updates song counts and list totals as soon as the catalog changes', async () => {
    const artist = await createArtist(t.deps, { name: 'Counted Artist' });
    const album = await createAlbum(t.deps, artist.id, 'Counted Album');
    const first = await createSong(t.deps, { artistIds: [artist.id], albumId: album.id });
    await createSong(t.deps, { artistIds: [artist.id], albumId: album.id });
    const counts = async () => {
      const artists = (await t.app.inject({ method: 'GET', url: '/api/artists?limit=50' })).json();
      const albums = (await t.app.inject({ method: 'GET', url: '/api/albums?limit=50' })).json();
      return {
        artist: artists.items.find((a: { _id: number }) => a._id === artist.id)?.songCount,
        album: albums.items.find((a: { _id: number }) => a._id === album.id)?.songCount,
      };
    };
    expect(await counts()).toEqual({ artist: 2, album: 2 });
    const songsTotal = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/songs?limit=1' })).json().total;
    const before = await songsTotal();
    await t.deps.db
      .updateTable('songs')
      .set({ status: 'Inactive' })
      .where('id', '=', first.id)
      .execute();
    expect(await counts()).toEqual({ artist: 1, album: 1 });
    expect(await songsTotal()).toBe(before - 1);
    await createSong(t.deps, { artistIds: [artist.id], albumId: album.id });
    expect(await counts()).toEqual({ artist: 2, album: 2 });
  });

  it('keeps play totals and daily buckets equal to the plays table, also when plays go', async () => {
    const gone = await createSong(t.deps, { artistIds: [artists[0]!] });
    await recordPlays(t.deps, gone.id, 4, { agoMs: DAY });
    await recordPlays(t.deps, songs[1]!, 3, { agoMs: 2 * DAY });
    await t.deps.db.deleteFrom('songs').where('id', '=', gone.id).execute();
    await t.deps.db
      .deleteFrom('plays')
      .where('id', 'in', (eb) =>
        eb.selectFrom('plays').select('id').where('song_id', '=', songs[2]!).limit(2),
      )
      .execute();
    const counted = await t.deps.db
      .selectFrom('plays')
      .select(['song_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('song_id')
      .execute();
    const totals = await t.deps.db
      .selectFrom('song_play_totals')
      .select(['song_id', 'plays'])
      .where('plays', '>', 0)
      .execute();
    const asMap = (rows: { song_id: number; n: number }[]) =>
      Object.fromEntries(rows.map((row) => [Number(row.song_id), Number(row.n)]));
    expect(asMap(totals.map((row) => ({ song_id: row.song_id, n: row.plays })))).toEqual(
      asMap(counted),
    );
    const days = await t.deps.db
      .selectFrom('song_play_days')
      .select(['song_id', (eb) => eb.fn.sum<number>('plays').as('n')])
      .groupBy('song_id')
      .having((eb) => eb.fn.sum('plays'), '>', 0)
      .execute();
    expect(asMap(days)).toEqual(asMap(counted));
    const all = await t.deps.db
      .selectFrom('play_days')
      .select((eb) => eb.fn.sum<number>('plays').as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(all.n)).toBe(counted.reduce((sum, row) => sum + Number(row.n), 0));
  });
});
