import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp3, makePng } from '../fixtures/media.ts';
import { createTestApp, type TestContext } from '../helpers/api-app.ts';
import { codeIn, freshIp, setCookies, signupBody } from '../helpers/auth.ts';
import {
  createAlbum,
  createArtist,
  createSong,
  createUser,
  type TestUser,
} from '../helpers/factories.ts';
import { multipart } from '../helpers/multipart.ts';

/*
 * What the product's original client reads from each call, page by page (docs/original-client.md): that
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
  /** An administrator's multipart form, as the admin pages send their uploads. */
  const sendForm = (
    method: 'POST' | 'PATCH',
    url: string,
    parts: Parameters<typeof multipart>[0],
  ) => {
    const form = multipart(parts);
    return t.app.inject({
      method,
      url,
      payload: form.payload,
      headers: { ...form.headers, ...bearer(admin) },
    });
  };

  /**
   * What the browser sends after a login that set Chorus's cookies: the session cookie, and (as
   * axios does on same-origin calls) the XSRF cookie's value in the X-XSRF-TOKEN header.
   */
  const browser = (login: LightMyRequestResponse) => {
    const cookies = setCookies(login);
    return {
      cookie: Object.entries(cookies)
        .map(([name, cookie]) => `${name}=${cookie.value}`)
        .join('; '),
      'x-xsrf-token': cookies['XSRF-TOKEN']?.value ?? '',
    };
  };
  const expectMessage = (response: { statusCode: number; json(): unknown }, status: number) => {
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
  };

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

    it("a visitor's page, which sends 'Bearer null', shows a public playlist with text duration", async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/user/playlistById/${playlistId}`,
        headers: { authorization: 'Bearer null' },
      });
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data.songs).toHaveLength(2);
      // Printed after the song count with `&&`: text, never a bare number.
      expect(typeof data.duration).toBe('string');
      expect(data.coverImage === null || typeof data.coverImage === 'string').toBe(true);
    });

    it("an empty playlist's cover grid loads the placeholder images it asks for", async () => {
      const empty = (await post('/api/user/addPlaylist', owner, { name: 'Nothing yet' })).json()
        .data.playlist._id;
      const { data } = (await get(`/api/user/playlistById/${empty}`, owner)).json();
      // No cover and no songs: the page renders four /api/placeholder/150/150 images.
      expect(data.coverImage).toBeNull();
      expect(data.songs).toEqual([]);
      const image = await get('/api/placeholder/150/150');
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(image.body).toContain('width="150" height="150"');
      expect((await get('/api/placeholder/48/48')).statusCode).toBe(200);
      expectMessage(await get('/api/placeholder/0/abc'), 400);
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

    it("the artist page's song rows read artist.songs: date, plays and duration", async () => {
      const { artist } = (await get(`/api/user/getArtistSongById/${band.id}`)).json().data;
      expect(typeof artist.verified).toBe('boolean');
      expect(typeof artist.monthlyListeners).toBe('number');
      expect(artist.songs).toHaveLength(2);
      for (const song of artist.songs) {
        expect(Number.isNaN(new Date(song.createdAt).getTime())).toBe(false);
        expect(typeof song.plays).toBe('number');
        expect(song.duration).toMatch(/^\d+:\d\d$/);
      }
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

    it("the profile prints each playlist's creator.name", async () => {
      const list: { creator: { name: unknown } }[] = (
        await get('/api/user/getPlaylist', owner)
      ).json();
      expect(list.length).toBeGreaterThan(0);
      for (const playlist of list) expect(playlist.creator.name).toBe('Olive Owner');
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
      return sendForm('POST', '/api/admin/addSongs', {
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

  describe('the login forms and logout', () => {
    const postAs = (url: string, payload: object, remoteAddress = freshIp()) =>
      t.app.inject({ method: 'POST', url, payload, remoteAddress });
    const logIn = (url: string, user: TestUser, password = user.password) =>
      postAs(url, { email: user.email, password });

    it('sign-up with a used e-mail toasts the answer’s message (409)', async () => {
      const body = signupBody();
      expect((await postAs('/api/auth/register', body)).statusCode).toBe(201);
      expectMessage(await postAs('/api/auth/register', body), 409);
    });

    it('sign-up accepts every gender the form offers', async () => {
      for (const gender of ['Man', 'Woman', 'Non-binary', 'Something else', 'Prefer not to say']) {
        const response = await postAs('/api/auth/register', signupBody({ gender }));
        expect(response.statusCode, response.body).toBe(201);
      }
    });

    it('an OTP login stores a body with token, boolean isAdmin and admin.username', async () => {
      // A code is good only from where it was asked for.
      const ip = freshIp();
      expect((await postAs('/api/auth/sendOTP', { email: owner.email }, ip)).statusCode).toBe(200);
      const wrong = await postAs('/api/auth/verifyOTP', { email: owner.email, otp: '000000' }, ip);
      expectMessage(wrong, 400);
      const otp = codeIn(t.mailer.last(owner.email)?.text);
      const response = await postAs('/api/auth/verifyOTP', { email: owner.email, otp }, ip);
      expect(response.statusCode, response.body).toBe(200);
      const stored = response.json();
      // The landing page is chosen with `isAdmin === true`; the profile prints admin.username.
      expect(stored.isAdmin).toBe(false);
      expect(stored.admin).toMatchObject({ username: 'Olive Owner', email: owner.email });
      expect(typeof stored.token).toBe('string');
      expect(
        (await get('/api/user/getPlaylist', { ...owner, token: stored.token })).statusCode,
      ).toBe(200);
    });

    it('an admin’s OTP login lands on the dashboard: isAdmin is true', async () => {
      const ip = freshIp();
      await postAs('/api/auth/sendOTP', { email: admin.email }, ip);
      const otp = codeIn(t.mailer.last(admin.email)?.text);
      const response = await postAs('/api/auth/verifyOTP', { email: admin.email, otp }, ip);
      expect(response.json().isAdmin).toBe(true);
    });

    it('a password login stores token and admin.username; refusals answer {message}', async () => {
      const response = await logIn('/api/auth/loginWithPass', owner);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        token: expect.any(String),
        isAdmin: false,
        admin: { username: 'Olive Owner', email: owner.email },
      });
      const wrong = await logIn('/api/auth/loginWithPass', owner, 'not-the-password-1');
      expectMessage(wrong, 401);
      const blocked = await createUser(t.deps, { blocked: true });
      expectMessage(await logIn('/api/auth/loginWithPass', blocked), 403);
    });

    it('the admin login stores isAdmin and admin, and its cookie carries the admin pages', async () => {
      const login = await logIn('/api/admin/adminLogin', admin);
      expect(login.statusCode).toBe(200);
      expect(login.json()).toMatchObject({
        isAdmin: true,
        token: expect.any(String),
        admin: { username: 'Root Admin', email: admin.email },
      });
      // The admin pages send no bearer token: only the cookies, and axios's XSRF header.
      const headers = browser(login);
      expect((await t.app.inject({ url: '/api/admin/getAllUser', headers })).statusCode).toBe(200);
      const toggle = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/toggleDisableArtist/${guest.id}`,
        headers,
        payload: { isDisabled: false },
      });
      expect(toggle.statusCode).toBe(200);
      const listener = await logIn('/api/admin/adminLogin', owner);
      expect([401, 403]).toContain(listener.statusCode);
      expectMessage(listener, listener.statusCode);
      expectMessage(await logIn('/api/admin/adminLogin', admin, 'wrong-password-1'), 401);
    });

    it('logout answers 2xx, with the login cookies or none, and ends the stored token', async () => {
      const login = await logIn('/api/auth/loginWithPass', owner);
      const token: string = login.json().token;
      const logout = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: browser(login),
      });
      expect(logout.statusCode).toBe(200);
      expect((await get('/api/user/getPlaylist', { ...owner, token })).statusCode).toBe(401);
      const bare = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
      expect(bare.statusCode).toBe(200);
    });
  });

  describe('behind https', () => {
    it("the admin pages' cookie calls and logout send axios's XSRF header from XSRF-TOKEN", async () => {
      const secure = await createTestApp({ PUBLIC_URL: 'https://music.example.com' });
      try {
        const root = await createUser(secure.deps, { role: 'admin' });
        const listener = await createUser(secure.deps);
        const login = await secure.app.inject({
          method: 'POST',
          url: '/api/admin/adminLogin',
          payload: { email: root.email, password: root.password },
          remoteAddress: freshIp(),
        });
        const cookies = setCookies(login);
        // axios reads the XSRF token from a cookie named exactly XSRF-TOKEN.
        expect(cookies['XSRF-TOKEN']).toMatchObject({ secure: true, path: '/' });
        expect(cookies['XSRF-TOKEN']?.httpOnly).not.toBe(true);
        const headers = browser(login);
        const block = await secure.app.inject({
          method: 'PATCH',
          url: `/api/admin/toggleBlockUser/${listener.id}`,
          headers,
          payload: { isBlocked: true },
        });
        expect(block.statusCode, block.body).toBe(200);
        const logout = await secure.app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers,
        });
        expect(logout.statusCode).toBe(200);
        expect(Object.keys(setCookies(logout))).toContain('XSRF-TOKEN');
      } finally {
        await secure.close();
      }
    });
  });

  describe('the stored token on every bearer call', () => {
    it('the token from sign-up or password login works on each call that sends it', async () => {
      const body = signupBody({ name: 'Token Holder' });
      const registered = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: body,
        remoteAddress: freshIp(),
      });
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/loginWithPass',
        payload: { email: body.email, password: body.password },
      });
      for (const token of [registered.json().data.token, login.json().token] as string[]) {
        const holder: TestUser = { ...owner, token };
        const created = await post('/api/user/addPlaylist', holder, { name: 'Mine' });
        expect(created.statusCode).toBe(201);
        const id = created.json().data.playlist._id;
        const calls = [
          await get('/api/user/getPlaylist', holder),
          await get(`/api/user/playlistById/${id}`, holder),
          await post(`/api/user/addSongPlaylist/${id}`, holder, { songId: single.id }),
          await get(`/api/songs/${single.id}/playlists`, holder),
          await t.app.inject({
            method: 'DELETE',
            url: `/api/user/deletePlaylist/${id}`,
            headers: bearer(holder),
          }),
        ];
        expect(calls.map((call) => call.statusCode)).toEqual([200, 200, 200, 200, 200]);
      }
    });
  });

  describe('the admin pages', () => {
    const patch = (url: string, payload?: object) =>
      t.app.inject({
        method: 'PATCH',
        url,
        headers: bearer(admin),
        ...(payload ? { payload } : {}),
      });

    it('the users table reads names and flags, never secrets; a toggle answers the user as data', async () => {
      const { users } = (await get('/api/admin/getAllUser', admin)).json();
      for (const user of users) {
        expect(typeof user.name).toBe('string');
        expect(typeof user.email).toBe('string');
        for (const secret of ['password', 'passwordHash', 'password_hash', 'otp', 'token']) {
          expect(user).not.toHaveProperty(secret);
        }
      }
      const listener = await createUser(t.deps);
      const url = `/api/admin/toggleBlockUser/${listener.id}`;
      const blocked = await patch(url, { isBlocked: true });
      expect(blocked.json().data).toMatchObject({ _id: listener.id, isBlocked: true });
      const unblocked = await patch(url, { isBlocked: false });
      expect(unblocked.json().data).toMatchObject({ _id: listener.id, isBlocked: false });
    });

    it('song rows and the player read title, artist objects, text duration and a stream url', async () => {
      for (const user of [admin, owner, null]) {
        const { songs } = (await get('/api/admin/getAllSongs', user)).json();
        expect(Array.isArray(songs)).toBe(true);
        const row = songs.find((song: { _id: unknown }) => song._id === onAlbum.id);
        expect(row).toMatchObject({
          title: 'Opening',
          artist: [
            { _id: band.id, name: 'The Testers' },
            { _id: guest.id, name: 'Guest Voice' },
          ],
          genre: expect.any(String),
          status: 'Active',
          isDeleted: false,
        });
        expect(row.duration).toMatch(/^\d+:\d\d$/);
        expect(row.coverImage === null || typeof row.coverImage === 'string').toBe(true);
        expect(row.audioUrl ?? row.url).toMatch(/^\/api\/songs\/\d+\/stream/);
      }
    });

    it('deleting a song answers the updated song under song', async () => {
      const doomed = await createSong(t.deps, { title: 'Doomed', artistIds: [guest.id] });
      const response = await patch(`/api/admin/toggleDeleted/${doomed.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().song).toMatchObject({ _id: doomed.id, isDeleted: true });
    });

    it('the artists table prints name, e-mail, artworks and join date, and no type', async () => {
      for (const user of [admin, null]) {
        const list = (await get('/api/admin/getAllArtist', user)).json();
        for (const artist of list) {
          expect(typeof artist.name).toBe('string');
          expect(artist.email === null || typeof artist.email === 'string').toBe(true);
          expect(artist.image === null || typeof artist.image === 'string').toBe(true);
          expect(typeof artist.artworks).toBe('number');
          expect(typeof artist.isDisabled).toBe('boolean');
          expect(Number.isNaN(new Date(artist.createdAt).getTime())).toBe(false);
          // The home page prints `artist.type` under each card.
          expect(artist).not.toHaveProperty('type');
        }
      }
    });

    it('adding an artist answers 201 {message, artist}; disabling it takes {isDisabled}', async () => {
      const added = await sendForm('POST', '/api/admin/addArtist', {
        name: 'Added Act',
        description: 'New on the label',
        imageFile: { filename: 'a.png', contentType: 'image/png', data: await makePng(40) },
      });
      expect(added.statusCode).toBe(201);
      expect(added.json()).toMatchObject({
        message: expect.any(String),
        artist: { name: 'Added Act' },
      });
      const id = added.json().artist._id;
      const disabled = await patch(`/api/admin/toggleDisableArtist/${id}`, { isDisabled: true });
      expect(disabled.statusCode).toBe(200);
      const listed = (await get('/api/admin/getAllArtist', admin)).json();
      expect(listed.find((artist: { _id: string }) => artist._id === String(id))?.isDisabled).toBe(
        true,
      );
    });

    it("an artist's update answers data whose _id matches its getAllArtist entry", async () => {
      const list: { _id: unknown }[] = (await get('/api/admin/getAllArtist', admin)).json();
      const json = await patch(`/api/admin/updatedArtist/${guest.id}`, { name: 'Guest Voice' });
      expect(json.statusCode).toBe(200);
      // The store swaps the edited artist in with `artist._id === data._id`.
      expect(list.some((artist) => artist._id === json.json().data._id)).toBe(true);
      const withImage = await sendForm('PATCH', `/api/admin/updatedArtist/${guest.id}`, {
        name: 'Guest Voice',
        imageFile: {
          filename: 'g.png',
          contentType: 'image/png',
          data: await makePng(40, '#abcdef'),
        },
      });
      expect(withImage.statusCode).toBe(200);
      const { data } = withImage.json();
      expect(list.some((artist) => artist._id === data._id)).toBe(true);
      expect((await t.app.inject({ url: data.image })).statusCode).toBe(200);
    });
  });

  describe("the player's playlist popup", () => {
    let popupPlaylist: number;
    beforeAll(async () => {
      popupPlaylist = (await post('/api/user/addPlaylist', owner, { name: 'Popup' })).json().data
        .playlist._id;
    });

    it('ticks read playlists[]._id, which equal the getPlaylist ids', async () => {
      const added = await post(`/api/user/addSongPlaylist/${popupPlaylist}`, owner, {
        songId: onAlbum.id,
      });
      expect(added.statusCode).toBe(200);
      expect(added.json().data).toMatchObject({ _id: popupPlaylist });
      const sidebar: { _id: unknown }[] = (await get('/api/user/getPlaylist', owner)).json();
      const { playlists } = (await get(`/api/songs/${onAlbum.id}/playlists`, owner)).json();
      const ticked = sidebar.filter((playlist) =>
        playlists.some((withSong: { _id: unknown }) => withSong._id === playlist._id),
      );
      expect(ticked.map((playlist) => playlist._id).sort()).toEqual(
        [playlistId, popupPlaylist].sort(),
      );
    });

    it('adding a song twice answers 409 {message}, which the store reads', async () => {
      const again = await post(`/api/user/addSongPlaylist/${popupPlaylist}`, owner, {
        songId: onAlbum.id,
      });
      expectMessage(again, 409);
    });

    it('an untick by cookie removes the song given in the body, and one without it answers 400', async () => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/loginWithPass',
        payload: { email: owner.email, password: owner.password },
      });
      const headers = browser(login);
      // What that client's delete call really sends: no body, no bearer token.
      const bare = await t.app.inject({
        method: 'DELETE',
        url: `/api/removeSongPlaylist/${popupPlaylist}`,
        headers,
      });
      expectMessage(bare, 400);
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/removeSongPlaylist/${popupPlaylist}`,
        headers,
        payload: { songId: onAlbum.id },
      });
      expect(removed.statusCode).toBe(200);
      expect(removed.json().data).toMatchObject({ playlistId: popupPlaylist, songId: onAlbum.id });
    });

    it('deleting a playlist answers 2xx to its owner only, {message} to anyone else', async () => {
      const stranger = await createUser(t.deps);
      const refused = await t.app.inject({
        method: 'DELETE',
        url: `/api/user/deletePlaylist/${popupPlaylist}`,
        headers: bearer(stranger) ?? {},
      });
      expect([403, 404]).toContain(refused.statusCode);
      expectMessage(refused, refused.statusCode);
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/user/deletePlaylist/${popupPlaylist}`,
        headers: bearer(owner) ?? {},
      });
      expect(deleted.statusCode).toBe(200);
    });
  });
});
