import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import {
  createAlbum,
  createArtist,
  createSong,
  createUser,
  recordPlays,
  type TestUser,
} from '../../../tests/helpers/factories.ts';
import { LONG_PLAYLIST_SONGS } from './playlists.service.ts';
import { PLAYLIST_SHAPE_BYTES, PLAYLIST_SONG_BYTES } from './songs-cache.ts';

/** Long enough that the service keeps its presented songs between calls. */
const LENGTH = LONG_PLAYLIST_SONGS + 10;

interface SongJson {
  _id: number;
  title: string;
  plays: number;
  albumName: string | null;
  artistName: string;
  durationSeconds: number;
  /** Text for the original client, structured for Chorus's own calls. */
  artist: unknown;
  album: unknown;
}

describe('a long playlist', () => {
  let t: TestContext;
  let owner: TestUser;
  let stranger: TestUser;
  let playlistId: number;
  let privateId: number;
  let songIds: number[];
  let albumId: number;
  let artistId: number;
  let guestArtistId: number;

  const get = (path: string, user: TestUser | null = null, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: path,
      headers: { ...headers, ...(user ? { authorization: `Bearer ${user.token}` } : {}) },
    });

  /**
   * Calls: the first presents the songs, the next reuse them (their JSON cached). `read` is the
   * original client's call by default, or Chorus's own.
   */
  const twice = async (
    id = playlistId,
    user: TestUser | null = null,
    read: 'user/playlistById' | 'playlists' = 'user/playlistById',
  ) => {
    const first = await get(`/api/${read}/${id}`, user);
    const second = await get(`/api/${read}/${id}`, user);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    // The reused answer is written by the service (play counts first in each song): this
    // proves the second call took the path under test.
    expect(second.body).toContain('"songs":[{"plays":');
    expect(second.headers['content-type']).toMatch(/^application\/json/);
    // Nothing moved since: the very same bytes.
    expect((await get(`/api/${read}/${id}`, user)).body).toBe(second.body);
    const body = second.json();
    // The same as the answer the first call serialised through the route's schema.
    expect(body).toEqual(first.json());
    return body.data as {
      songCount: number;
      durationSeconds: number;
      songs: SongJson[];
      [field: string]: unknown;
    };
  };

  const fill = async (id: number, ids: number[]) => {
    const now = new Date().toISOString();
    await t.deps.db
      .insertInto('playlist_songs')
      .values(
        ids.map((songId, position) => ({
          playlist_id: id,
          song_id: songId,
          position,
          added_at: now,
        })),
      )
      .execute();
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.deps, { name: 'Long Owner' });
    stranger = await createUser(t.deps);
    const artist = await createArtist(t.deps, { name: 'Main Act' });
    const guest = await createArtist(t.deps, { name: 'Guest' });
    artistId = artist.id;
    guestArtistId = guest.id;
    albumId = (await createAlbum(t.deps, artist.id, 'First Album')).id;
    songIds = [];
    for (let i = 0; i < LENGTH; i++) {
      const song = await createSong(t.deps, {
        artistIds: i === 1 ? [artist.id, guest.id] : [artist.id],
        title: `Tune "${i}" ✓`,
        duration: 100 + i,
        ...(i % 2 === 0 ? { albumId } : {}),
      });
      songIds.push(song.id);
    }
    const make = async (isPublic: boolean) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/addPlaylist',
        headers: { authorization: `Bearer ${owner.token}` },
        payload: { name: isPublic ? 'Everything' : 'Secret', isPublic },
      });
      return response.json().data._id as number;
    };
    playlistId = await make(true);
    privateId = await make(false);
    await fill(playlistId, songIds);
    await fill(privateId, songIds);
    await recordPlays(t.deps, songIds[0]!, 3);
  });
  afterAll(() => t.close());

  it('answers every song in order with counts, length, artists, albums and plays', async () => {
    const data = await twice();
    expect(data.songCount).toBe(LENGTH);
    expect(data.songs.map((song) => song._id)).toEqual(songIds);
    expect(data.durationSeconds).toBe(songIds.reduce((sum, _id, i) => sum + 100 + i, 0));
    expect(data.songs[0]).toMatchObject({
      title: 'Tune "0" ✓',
      plays: 3,
      albumName: 'First Album',
    });
    expect(data.songs[1]).toMatchObject({
      artistName: 'Main Act, Guest',
      albumName: null,
      plays: 0,
    });
  });

  it('charges the cache for the presented songs, and again for each shape they are written in', async () => {
    const copy = (
      await t.app.inject({
        method: 'POST',
        url: '/api/user/addPlaylist',
        headers: { authorization: `Bearer ${owner.token}` },
        payload: { name: 'Weighed', isPublic: true },
      })
    ).json().data._id as number;
    await fill(copy, songIds);
    const { playlistSongs } = t.deps.caches;
    const before = playlistSongs.used;
    const charged = () => (playlistSongs.used - before) / LENGTH;
    await get(`/api/playlists/${copy}`);
    expect(charged()).toBe(PLAYLIST_SONG_BYTES);
    await get(`/api/playlists/${copy}`);
    expect(charged()).toBe(PLAYLIST_SONG_BYTES + PLAYLIST_SHAPE_BYTES);
    await get(`/api/playlists/${copy}`);
    await get(`/api/user/playlistById/${copy}`);
    expect(charged()).toBe(PLAYLIST_SONG_BYTES + 2 * PLAYLIST_SHAPE_BYTES);
  });

  it("gives cached songs' artist and album as text to the original client, structured to Chorus's own", async () => {
    const original = await twice();
    expect(original.songs[0]).toMatchObject({ artist: 'Main Act', album: 'First Album' });
    expect(original.songs[1]).toMatchObject({ artist: 'Main Act, Guest', album: '' });
    expect(original).not.toHaveProperty('type');
    expect(original).not.toHaveProperty('saves');
    const own = await twice(playlistId, null, 'playlists');
    expect(own.type).toBe('playlist');
    expect(own.songs[0]).toMatchObject({
      artist: [{ _id: artistId, name: 'Main Act' }],
      album: { _id: albumId, title: 'First Album' },
    });
    // Each call's tag is its own: a copy of one answer never stands for the other.
    const tags = await Promise.all(
      ['user/playlistById', 'playlists'].map(
        async (read) => (await get(`/api/${read}/${playlistId}`)).headers.etag,
      ),
    );
    expect(tags[0]).not.toBe(tags[1]);
  });

  it('shows every change to what it shows at once, though it keeps presented songs', async () => {
    await twice();
    const [first, second, third] = songIds as [number, number, number];
    await t.deps.db
      .updateTable('songs')
      .set({ title: 'Renamed' })
      .where('id', '=', first)
      .execute();
    await t.deps.db
      .updateTable('albums')
      .set({ title: 'Reissue' })
      .where('id', '=', albumId)
      .execute();
    await t.deps.db
      .updateTable('artists')
      .set({ name: 'Main' })
      .where('id', '=', artistId)
      .execute();
    let data = await twice();
    expect(data.songs[0]).toMatchObject({
      title: 'Renamed',
      albumName: 'Reissue',
      artistName: 'Main',
    });

    await recordPlays(t.deps, second, 2);
    data = await twice();
    expect(data.songs[1]!.plays).toBe(2);

    // A disabled guest artist hides the song from the list, the count and the length.
    await t.deps.db
      .updateTable('artists')
      .set({ is_disabled: 1 })
      .where('id', '=', guestArtistId)
      .execute();
    data = await twice();
    expect(data.songs.map((song) => song._id)).not.toContain(second);
    expect(data.songCount).toBe(LENGTH - 1);
    await t.deps.db
      .updateTable('artists')
      .set({ is_disabled: 0 })
      .where('id', '=', guestArtistId)
      .execute();

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/removeSongPlaylist/${playlistId}?songId=${third}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(removed.statusCode).toBe(200);
    data = await twice();
    expect(data.songs.map((song) => song._id)).not.toContain(third);
    expect(data.songs.map((song) => song._id)).toContain(second);
    expect(data.songCount).toBe(LENGTH - 1);
  });

  it('keeps the answers of who asks apart (isOwner) and private playlists private', async () => {
    const mine = await get(`/api/user/playlistById/${privateId}`, owner);
    expect(mine.json().data.isOwner).toBe(true);
    await twice(privateId, owner);
    expect((await get(`/api/user/playlistById/${privateId}`, stranger)).statusCode).toBe(404);
    expect((await get(`/api/user/playlistById/${privateId}`)).statusCode).toBe(404);
    const visitor = await get(`/api/user/playlistById/${playlistId}`);
    expect(visitor.json().data.isOwner).toBe(false);
  });

  it('goes on reusing its songs while other playlists change', async () => {
    await twice();
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/user/addSongPlaylist/${privateId}`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { songId: songIds[0] },
    });
    expect(added.statusCode).toBe(409);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/user/removeSongPlaylist/${privateId}?songId=${songIds[4]}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const next = await get(`/api/user/playlistById/${playlistId}`);
    expect(next.body).toContain('"songs":[{"plays":');
    const mine = (await get(`/api/user/playlistById/${privateId}`, owner)).json().data;
    expect(mine.songs.map((song: SongJson) => song._id)).not.toContain(songIds[4]);
  });

  it('gives a slice of the songs with limit and offset, with the whole count and length', async () => {
    const whole = await twice();
    const url = `/api/user/playlistById/${playlistId}?limit=50`;
    // Kept songs serve the slice; after a catalog change (nothing visible here), it is read anew.
    const kept = await get(url);
    expect(kept.statusCode).toBe(200);
    await t.deps.db
      .updateTable('songs')
      .set({ genre: 'Pop' })
      .where('id', '=', songIds[0]!)
      .execute();
    const page = await get(url);
    expect(page.statusCode).toBe(200);
    const data = page.json().data;
    expect(kept.json().data).toEqual(data);
    expect(data.songs.map((song: SongJson) => song._id)).toEqual(
      whole.songs.slice(0, 50).map((song) => song._id),
    );
    expect(data.songs).toEqual(whole.songs.slice(0, 50));
    expect(data.songCount).toBe(whole.songCount);
    expect(data.durationSeconds).toBe(whole.durationSeconds);

    const later = (await get(`/api/user/playlistById/${playlistId}?limit=10&offset=200`)).json()
      .data;
    expect(later.songs).toEqual(whole.songs.slice(200, 210));
    const past = (await get(`/api/user/playlistById/${playlistId}?limit=10&offset=5000`)).json()
      .data;
    expect(past.songs).toEqual([]);
    expect(past.songCount).toBe(whole.songCount);

    for (const query of ['limit=0', 'limit=501', 'limit=abc', 'limit=5&offset=-1', 'offset=5']) {
      const bad = await get(`/api/user/playlistById/${playlistId}?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().message, query).toMatch(/limit|offset/);
    }
  });

  it('answers 304 to a client holding the current tag, and 200 once anything shown changes', async () => {
    const url = `/api/user/playlistById/${playlistId}`;
    const first = await get(url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const same = await get(url, null, { 'if-none-match': etag });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect((await get(url, null, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await get(url, null, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    // The owner's answer differs (isOwner), so the visitor's tag does not match it.
    expect((await get(url, owner, { 'if-none-match': etag })).statusCode).toBe(200);

    await recordPlays(t.deps, songIds[5]!, 1);
    const played = await get(url, null, { 'if-none-match': etag });
    expect(played.statusCode).toBe(200);
    expect(played.headers.etag).not.toBe(etag);

    const sliceTag = (await get(`${url}?limit=20`)).headers.etag as string;
    expect(sliceTag).not.toBe(played.headers.etag);
    expect((await get(`${url}?limit=20`, null, { 'if-none-match': sliceTag })).statusCode).toBe(
      304,
    );
    await t.deps.db
      .updateTable('playlists')
      .set({ name: 'Everything again' })
      .where('id', '=', playlistId)
      .execute();
    expect((await get(`${url}?limit=20`, null, { 'if-none-match': sliceTag })).statusCode).toBe(
      200,
    );
  });
});
