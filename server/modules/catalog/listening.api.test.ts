import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import {
  createAlbum,
  createArtist,
  createSong,
  createUser,
  recordPlays,
} from '../../../tests/helpers/factories.ts';

const DAY = 86_400_000;

describe('home feed, artist and album pages', () => {
  let t: TestContext;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const quiet = await createArtist(t.deps, { name: 'Quiet Artist', createdAgoMs: 5 * DAY });
    const loud = await createArtist(t.deps, { name: 'Loud Artist', createdAgoMs: 6 * DAY });
    const newest = await createArtist(t.deps, { name: 'Newest Artist' });
    const off = await createArtist(t.deps, { name: 'Disabled Artist', disabled: true });
    const album = await createAlbum(t.deps, loud.id, 'Loud Album');
    // Newer than every other album: the home row must still leave it out.
    await createAlbum(t.deps, off.id, 'Disabled Album');
    ids.quiet = quiet.id;
    ids.loud = loud.id;
    ids.newest = newest.id;
    ids.off = off.id;
    ids.album = album.id;
    ids.hit = (
      await createSong(t.deps, {
        title: 'Big Hit',
        artistIds: [loud.id],
        albumId: album.id,
        createdAgoMs: 3 * DAY,
      })
    ).id;
    ids.old = (
      await createSong(t.deps, {
        title: 'Old Favourite',
        artistIds: [quiet.id],
        createdAgoMs: 4 * DAY,
      })
    ).id;
    ids.fresh = (await createSong(t.deps, { title: 'Fresh Song', artistIds: [newest.id] })).id;
    ids.deleted = (
      await createSong(t.deps, { title: 'Deleted Song', artistIds: [loud.id], deleted: true })
    ).id;
    ids.inactive = (
      await createSong(t.deps, { title: 'Inactive Song', artistIds: [loud.id], status: 'Inactive' })
    ).id;
    ids.hidden = (
      await createSong(t.deps, { title: 'Featuring Disabled', artistIds: [loud.id, off.id] })
    ).id;
    // Loud's song is played most this week; Quiet's song was played more, but a month ago.
    await recordPlays(t.deps, ids.hit, 5, { agoMs: DAY, listener: (i) => `a:l${i % 3}` });
    await recordPlays(t.deps, ids.old, 2, { agoMs: 2 * DAY });
    await recordPlays(t.deps, ids.old, 20, { agoMs: 40 * DAY });
    await recordPlays(t.deps, ids.deleted, 50, { agoMs: DAY, listener: (i) => `a:d${i % 2}` });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('orders trending songs by plays in the last 7 days, then newest', async () => {
    const response = await get('/api/home');
    expect(response.statusCode).toBe(200);
    const titles = response.json().trendingSongs.map((song: { title: string }) => song.title);
    expect(titles).toEqual(['Big Hit', 'Old Favourite', 'Fresh Song']);
  });

  it('never shows deleted or inactive songs, or songs of disabled artists', async () => {
    const home = (await get('/api/home')).json();
    const songs = (await get('/api/songs?limit=100')).json();
    for (const list of [home.trendingSongs, songs.items]) {
      const titles = list.map((song: { title: string }) => song.title);
      expect(titles).not.toContain('Deleted Song');
      expect(titles).not.toContain('Inactive Song');
      expect(titles).not.toContain('Featuring Disabled');
    }
    expect(home.popularArtists.map((a: { name: string }) => a.name)).not.toContain(
      'Disabled Artist',
    );
  });

  it('orders popular artists by plays in the last 28 days, then newest', async () => {
    const names = (await get('/api/home'))
      .json()
      .popularArtists.map((artist: { name: string }) => artist.name);
    // Loud's deleted song still counts towards the artist: its plays were real.
    expect(names).toEqual(['Loud Artist', 'Quiet Artist', 'Newest Artist']);
  });

  it('lists popular albums with real covers and song counts', async () => {
    const albums = (await get('/api/home')).json().popularAlbums;
    expect(albums).toHaveLength(1);
    expect(albums[0]).toMatchObject({ _id: ids.album, title: 'Loud Album', songCount: 1 });
  });

  it('paginates songs and reports the total', async () => {
    const first = (await get('/api/songs?limit=2&page=1')).json();
    const second = (await get('/api/songs?limit=2&page=2')).json();
    expect(first).toMatchObject({ page: 1, limit: 2, total: 3, hasMore: true });
    expect(second).toMatchObject({ page: 2, total: 3, hasMore: false });
    expect(second.items).toHaveLength(1);
    const all = [...first.items, ...second.items].map((song: { _id: number }) => song._id);
    expect(new Set(all).size).toBe(3);
  });

  it('rejects a bad page with a 400 that names the field', async () => {
    const response = await get('/api/songs?limit=1000');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/limit/);
  });

  it('shows an artist with songs, monthly listeners and followers', async () => {
    const fan = await createUser(t.deps);
    await t.deps.db
      .insertInto('follows')
      .values({ user_id: fan.id, artist_id: ids.loud!, created_at: new Date().toISOString() })
      .execute();
    const response = await get(`/api/artists/${ids.loud}`);
    expect(response.statusCode).toBe(200);
    const artist = response.json();
    expect(artist).toMatchObject({ name: 'Loud Artist', monthlyListeners: 5, followers: 1 });
    expect(artist.following).toBe(false);
    expect(artist.songs.map((song: { title: string }) => song.title)).toEqual(['Big Hit']);
    expect(artist.songs[0].plays).toBe(5);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/artists/${ids.loud}`,
      headers: { authorization: `Bearer ${fan.token}` },
    });
    expect(mine.json().following).toBe(true);
  });

  it("serves the original client's getArtistSongById shape", async () => {
    const response = await get(`/api/user/getArtistSongById/${ids.quiet}`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.artist).toMatchObject({
      _id: ids.quiet,
      name: 'Quiet Artist',
      verified: false,
    });
    // No followers: left out, since that client renders the count with `&&` (a 0 prints '0').
    expect(data.artist).not.toHaveProperty('followers');
    // Two distinct listeners this month; the plays of 40 days ago are outside the window.
    expect(data.artist.monthlyListeners).toBe(2);
    expect(data.artist.songs.map((s: { title: string }) => s.title)).toEqual(['Old Favourite']);
    expect(data.songs).toEqual(data.artist.songs);
  });

  it('answers 404 for a disabled or unknown artist and 400 for a bad id', async () => {
    expect((await get(`/api/artists/${ids.off}`)).statusCode).toBe(404);
    expect((await get('/api/user/getArtistSongById/999999')).json()).toEqual({
      message: 'Artist not found',
    });
    expect((await get('/api/artists/abc')).statusCode).toBe(400);
  });

  it('shows an album with its listed songs and total time', async () => {
    const response = await get(`/api/albums/${ids.album}`);
    expect(response.statusCode).toBe(200);
    const album = response.json();
    expect(album).toMatchObject({ title: 'Loud Album', artist: { name: 'Loud Artist' } });
    expect(album.songs.map((s: { title: string }) => s.title)).toEqual(['Big Hit']);
    expect(album.totalSeconds).toBe(2);
    expect((await get('/api/albums/999999')).statusCode).toBe(404);
  });
});

describe('popular artists before anyone has listened', () => {
  let t: TestContext;
  afterAll(() => t?.close());

  it('lead with the artists who have songs to play, then the newest', async () => {
    t = await createTestApp();
    const older = await createArtist(t.deps, { name: 'Older With Songs', createdAgoMs: 3 * DAY });
    await createSong(t.deps, { title: 'Something', artistIds: [older.id] });
    await createArtist(t.deps, { name: 'Newest Empty' });
    const hidden = await createArtist(t.deps, { name: 'Only Deleted', createdAgoMs: DAY });
    await createSong(t.deps, { title: 'Gone', artistIds: [hidden.id], deleted: true });
    const names = (await t.app.inject({ method: 'GET', url: '/api/home' }))
      .json()
      .popularArtists.map((artist: { name: string }) => artist.name);
    expect(names).toEqual(['Older With Songs', 'Newest Empty', 'Only Deleted']);
  });
});

describe('songs credited to several artists', () => {
  let t: TestContext;
  let songId: number;
  let albumId: number;
  let second: number;

  beforeAll(async () => {
    t = await createTestApp();
    // Credit order is not id order: the first credit is the artist created last.
    const featured = await createArtist(t.deps, { name: 'Featured Singer' });
    const lead = await createArtist(t.deps, { name: 'Lead Band' });
    second = featured.id;
    albumId = (await createAlbum(t.deps, lead.id, 'Duets')).id;
    songId = (
      await createSong(t.deps, {
        title: 'Together Tonight',
        artistIds: [lead.id, featured.id],
        albumId,
      })
    ).id;
    await createSong(t.deps, { title: 'Outtake', artistIds: [lead.id], albumId, deleted: true });
    const fan = await createUser(t.deps);
    await t.deps.db
      .insertInto('follows')
      .values({ user_id: fan.id, artist_id: lead.id, created_at: new Date().toISOString() })
      .execute();
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('lists every credited artist in credit order wherever the song is shown', async () => {
    const shown = [
      await get(`/api/songs/${songId}`),
      (await get('/api/songs')).items[0],
      (await get(`/api/albums/${albumId}`)).songs[0],
      (await get(`/api/artists/${second}`)).songs[0],
      (await get('/api/home')).trendingSongs[0],
      (await get('/api/search?q=together')).songs[0],
    ];
    for (const song of shown) {
      expect(song).toMatchObject({ _id: songId, artistName: 'Lead Band, Featured Singer' });
      expect(song.artist.map((artist: { name: string }) => artist.name)).toEqual([
        'Lead Band',
        'Featured Singer',
      ]);
    }
  });

  it('counts what listeners may see on album and artist cards read by id', async () => {
    const album = (await get('/api/search?q=duets')).albums[0];
    expect(album).toMatchObject({ _id: albumId, title: 'Duets', songCount: 1 });
    const artist = (await get('/api/search?q=lead band')).artists[0];
    expect(artist).toMatchObject({ name: 'Lead Band', followers: 1, songCount: 1 });
  });
});

describe('song lists read with their artists keep their order', () => {
  let t: TestContext;
  let artistId: number;

  beforeAll(async () => {
    t = await createTestApp();
    artistId = (await createArtist(t.deps, { name: 'Steady Hand' })).id;
    const other = await createArtist(t.deps, { name: 'Guest Voice' });
    // Made oldest first, so id order and newest-first order are opposite.
    for (const [title, days] of [
      ['First Light', 3],
      ['Second Wind', 2],
      ['Third Time', 1],
    ] as const) {
      await createSong(t.deps, {
        title,
        artistIds: [artistId, other.id],
        createdAgoMs: days * DAY,
      });
    }
  });
  afterAll(() => t.close());

  const titles = async (url: string, pick: (body: never) => { title: string }[]) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    const songs = pick(response.json() as never) as { title: string; artistName: string }[];
    for (const song of songs) expect(song.artistName).toBe('Steady Hand, Guest Voice');
    return songs.map((song) => song.title);
  };

  it('pages the newest first, and an artist page lists equally played songs newest first', async () => {
    const items = (body: { items: { title: string }[] }) => body.items;
    expect(await titles('/api/songs?limit=2&page=1', items)).toEqual(['Third Time', 'Second Wind']);
    expect(await titles('/api/songs?limit=2&page=2', items)).toEqual(['First Light']);
    const songs = (body: { songs: { title: string }[] }) => body.songs;
    expect(await titles(`/api/artists/${artistId}`, songs)).toEqual([
      'Third Time',
      'Second Wind',
      'First Light',
    ]);
  });
});
