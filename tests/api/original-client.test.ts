import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp3, makePng } from '../fixtures/media.ts';
import { createTestApp, type TestContext } from '../helpers/api-app.ts';
import { signupBody } from '../helpers/auth.ts';
import {
  createAlbum,
  createArtist,
  createSong,
  createUser,
  type TestUser,
} from '../helpers/factories.ts';
import { multipart } from '../helpers/multipart.ts';

/*
 * What the product's original client reads from each call, page by page (API-COMPAT.md): that
 * client was built unchanged and driven against Chorus, and these are the answers that broke it.
 * Each test is named after the client's behaviour it protects.
 */

interface OriginalSong {
  _id: number;
  title: string;
  coverImage: string | null;
  artist: unknown;
  album: unknown;
  duration: string;
}

describe("the original client's pages", () => {
  let t: TestContext;
  let admin: TestUser;
  let owner: TestUser;
  let band: { id: number; name: string };
  let guest: { id: number; name: string };
  let onAlbum: { id: number; title: string };
  let single: { id: number; title: string };
  let playlistId: number;

  const bearer = (user: TestUser | null) =>
    user ? { authorization: `Bearer ${user.token}` } : undefined;
  const get = (url: string, user: TestUser | null = null) =>
    t.app.inject({ method: 'GET', url, headers: bearer(user) ?? {} });
  const post = (url: string, user: TestUser | null, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(user) ?? {}, payload });

  /** Whether a value renders as a React child: text, a number, or a list of those. */
  const printable = (value: unknown): boolean =>
    typeof value === 'string' ||
    typeof value === 'number' ||
    (Array.isArray(value) && value.every((item) => typeof item === 'string'));

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.deps, { role: 'admin', name: 'Root Admin' });
    owner = await createUser(t.deps, { name: 'Olive Owner' });
    band = await createArtist(t.deps, { name: 'The Testers' });
    guest = await createArtist(t.deps, { name: 'Guest Voice' });
    const album = await createAlbum(t.deps, band.id, 'First Light');
    onAlbum = await createSong(t.deps, {
      title: 'Opening',
      artistIds: [band.id, guest.id],
      albumId: album.id,
      duration: 61,
    });
    single = await createSong(t.deps, { title: 'Loose Single', artistIds: [band.id] });
    const created = await post('/api/user/addPlaylist', owner, { name: 'Road trip' });
    playlistId = created.json().data._id;
    for (const song of [onAlbum, single]) {
      await post(`/api/user/addSongPlaylist/${playlistId}`, owner, { songId: song.id });
    }
  });
  afterAll(() => t.close());

  describe('GET /api/user/playlistById/:id', () => {
    it("a playlist's songs give artist and album as text", async () => {
      const response = await get(`/api/user/playlistById/${playlistId}`, owner);
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data).toMatchObject({
        name: 'Road trip',
        description: '',
        isPublic: true,
        creator: { name: 'Olive Owner' },
      });
      const songs: OriginalSong[] = data.songs;
      expect(songs.map((song) => song.title)).toEqual(['Opening', 'Loose Single']);
      for (const song of songs) {
        expect(printable(song.artist), JSON.stringify(song.artist)).toBe(true);
        expect(printable(song.album), JSON.stringify(song.album)).toBe(true);
        expect(song).toHaveProperty('coverImage');
        expect(song.duration).toMatch(/^\d+:\d\d$/);
      }
      expect(songs[0]).toMatchObject({ artist: 'The Testers, Guest Voice', album: 'First Light' });
      expect(songs[1]).toMatchObject({ artist: 'The Testers', album: '' });
    });

    it("the header prints no 'playlistPlaylist' and no stray '0'", async () => {
      const { data } = (await get(`/api/user/playlistById/${playlistId}`)).json();
      expect(data).not.toHaveProperty('type');
      expect(data).not.toHaveProperty('saves');
      expect(data).not.toHaveProperty('followers');
    });

    it("Chorus's own page reads the structured shape from GET /api/playlists/:id", async () => {
      const response = await get(`/api/playlists/${playlistId}`, owner);
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data).toMatchObject({ type: 'playlist', saves: 0 });
      expect(data.songs[0]).toMatchObject({
        artist: [
          { _id: band.id, name: 'The Testers' },
          { _id: guest.id, name: 'Guest Voice' },
        ],
        album: { title: 'First Light' },
        artistName: 'The Testers, Guest Voice',
      });
    });

    it('bad input answers {message} with its 4xx', async () => {
      const bad = await get('/api/user/playlistById/abc');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ message: expect.any(String) });
      const missing = await get('/api/user/playlistById/999999');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Playlist not found' });
    });
  });

  describe('GET /api/user/getArtistSongById/:id', () => {
    it("an artist's songs give album and artist as text", async () => {
      const response = await get(`/api/user/getArtistSongById/${band.id}`);
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data.artist).toMatchObject({ _id: band.id, name: 'The Testers', verified: false });
      const songs: OriginalSong[] = data.songs;
      expect(songs.map((song) => song.title).sort()).toEqual(['Loose Single', 'Opening']);
      for (const song of [...songs, ...data.artist.songs]) {
        expect(printable(song.album), JSON.stringify(song.album)).toBe(true);
        expect(printable(song.artist), JSON.stringify(song.artist)).toBe(true);
      }
      expect(songs.find((song) => song._id === onAlbum.id)?.album).toBe('First Light');
    });

    it("the artist's followers print no stray '0', and show once there are some", async () => {
      const before = (await get(`/api/user/getArtistSongById/${guest.id}`)).json().data.artist;
      expect(before).not.toHaveProperty('followers');
      const follow = await t.app.inject({
        method: 'PUT',
        url: `/api/artists/${guest.id}/follow`,
        headers: bearer(owner) ?? {},
      });
      expect(follow.statusCode).toBe(200);
      const after = (await get(`/api/user/getArtistSongById/${guest.id}`)).json().data.artist;
      expect(after.followers).toBe(1);
    });

    it('an unknown artist answers 404 {message}', async () => {
      const response = await get('/api/user/getArtistSongById/999999');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Artist not found' });
    });
  });

  describe('GET /api/user/getPlaylist', () => {
    it('each playlist has a songs array for the profile and the sidebar covers', async () => {
      const empty = await post('/api/user/addPlaylist', owner, { name: 'Empty one' });
      expect(empty.statusCode).toBe(201);
      const response = await get('/api/user/getPlaylist', owner);
      expect(response.statusCode).toBe(200);
      const list: { _id: number; songs: OriginalSong[] }[] = response.json();
      expect(Array.isArray(list)).toBe(true);
      for (const playlist of list) {
        expect(Array.isArray(playlist.songs)).toBe(true);
        expect(playlist).not.toHaveProperty('type');
        expect(playlist).not.toHaveProperty('saves');
      }
      const road = list.find((playlist) => playlist._id === playlistId);
      expect(road?.songs.map((song) => song.title)).toEqual(['Opening', 'Loose Single']);
      expect(road?.songs[0]).toMatchObject({
        artist: 'The Testers, Guest Voice',
        album: 'First Light',
      });
      expect(road?.songs[0]).toHaveProperty('coverImage');
      expect(list.find((playlist) => playlist._id === empty.json().data._id)?.songs).toEqual([]);
    });

    it('a new playlist joins the sidebar list in its shape: data.playlist, no type, no zero saves', async () => {
      const created = await post('/api/user/addPlaylist', owner, { name: 'Fresh one' });
      expect(created.statusCode).toBe(201);
      const added = created.json().data.playlist;
      expect(added).toMatchObject({ name: 'Fresh one', songs: [] });
      expect(added).not.toHaveProperty('type');
      expect(added).not.toHaveProperty('saves');
      // Chorus's own app reads the playlist as it shows it.
      expect(created.json().playlist).toMatchObject({ name: 'Fresh one', type: 'playlist' });
      const listed = (await get('/api/user/getPlaylist', owner)).json();
      expect(listed.find((playlist: { _id: number }) => playlist._id === added._id)).toEqual(added);
    });

    it("Chorus's own sidebar lists playlists from GET /api/me/playlists", async () => {
      const list = (await get('/api/me/playlists', owner)).json();
      expect(list.find((playlist: { _id: number }) => playlist._id === playlistId)).toMatchObject({
        type: 'playlist',
        songCount: 2,
      });
    });
  });

  describe('POST /api/admin/addSongs', () => {
    const addSong = async (files: boolean) => {
      const form = multipart({
        title: 'Fresh Upload',
        artist: String(band.id),
        genre: 'Pop',
        duration: '0:03',
        status: 'Active',
        ...(files
          ? {
              audioFile: { filename: 'a.mp3', contentType: 'audio/mpeg', data: makeMp3(3, 330) },
              imageFile: {
                filename: 'c.png',
                contentType: 'image/png',
                data: await makePng(40, '#123456'),
              },
            }
          : {}),
      });
      return t.app.inject({
        method: 'POST',
        url: '/api/admin/addSongs',
        payload: form.payload,
        headers: { ...form.headers, ...bearer(admin) },
      });
    };

    it('addSongs answers 201 with the song as the body and without a song key', async () => {
      const response = await addSong(true);
      expect(response.statusCode).toBe(201);
      const body = response.json();
      // The client stores `data.song` as its whole list and calls .filter on it.
      expect(body).not.toHaveProperty('song');
      expect(body).toMatchObject({ title: 'Fresh Upload', genre: 'Pop', status: 'Active' });
      expect(typeof body._id).toBe('number');
    });

    it('a form without its files answers 400 {message}', async () => {
      const response = await addSong(false);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'Please select both audio and image files',
      });
    });
  });

  describe('GET /api/admin/getAllArtist', () => {
    it("getAllArtist ids compare equal to the URL's id text", async () => {
      for (const user of [admin, owner, null]) {
        const list: { _id: unknown; name: string }[] = (
          await get('/api/admin/getAllArtist', user)
        ).json();
        expect(Array.isArray(list)).toBe(true);
        // The edit page's lookup, with the id as /admin_artist_edit/:id gives it.
        const params = { id: String(band.id) };
        expect(list.find((artist) => artist._id === params.id)?.name).toBe('The Testers');
      }
    });

    it("Chorus's own admin pages read numeric ids from GET /api/admin/artists", async () => {
      const { items } = (await get('/api/admin/artists', admin)).json();
      expect(items.find((artist: { _id: unknown }) => artist._id === band.id)?.name).toBe(
        'The Testers',
      );
    });
  });

  describe('GET /api/admin/getAllUser', () => {
    it('getAllUser lists listeners only', async () => {
      const response = await get('/api/admin/getAllUser', admin);
      expect(response.statusCode).toBe(200);
      const users: { _id: number; isBlocked: boolean; isPremium: boolean }[] =
        response.json().users;
      expect(users.some((user) => user._id === owner.id)).toBe(true);
      expect(users.some((user) => user._id === admin.id)).toBe(false);
      for (const user of users) {
        expect(user).toMatchObject({
          isBlocked: expect.any(Boolean),
          isPremium: expect.any(Boolean),
        });
      }
    });
  });

  describe('POST /api/auth/register', () => {
    it('the register answer carries admin.username', async () => {
      const body = signupBody({ name: 'New Listener' });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: body,
        remoteAddress: '203.0.113.77',
      });
      expect(response.statusCode, response.body).toBe(201);
      const answer = response.json();
      // Stored as the user after sign-up (the whole body or its `data`); the profile prints
      // `user.admin.username` either way.
      for (const stored of [answer, answer.data]) {
        expect(stored.admin).toMatchObject({ username: 'New Listener', email: body.email });
      }
      expect(answer.data.token).toBe(answer.token);
    });

    it('a sign-up with a bad date of birth answers 400 {message}', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: signupBody({ DOB: 'yesterday' }),
        remoteAddress: '203.0.113.78',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: expect.any(String) });
    });
  });
});
