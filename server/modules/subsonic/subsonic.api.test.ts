import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import { SubsonicAPI } from 'subsonic-api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import {
  createAlbum,
  createArtist,
  createManySongs,
  createPlaylist,
  createSong,
  createUser,
  recordPlays,
  type TestUser,
} from '../../../tests/helpers/factories.ts';
import { ServerSecret } from '../../lib/server-secret.ts';
import { addressHourKey, PLAYS_PER_ADDRESS } from '../plays/plays.service.ts';
import { AppKeysRepository } from './app-keys.repository.ts';
import { AppKeyRing, AppKeysService } from './app-keys.service.ts';
import { GZIP_FROM_BYTES } from './protocol.ts';
import { ALBUM_LIST_TYPES } from './subsonic.service.ts';

const XSD = fs.readFileSync(
  path.join(import.meta.dirname, '../../../tests/fixtures/subsonic-rest-api.xsd'),
  'utf8',
);

type Json = Record<string, unknown> & {
  status: string;
  error?: { code: number; message: string };
};

describe('the Subsonic API over HTTP', () => {
  let t: TestContext;
  let base: string;
  let listener: TestUser;
  let other: TestUser;
  let blocked: TestUser;
  let appKey: string;
  let otherKey: string;
  let blockedKey: string;
  let artist: { id: number; name: string };
  let hiddenArtist: { id: number; name: string };
  let album: { id: number; title: string };
  const songs: { id: number; title: string }[] = [];
  const hiddenSongs: number[] = [];
  let otherPrivatePlaylist: number;

  /** A call by raw URL (no client), as apps that never send `f=json` make it. */
  const rest = (method: string, params: Record<string, string | string[]>, init?: RequestInit) => {
    const url = new URL(`${base}/rest/${method}`);
    for (const [key, value] of Object.entries(params)) {
      for (const one of [value].flat()) url.searchParams.append(key, one);
    }
    return fetch(url, init);
  };
  /** A call by form POST (the `formPost` extension): `body` as fields in order, or as sent. */
  const postForm = (method: string, body: [string, string][] | string) =>
    fetch(`${base}/rest/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: typeof body === 'string' ? body : new URLSearchParams(body),
    });
  const json = async (method: string, params: Record<string, string | string[]>) => {
    const response = await rest(method, { ...params, f: 'json' });
    expect(response.status).toBe(200);
    return ((await response.json()) as { 'subsonic-response': Json })['subsonic-response'];
  };
  /** What the Subsonic XSD finds wrong in XML answers: nothing when they are valid. */
  const schemaErrors = async (answers: { fileName: string; contents: string }[]) =>
    (
      await validateXML({
        xml: answers,
        schema: [{ fileName: 'subsonic-rest-api.xsd', contents: XSD }],
      })
    ).errors;
  /** When the listener's counted plays of a song were heard, oldest first. */
  const listenerPlays = async (songId: number) =>
    (
      await t.deps.db
        .selectFrom('plays')
        .select('played_at')
        .where('song_id', '=', songId)
        .where('user_id', '=', listener.id)
        .orderBy('played_at')
        .execute()
    ).map((row) => row.played_at);
  /** `count` songs of a new artist, oldest first. */
  const manySongsOfNewArtist = async (name: string, count: number) => {
    const made = await createArtist(t.deps, { name });
    await createManySongs(t.deps, count, made.id);
    const rows = await t.deps.db
      .selectFrom('song_artists')
      .select('song_id')
      .where('artist_id', '=', made.id)
      .orderBy('song_id')
      .execute();
    return rows.map((row) => row.song_id);
  };
  /** Takes songs a test added out of every list again. */
  const retire = (ids: number[]) =>
    t.deps.db.updateTable('songs').set({ is_deleted: 1 }).where('id', 'in', ids).execute();
  const client = (
    auth: { username: string; password: string } | { apiKey: string },
    post = false,
  ) => new SubsonicAPI({ url: base, auth, reuseSalt: true, post });

  /** Every method the API answers, each with parameters that would succeed for the owner. */
  const calls = (): [string, Record<string, string>][] => [
    ['ping', {}],
    ['tokenInfo', {}],
    ['getLicense', {}],
    ['getMusicFolders', {}],
    ['getScanStatus', {}],
    ['startScan', {}],
    ['getArtists', {}],
    ['getArtist', { id: String(artist.id) }],
    ['getAlbum', { id: String(album.id) }],
    ['getSong', { id: String(songs[0]!.id) }],
    ['getAlbumList2', { type: 'newest' }],
    ['getGenres', {}],
    ['getRandomSongs', {}],
    ['getSongsByGenre', { genre: 'Pop' }],
    ['search3', { query: '""' }],
    ['stream', { id: String(songs[0]!.id) }],
    ['download', { id: String(songs[0]!.id) }],
    ['getCoverArt', { id: 'a'.repeat(64) }],
    ['star', { id: String(songs[0]!.id) }],
    ['unstar', { id: String(songs[0]!.id) }],
    ['getStarred2', {}],
    ['scrobble', { id: String(songs[0]!.id), submission: 'false' }],
    ['getNowPlaying', {}],
    ['getPlaylists', {}],
    ['getPlaylist', { id: String(otherPrivatePlaylist) }],
    ['createPlaylist', { name: 'x' }],
    ['updatePlaylist', { playlistId: String(otherPrivatePlaylist), name: 'x' }],
    ['deletePlaylist', { id: String(otherPrivatePlaylist) }],
    ['getUser', { username: other.email }],
    ['getLyricsBySongId', { id: String(songs[0]!.id) }],
    ['getLyrics', { artist: 'Nova Lights', title: 'Track 0' }],
    ['getIndexes', {}],
    ['getMusicDirectory', { id: `ar-${artist.id}` }],
    ['getMusicDirectory', { id: `al-${album.id}` }],
    ['getAlbumList', { type: 'newest' }],
    ['search2', { query: '""' }],
    ['getStarred', {}],
    ['getTopSongs', { artist: 'Nova Lights' }],
    ['getSimilarSongs', { id: String(songs[0]!.id) }],
    ['getSimilarSongs2', { id: String(artist.id) }],
    ['getArtistInfo', { id: `ar-${artist.id}` }],
    ['getArtistInfo2', { id: String(artist.id) }],
    ['getAlbumInfo', { id: `al-${album.id}` }],
    ['getAlbumInfo2', { id: String(album.id) }],
    ['savePlayQueue', { id: String(songs[0]!.id), current: String(songs[0]!.id) }],
    ['getPlayQueue', {}],
    ['getInternetRadioStations', {}],
  ];

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    listener = await createUser(t.deps);
    other = await createUser(t.deps);
    blocked = await createUser(t.deps, { blocked: true });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/me/app-key',
      headers: { authorization: `Bearer ${listener.token}` },
    });
    expect(created.statusCode).toBe(200);
    appKey = created.json().appKey;
    const keys = t.deps.services.appKeys;
    otherKey = (await keys.create(other.id)).appKey;
    blockedKey = (await keys.create(blocked.id)).appKey;

    artist = await createArtist(t.deps, { name: 'Nova Lights' });
    hiddenArtist = await createArtist(t.deps, { name: 'Hidden Band', disabled: true });
    album = await createAlbum(t.deps, artist.id, 'Night Drive');
    for (let i = 0; i < 5; i++) {
      songs.push(
        await createSong(t.deps, {
          title: `Track ${i}`,
          artistIds: [artist.id],
          albumId: album.id,
          genre: i < 3 ? 'Synthwave' : 'Pop',
        }),
      );
    }
    hiddenSongs.push((await createSong(t.deps, { artistIds: [hiddenArtist.id] })).id);
    hiddenSongs.push((await createSong(t.deps, { artistIds: [artist.id], status: 'Inactive' })).id);
    hiddenSongs.push((await createSong(t.deps, { artistIds: [artist.id], deleted: true })).id);
    otherPrivatePlaylist = (await createPlaylist(t.deps, other.id, { isPublic: false })).id;
  });
  afterAll(() => t.close());

  describe('authentication', () => {
    it('accepts the app key by token (md5 of key and salt), with the salt reused', async () => {
      const api = client({ username: listener.email, password: appKey });
      expect((await api.ping()).status).toBe('ok');
      expect((await api.ping()).status).toBe('ok');
    });

    it('accepts the app key as apiKey', async () => {
      expect((await client({ apiKey: appKey }).ping()).status).toBe('ok');
    });

    it('accepts the account password, in clear and as enc: hex', async () => {
      const plain = await json('ping', { u: listener.email, p: listener.password });
      expect(plain.status).toBe('ok');
      const hex = Buffer.from(listener.password, 'utf8').toString('hex');
      expect((await json('ping', { u: listener.email, p: `enc:${hex}` })).status).toBe('ok');
    });

    it('refuses a wrong password, a wrong token and the unknown user with md5("" + salt)', async () => {
      const wrong = await json('ping', { u: listener.email, p: 'not-it' });
      expect(wrong.error).toEqual({ code: 40, message: 'Wrong username or password' });
      const salt = 'abcdef';
      // A token made from the account password, as people try first, is told what to use.
      const fromPassword = createHash('md5').update(`${listener.password}${salt}`).digest('hex');
      const told = await json('ping', { u: listener.email, t: fromPassword, s: salt });
      expect(told.error?.code).toBe(40);
      expect(told.error?.message).toMatch(/app key made under Apps on your Chorus profile page/);
      const empty = createHash('md5').update(salt).digest('hex');
      expect((await json('ping', { u: 'nobody@example.com', t: empty, s: salt })).error?.code).toBe(
        40,
      );
      // A user without an app key has no secret either.
      const noKey = await createUser(t.deps);
      expect((await json('ping', { u: noKey.email, t: empty, s: salt })).error?.code).toBe(40);
      const token = createHash('md5').update(`${otherKey}${salt}`).digest('hex');
      expect((await json('ping', { u: listener.email, t: token, s: salt })).error?.code).toBe(40);
    });

    it('answers the OpenSubsonic codes for missing, conflicting and unknown credentials', async () => {
      expect((await json('ping', {})).error?.code).toBe(10);
      expect((await json('ping', { apiKey: appKey, u: listener.email })).error?.code).toBe(43);
      expect((await json('ping', { apiKey: 'x'.repeat(32) })).error?.code).toBe(44);
    });

    it('limits password tries per address like the password login', async () => {
      const target = await createUser(t.deps);
      for (let i = 0; i < 10; i++) {
        expect((await json('ping', { u: target.email, p: 'wrong' })).error?.code).toBe(40);
      }
      const limited = await json('ping', { u: target.email, p: target.password });
      expect(limited.error?.code).toBe(0);
      expect(limited.error?.message).toMatch(/Too many attempts/);
    });

    it('counts wrong passwords per IPv6 /64, and from one address across accounts', async () => {
      const from = async (ip: string, u: string, p: string) => {
        const query = new URLSearchParams({ u, p, f: 'json', v: '1.16.1', c: 'test' });
        const response = await t.app.inject({
          method: 'GET',
          url: `/rest/ping?${query}`,
          remoteAddress: ip,
        });
        return (response.json() as { 'subsonic-response': Json })['subsonic-response'];
      };
      // Each try from another address of one /64 counts as the same client's.
      const target = await createUser(t.deps);
      for (let i = 1; i <= 10; i++) {
        expect((await from(`2001:db8:5:7::${i}`, target.email, 'wrong')).error?.code).toBe(40);
      }
      const sameNetwork = await from('2001:db8:5:7::99', target.email, target.password);
      expect(sameNetwork.error?.message).toMatch(/Too many attempts/);
      expect((await from('2001:db8:5:8::1', target.email, target.password)).status).toBe('ok');
      // One address trying a few passwords on many accounts is stopped after the web login's 30.
      for (let i = 0; i < 30; i++) {
        expect((await from('198.51.100.7', `nobody${i}@example.com`, 'wrong')).error?.code).toBe(
          40,
        );
      }
      const sprayed = await createUser(t.deps);
      const refused = await from('198.51.100.7', sprayed.email, sprayed.password);
      expect(refused.error?.message).toMatch(/Too many attempts/);
      expect((await from('198.51.100.8', sprayed.email, sprayed.password)).status).toBe('ok');
      // Tries sent all at once are each counted before any is answered.
      const together = await Promise.all(
        Array.from({ length: 40 }, (_, i) => from('203.0.113.9', `many${i}@example.com`, 'wrong')),
      );
      const heard = together.filter((answer) => answer.error?.code === 40);
      const limited = together.filter((answer) =>
        /Too many attempts/.test(answer.error?.message ?? ''),
      );
      expect([heard.length, limited.length]).toEqual([30, 10]);
    }, 30_000);

    it('refuses blocked accounts whatever the scheme', async () => {
      expect((await json('ping', { apiKey: blockedKey })).error).toEqual({
        code: 50,
        message: 'Your account is suspended: ask the administrator of this Chorus server',
      });
      expect((await json('ping', { u: blocked.email, p: blocked.password })).error?.code).toBe(50);
      const salt = 'b10cked';
      const token = createHash('md5').update(`${blockedKey}${salt}`).digest('hex');
      expect((await json('ping', { u: blocked.email, t: token, s: salt })).error?.code).toBe(50);
    });

    it('lets an account without a password connect with its app key', async () => {
      const codeOnly = await createUser(t.deps);
      await t.deps.db
        .updateTable('users')
        .set({ password_hash: null })
        .where('id', '=', codeOnly.id)
        .execute();
      const key = (await t.deps.services.appKeys.create(codeOnly.id)).appKey;
      expect((await json('ping', { u: codeOnly.email, p: 'anything' })).error?.code).toBe(40);
      expect((await client({ username: codeOnly.email, password: key }).ping()).status).toBe('ok');
      expect((await json('ping', { u: codeOnly.email, p: key })).status).toBe('ok');
    });

    it('stops working once the key is revoked, and a new key replaces the old', async () => {
      const user = await createUser(t.deps);
      const headers = { authorization: `Bearer ${user.token}` };
      const first = (
        await t.app.inject({ method: 'POST', url: '/api/me/app-key', headers })
      ).json();
      const second = (
        await t.app.inject({ method: 'POST', url: '/api/me/app-key', headers })
      ).json();
      expect((await json('ping', { apiKey: first.appKey })).error?.code).toBe(44);
      expect((await json('ping', { apiKey: second.appKey })).status).toBe('ok');
      const state = await t.app.inject({ method: 'GET', url: '/api/me/app-key', headers });
      expect(state.json()).toMatchObject({ hasKey: true });
      expect(JSON.stringify(state.json())).not.toContain(second.appKey);
      await t.app.inject({ method: 'DELETE', url: '/api/me/app-key', headers });
      expect((await json('ping', { apiKey: second.appKey })).error?.code).toBe(44);
    });

    it('keeps the key encrypted and hashed under the server secret, never in clear', async () => {
      const row = await t.deps.db
        .selectFrom('app_keys')
        .selectAll()
        .where('user_id', '=', listener.id)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(appKey);
      // The database alone opens nothing: a server on it with another secret knows no key.
      const salt = 'c0ffee';
      const token = createHash('md5').update(`${appKey}${salt}`).digest('hex');
      const keysOf = (secret: ServerSecret) =>
        new AppKeysService(new AppKeysRepository(t.deps), secret);
      const elsewhere = keysOf(new ServerSecret('another-server-secret-of-32-characters', 'env'));
      expect(await elsewhere.matchesToken(listener.id, token, salt)).toBe(false);
      expect(await elsewhere.accountOf(appKey)).toBeNull();
      // Its profile then offers to make a key rather than show one that no app can use.
      expect(await elsewhere.state(listener.id)).toEqual({ hasKey: false, createdAt: null });
      expect(await keysOf(t.deps.secret).state(listener.id)).toMatchObject({ hasKey: true });
      expect(await keysOf(t.deps.secret).matchesToken(listener.id, token, salt)).toBe(true);
    });

    it('seals keys made under the database secret again under the server secret', async () => {
      const user = await createUser(t.deps);
      const databaseSecret = 'a-secret-stored-in-the-database-beside-the-keys';
      await t.deps.db
        .insertInto('app_secrets')
        .values({ name: 'app-keys', value: databaseSecret, created_at: new Date().toISOString() })
        .execute();
      const before = AppKeyRing.ofDatabaseSecret(databaseSecret);
      const key = 'an-app-key-sealed-the-first-way';
      await new AppKeysRepository(t.deps).replace(
        user.id,
        before.seal(key, user.id),
        before.lookup(key),
        new Date().toISOString(),
      );
      expect((await json('ping', { apiKey: key })).error?.code).toBe(44);

      expect(await t.deps.services.appKeys.resealDatabaseSealedKeys()).toBe(1);
      expect((await json('ping', { apiKey: key })).status).toBe('ok');
      expect((await client({ username: user.email, password: key }).ping()).status).toBe('ok');
      const secrets = await t.deps.db.selectFrom('app_secrets').select('name').execute();
      expect(secrets.map(({ name }) => name)).not.toContain('app-keys');
      // Once is enough, and other listeners' keys are left as they were.
      expect(await t.deps.services.appKeys.resealDatabaseSealedKeys()).toBe(0);
      expect((await json('ping', { apiKey: appKey })).status).toBe('ok');
    });

    it('answers getOpenSubsonicExtensions without credentials', async () => {
      const answer = await json('getOpenSubsonicExtensions', {});
      expect(answer.status).toBe('ok');
      expect(answer.openSubsonicExtensions).toEqual(
        expect.arrayContaining([
          { name: 'apiKeyAuthentication', versions: [1] },
          { name: 'songLyrics', versions: [1] },
        ]),
      );
      // Apps seek in a transcode with timeOffset only where the server lists transcodeOffset.
      const names = (answer.openSubsonicExtensions as { name: string }[]).map((ext) => ext.name);
      expect(names.includes('transcodeOffset')).toBe(t.deps.transcoder.available);
    });

    it('tells an app signed in by key whose key it is (tokenInfo)', async () => {
      const answer = await json('tokenInfo', { apiKey: appKey });
      expect(answer.tokenInfo).toEqual({ username: listener.email });
      expect((await json('tokenInfo', { apiKey: 'not-a-key' })).error?.code).toBe(44);
    });
  });

  describe('protocol', () => {
    it('answers XML by default and JSON with f=json, each with the envelope', async () => {
      const xml = await (await rest('ping', { apiKey: appKey })).text();
      expect(xml).toMatch(/^<\?xml/);
      expect(xml).toContain('status="ok"');
      expect(xml).toContain('version="1.16.1"');
      expect(xml).toContain('type="chorus"');
      expect(xml).toContain('openSubsonic="true"');
      expect(xml).toContain('serverVersion="');
      const answer = await json('ping', { apiKey: appKey });
      expect(answer).toMatchObject({
        status: 'ok',
        version: '1.16.1',
        type: 'chorus',
        openSubsonic: true,
      });
      expect(typeof answer.serverVersion).toBe('string');
    });

    it('serves /rest/name and /rest/name.view, by GET and by form POST', async () => {
      expect((await json('getMusicFolders.view', { apiKey: appKey })).status).toBe('ok');
      const posted = await postForm('getSong', [
        ['apiKey', appKey],
        ['f', 'json'],
        ['id', String(songs[0]!.id)],
      ]);
      const body = (await posted.json())['subsonic-response'];
      expect(body.song.title).toBe('Track 0');
      const api = client({ apiKey: appKey }, true);
      expect((await api.getSong({ id: String(songs[1]!.id) })).song.title).toBe('Track 1');
    });

    it('answers JSONP (f=jsonp) as a call of the named function, and refuses other callbacks', async () => {
      for (const method of ['ping', 'getArtists']) {
        const response = await rest(method, {
          apiKey: appKey,
          f: 'jsonp',
          callback: 'angular.callbacks._0',
        });
        expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
        const body = await response.text();
        const json = /^angular\.callbacks\._0\(([\s\S]*)\);$/.exec(body)?.[1];
        expect(JSON.parse(json!)['subsonic-response'].status, method).toBe('ok');
      }
      for (const [callback, code] of [
        ['alert(document.cookie)//', 0],
        ['a'.repeat(101), 0],
        ['', 10],
      ] as const) {
        const response = await rest('ping', { apiKey: appKey, f: 'jsonp', callback });
        expect(response.headers.get('content-type')).toMatch(/^application\/json/);
        const answer = (await response.json())['subsonic-response'];
        expect(answer.error.code, callback).toBe(code);
      }
    });

    it('lets apps in a browser on another origin call it, play its streams and show its covers', async () => {
      const origin = { origin: 'https://player.example' };
      const answer = await rest('ping', { apiKey: appKey, f: 'json' }, { headers: origin });
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      const stream = await rest('stream', { apiKey: appKey, id: String(songs[0]!.id) });
      expect(stream.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      await stream.arrayBuffer();
      const preflight = await fetch(`${base}/rest/createPlaylist.view`, {
        method: 'OPTIONS',
        headers: {
          ...origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
      expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type');
      // Fastify's own refusals (here a body of a type the API takes none of) carry them too, as
      // Subsonic errors the page can read.
      const refused = await fetch(`${base}/rest/ping?f=json`, {
        method: 'POST',
        headers: { ...origin, 'content-type': 'application/xml' },
        body: 'x',
      });
      expect(refused.status).toBe(200);
      expect(refused.headers.get('access-control-allow-origin')).toBe('*');
      expect((await refused.json())['subsonic-response']).toMatchObject({
        status: 'failed',
        error: { code: 0, message: 'Unsupported content type application/xml' },
      });
      // The web app's own API stays same-origin: its sessions are cookies.
      const own = await fetch(`${base}/api/health`, { headers: origin });
      expect(own.headers.get('access-control-allow-origin')).toBeNull();
      expect(own.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    });

    it('answers unknown ids with 70 and missing parameters with 10, with HTTP 200', async () => {
      expect((await json('getSong', { apiKey: appKey, id: '999999' })).error?.code).toBe(70);
      expect((await json('getSong', { apiKey: appKey, id: 'al-1' })).error?.code).toBe(70);
      expect((await json('getSong', { apiKey: appKey })).error?.code).toBe(10);
      expect((await json('getAlbumList2', { apiKey: appKey })).error?.code).toBe(10);
    });
  });

  describe('browsing', () => {
    it('lists only what listeners may see', async () => {
      const api = client({ apiKey: appKey });
      const { artists } = await api.getArtists();
      const names =
        artists.index?.flatMap((index) => (index.artist ?? []).map((a) => a.name)) ?? [];
      expect(names).toContain('Nova Lights');
      expect(names).not.toContain('Hidden Band');
      const { artist: page } = await api.getArtist({ id: String(artist.id) });
      expect(page.album?.map((a) => a.name)).toEqual(['Night Drive']);
      const { album: detail } = await api.getAlbum({ id: String(album.id) });
      expect(detail.song?.map((s) => s.title)).toEqual(songs.map((s) => s.title));
      expect(detail.songCount).toBe(5);
      expect(detail.song?.[0]).toMatchObject({
        id: String(songs[0]!.id),
        albumId: String(album.id),
        artistId: String(artist.id),
        contentType: 'audio/mpeg',
        suffix: 'mp3',
        isDir: false,
      });
      for (const id of hiddenSongs) {
        expect((await json('getSong', { apiKey: appKey, id: String(id) })).error?.code).toBe(70);
      }
      expect(
        (await json('getArtist', { apiKey: appKey, id: String(hiddenArtist.id) })).error?.code,
      ).toBe(70);
    });

    it("sends a song alike in every list, with its file, its album's year and cover", async () => {
      const covered = await createAlbum(t.deps, artist.id, 'Covered');
      await t.deps.db
        .updateTable('albums')
        .set({ cover_key: 'c'.repeat(64) })
        .where('id', '=', covered.id)
        .execute();
      const song = await createSong(t.deps, { artistIds: [artist.id], albumId: covered.id });
      const api = client({ apiKey: appKey });
      // getAlbum and getSong read the files on their own; search3 "" has them from the songs' read.
      const { album: detail } = await api.getAlbum({ id: String(covered.id) });
      const { song: single } = await api.getSong({ id: String(song.id) });
      const { searchResult3 } = await api.search3({
        query: '""',
        artistCount: 0,
        albumCount: 0,
        songCount: 500,
      });
      const synced = searchResult3.song?.find((entry) => entry.id === String(song.id));
      expect(detail.song?.[0]).toMatchObject({
        year: 2024,
        coverArt: 'c'.repeat(64),
        size: expect.any(Number),
        contentType: 'audio/mpeg',
        suffix: 'mp3',
        // Stored as 64,000 bits per second; Subsonic counts kbps.
        bitRate: 64,
        // The folder a song is in is its album's (getMusicDirectory).
        parent: `al-${covered.id}`,
      });
      expect(single).toEqual(detail.song?.[0]);
      expect(synced).toEqual(detail.song?.[0]);
      await t.deps.db.deleteFrom('songs').where('id', '=', song.id).execute();
      await t.deps.db.deleteFrom('albums').where('id', '=', covered.id).execute();
    });

    it('drops an artist from the lists as soon as it is disabled', async () => {
      const passing = await createArtist(t.deps, { name: 'Passing Phase' });
      const names = async () => {
        const { artists } = await client({ apiKey: appKey }).getArtists();
        return artists.index?.flatMap((index) => (index.artist ?? []).map((a) => a.name)) ?? [];
      };
      expect(await names()).toContain('Passing Phase');
      await t.deps.db
        .updateTable('artists')
        .set({ is_disabled: 1 })
        .where('id', '=', passing.id)
        .execute();
      expect(await names()).not.toContain('Passing Phase');
    });

    it('files an artist past a leading article, and tells apps which articles it skips', async () => {
      const shift = await createArtist(t.deps, { name: 'The Night Shift' });
      try {
        const { artists } = await client({ apiKey: appKey }).getArtists();
        expect(artists.ignoredArticles.split(' ')).toContain('The');
        const letterOf = (name: string) =>
          artists.index?.find((index) => index.artist?.some((a) => a.name === name))?.name;
        expect(letterOf('The Night Shift')).toBe('N');
        const underN = artists.index?.find((index) => index.name === 'N')?.artist ?? [];
        expect(underN.map((a) => a.name)).toEqual(['The Night Shift', 'Nova Lights']);
      } finally {
        await t.deps.db.deleteFrom('artists').where('id', '=', shift.id).execute();
      }
    });

    it('answers every getAlbumList2 type', async () => {
      const api = client({ apiKey: appKey });
      for (const type of ALBUM_LIST_TYPES.filter((type) => !type.startsWith('by'))) {
        const answer = await api.getAlbumList2({ type });
        expect(answer.status, type).toBe('ok');
      }
      // Chorus keeps no ratings: "Top rated" is an empty list, not an error.
      for (const method of ['getAlbumList2', 'getAlbumList']) {
        const highest = await json(method, { apiKey: appKey, type: 'highest' });
        expect(highest.status, method).toBe('ok');
        expect(JSON.stringify(highest), method).not.toMatch(/"id"/);
      }
      const byYear = await api.getAlbumList2({ type: 'byYear', fromYear: 2020, toYear: 2030 });
      expect(byYear.albumList2.album?.map((a) => a.id)).toContain(String(album.id));
      const byGenre = await api.getAlbumList2({ type: 'byGenre', genre: 'Synthwave' });
      expect(byGenre.albumList2.album?.map((a) => a.id)).toEqual([String(album.id)]);
      const newest = await api.getAlbumList2({ type: 'newest', size: 500 });
      expect(newest.albumList2.album?.map((a) => a.id)).toContain(String(album.id));
      // A size of 0 asks for no album, as search3's counts of 0 do, in every kind of list.
      for (const type of ['newest', 'random', 'byGenre'] as const) {
        for (const method of ['getAlbumList2', 'getAlbumList']) {
          const none = await json(method, { apiKey: appKey, type, genre: 'Synthwave', size: '0' });
          expect(none.status, `${method} ${type}`).toBe('ok');
          expect(JSON.stringify(none), `${method} ${type}`).not.toMatch(/"id"/);
        }
      }
      // And for no song of the song lists.
      for (const [method, count] of [
        ['getRandomSongs', 'size'],
        ['getSongsByGenre', 'count'],
      ] as const) {
        const none = await json(method, { apiKey: appKey, genre: 'Synthwave', [count]: '0' });
        expect(none.status, method).toBe('ok');
        expect(JSON.stringify(none), method).not.toMatch(/"id"/);
      }
    });

    it('lists genres and random songs of listed songs only', async () => {
      const api = client({ apiKey: appKey });
      const { genres } = await api.getGenres();
      expect(genres.genre).toEqual(
        expect.arrayContaining([{ value: 'Synthwave', songCount: 3, albumCount: 1 }]),
      );
      const { randomSongs } = await api.getRandomSongs({ size: 500 });
      const ids = randomSongs.song?.map((s) => Number(s.id)) ?? [];
      expect(ids.sort()).toEqual(songs.map((s) => s.id).sort());
    });

    it('pages through everything with search3 "" and finds by words otherwise', async () => {
      const api = client({ apiKey: appKey });
      const seen: string[] = [];
      for (let offset = 0; ; offset += 2) {
        const { searchResult3 } = await api.search3({
          query: '""',
          songCount: 2,
          songOffset: offset,
          artistCount: 0,
          albumCount: 0,
        });
        const page = searchResult3.song ?? [];
        seen.push(...page.map((s) => s.id));
        if (page.length < 2) break;
      }
      expect(seen.map(Number).sort()).toEqual(songs.map((s) => s.id).sort());
      const absent = await json('search3', { apiKey: appKey, artistCount: '50' });
      expect(
        (absent.searchResult3 as { artist: { name: string }[] }).artist.map((a) => a.name),
      ).toEqual(['Nova Lights']);
      const { searchResult3 } = await api.search3({ query: 'Night' });
      expect(searchResult3.album?.map((a) => a.name)).toEqual(['Night Drive']);
    });
  });

  describe('sync pages written ahead', () => {
    /**
     * Renames song `id` to `title`, then hides it, checking after each that `json` and `xml` (its
     * entry as a call lists it) show the change at once.
     */
    async function showsCatalogChanges(
      id: number,
      title: string,
      json: () => Promise<unknown>,
      xml: () => Promise<string | undefined>,
    ) {
      await t.deps.db.updateTable('songs').set({ title }).where('id', '=', id).execute();
      expect(await json()).toMatchObject({ title });
      expect(await xml()).toContain(`title="${title}"`);
      await t.deps.db
        .updateTable('songs')
        .set({ status: 'Inactive' })
        .where('id', '=', id)
        .execute();
      expect(await json()).toBeUndefined();
      expect(await xml()).toBeUndefined();
    }

    it('shows plays, stars and catalog changes at once in search3 "" pages, in XML and JSON', async () => {
      const api = client({ apiKey: appKey });
      const song = await createSong(t.deps, { title: 'Block Party', artistIds: [artist.id] });
      const syncedEntry = async () => {
        const { searchResult3 } = await api.search3({
          query: '""',
          artistCount: 0,
          albumCount: 0,
          songCount: 500,
        });
        return searchResult3.song?.find((entry) => entry.id === String(song.id));
      };
      const syncedXml = async () => {
        const response = await t.app.inject({
          method: 'GET',
          url: `/rest/search3?apiKey=${appKey}&query=%22%22&artistCount=0&albumCount=0&songCount=500`,
        });
        return new RegExp(`<song id="${song.id}"[^>]*/>`).exec(response.body)?.[0];
      };
      expect(await syncedEntry()).toMatchObject({ title: 'Block Party', playCount: 0 });
      // The pages came from blocks written ahead, not from the songs read per page.
      expect(t.deps.caches.subsonicSongBlocks.used).toBeGreaterThan(0);
      expect(await syncedXml()).toMatch(/title="Block Party".* playCount="0"\/>$/);
      // Listening and liking move no catalog version, yet show on the next page read.
      await api.scrobble({ id: String(song.id) });
      await api.star({ id: String(song.id) });
      const played = await syncedEntry();
      expect(played).toMatchObject({ playCount: 1, starred: expect.any(Date) });
      expect(await syncedXml()).toMatch(/ playCount="1" starred="[^"]+"\/>$/);
      // Another listener sees the play, not the star.
      const { searchResult3 } = await client({ apiKey: otherKey }).search3({
        query: '""',
        artistCount: 0,
        albumCount: 0,
        songCount: 500,
      });
      const theirs = searchResult3.song?.find((entry) => entry.id === String(song.id));
      expect(theirs).toMatchObject({ playCount: 1 });
      expect(theirs?.starred).toBeUndefined();
      // The entry is as getSong sends it, whatever the order of its fields.
      expect(played).toEqual((await api.getSong({ id: String(song.id) })).song);
      // A change to the catalog shows on the next page: a new title, then the song hidden.
      await showsCatalogChanges(song.id, 'Block Party (Live)', syncedEntry, syncedXml);
      await t.deps.db.deleteFrom('songs').where('id', '=', song.id).execute();
    });

    it('shows plays, likes and catalog changes at once in the song entries of searches, in XML and JSON', async () => {
      const api = client({ apiKey: appKey });
      const song = await createSong(t.deps, { title: 'Quokka Shuffle', artistIds: [artist.id] });
      const found = async (key = appKey) => {
        const { searchResult3 } = await client({ apiKey: key }).search3({ query: 'quokka' });
        return searchResult3.song?.find((entry) => entry.id === String(song.id));
      };
      const foundXml = async () => {
        const response = await t.app.inject({
          method: 'GET',
          url: `/rest/search3?apiKey=${appKey}&query=quokka`,
        });
        return new RegExp(`<song id="${song.id}"[^>]*/>`).exec(response.body)?.[0];
      };
      const cardsBefore = t.deps.caches.subsonicCards.used;
      expect(await found()).toMatchObject({ title: 'Quokka Shuffle', playCount: 0 });
      expect(await foundXml()).toMatch(/title="Quokka Shuffle".* playCount="0"\/>$/);
      // The entry was written once and held, in each format.
      expect(t.deps.caches.subsonicCards.used).toBeGreaterThan(cardsBefore);
      // A play and a like move no catalog version, yet show on the next search.
      await api.scrobble({ id: String(song.id) });
      await api.star({ id: String(song.id) });
      const played = await found();
      expect(played).toMatchObject({ playCount: 1, starred: expect.any(Date) });
      expect(await foundXml()).toMatch(/ playCount="1" starred="[^"]+"\/>$/);
      expect(played).toEqual((await api.getSong({ id: String(song.id) })).song);
      // Another listener sees the play, not the like.
      const theirs = await found(otherKey);
      expect(theirs).toMatchObject({ playCount: 1 });
      expect(theirs?.starred).toBeUndefined();
      // A change to the catalog shows on the next search: a new title (from a card written
      // again), then the song hidden (the search's index drops it, so no card is asked for).
      await showsCatalogChanges(song.id, 'Quokka Shuffle (Live)', () => found(), foundXml);
      await t.deps.db.deleteFrom('likes').where('song_id', '=', song.id).execute();
      await t.deps.db.deleteFrom('plays').where('song_id', '=', song.id).execute();
      await t.deps.db.deleteFrom('songs').where('id', '=', song.id).execute();
    });

    it('shows a follow and a renamed artist at once in the artist cards of lists', async () => {
      const api = client({ apiKey: appKey });
      const band = await createArtist(t.deps, { name: 'Card Carriers' });
      const listed = async () => {
        const { searchResult3 } = await api.search3({
          query: '""',
          artistCount: 500,
          albumCount: 0,
          songCount: 0,
        });
        return searchResult3.artist?.find((entry) => entry.id === String(band.id));
      };
      expect(await listed()).toMatchObject({ name: 'Card Carriers', albumCount: 0 });
      expect((await listed())?.starred).toBeUndefined();
      await api.star({ artistId: String(band.id) });
      expect((await listed())?.starred).toEqual(expect.any(Date));
      const { starred2 } = await api.getStarred2();
      expect(starred2.artist?.map((entry) => entry.name)).toContain('Card Carriers');
      const first = await createAlbum(t.deps, band.id, 'First Card');
      const track = await createSong(t.deps, { artistIds: [band.id], albumId: first.id });
      await t.deps.db
        .updateTable('artists')
        .set({ name: 'Card Carriers Club' })
        .where('id', '=', band.id)
        .execute();
      expect(await listed()).toMatchObject({ name: 'Card Carriers Club', albumCount: 1 });
      // An album whose songs are all hidden is not counted, as it is not listed.
      await retire([track.id]);
      expect(await listed()).toMatchObject({ albumCount: 0 });
      await api.unstar({ artistId: String(band.id) });
      expect((await listed())?.starred).toBeUndefined();
    });

    it("shows the caller's follow, album star and like among one search's hits, each on its own kind", async () => {
      const api = client({ apiKey: appKey });
      const band = await createArtist(t.deps, { name: 'Marmot Parade' });
      const record = await createAlbum(t.deps, band.id, 'Marmot Days');
      const tune = await createSong(t.deps, {
        title: 'Marmot Waltz',
        artistIds: [band.id],
        albumId: record.id,
      });
      const hits = async (key = appKey) => {
        const { searchResult3 } = await client({ apiKey: key }).search3({ query: 'marmot' });
        const starred = (entries: { id: string; starred?: unknown }[] | undefined, id: number) => {
          const entry = entries?.find((each) => each.id === String(id));
          expect(entry).toBeDefined();
          return entry?.starred !== undefined;
        };
        return {
          artist: starred(searchResult3.artist, band.id),
          album: starred(searchResult3.album, record.id),
          song: starred(searchResult3.song, tune.id),
          plays: searchResult3.song?.find((entry) => entry.id === String(tune.id))?.playCount,
        };
      };
      try {
        expect(await hits()).toEqual({ artist: false, album: false, song: false, plays: 0 });
        await api.star({ artistId: String(band.id) });
        expect(await hits()).toEqual({ artist: true, album: false, song: false, plays: 0 });
        await api.star({ albumId: String(record.id) });
        await api.unstar({ artistId: String(band.id) });
        expect(await hits()).toEqual({ artist: false, album: true, song: false, plays: 0 });
        await api.star({ id: String(tune.id) });
        await api.scrobble({ id: String(tune.id) });
        expect(await hits()).toEqual({ artist: false, album: true, song: true, plays: 1 });
        // search2 (folder mode) finishes its song entries the same way.
        const { searchResult2 } = await api.search2({ query: 'marmot' });
        expect(searchResult2.song?.find((entry) => entry.id === String(tune.id))).toMatchObject({
          playCount: 1,
          starred: expect.any(Date),
        });
        // Another listener sees the play, and none of the stars.
        expect(await hits(otherKey)).toEqual({
          artist: false,
          album: false,
          song: false,
          plays: 1,
        });
      } finally {
        await t.deps.db.deleteFrom('plays').where('song_id', '=', tune.id).execute();
        await t.deps.db.deleteFrom('songs').where('id', '=', tune.id).execute();
        await t.deps.db.deleteFrom('albums').where('id', '=', record.id).execute();
        await t.deps.db.deleteFrom('artists').where('id', '=', band.id).execute();
      }
    });
  });

  describe('more browsing', () => {
    it("lists an artist's songs on no album as singles, which open like albums", async () => {
      const single = await createSong(t.deps, { title: 'Lone Star', artistIds: [artist.id] });
      const unlisted = await createSong(t.deps, { artistIds: [artist.id], status: 'Inactive' });
      const guest = await createArtist(t.deps, { name: 'Guest Voice' });
      const duet = await createSong(t.deps, { title: 'Duet', artistIds: [guest.id, artist.id] });
      await t.deps.db
        .updateTable('songs')
        .set({ cover_key: 'd'.repeat(64) })
        .where('id', '=', single.id)
        .execute();
      const id = `single-${single.id}`;
      try {
        const api = client({ apiKey: appKey });
        const { artist: page } = await api.getArtist({ id: String(artist.id) });
        const listed = page.album?.map((entry) => entry.id) ?? [];
        expect(listed).toEqual([String(album.id), `single-${duet.id}`, id]);
        expect(page.albumCount).toBe(3);
        // A song of several artists is a single under each, named by its first artist.
        expect(page.album?.[1]).toMatchObject({ name: 'Duet', artistId: String(guest.id) });
        expect(page.album?.[2]).toMatchObject({
          name: 'Lone Star',
          songCount: 1,
          artistId: String(artist.id),
        });

        const { album: opened } = await api.getAlbum({ id });
        expect(opened).toMatchObject({ id, name: 'Lone Star', songCount: 1 });
        expect(opened.song?.map((entry) => entry.id)).toEqual([String(single.id)]);
        // The song names its single wherever it is listed, so apps group it there.
        const { song } = await api.getSong({ id: String(single.id) });
        expect(song).toMatchObject({ album: 'Lone Star', albumId: id });
        const info = await json('getAlbumInfo2', { apiKey: appKey, id });
        expect(JSON.stringify(info.albumInfo)).toContain('d'.repeat(64));
        // Starring the single, as apps star an album, likes its song.
        await api.star({ albumId: id });
        const { starred2 } = await api.getStarred2();
        expect(starred2.song?.map((entry) => entry.id)).toEqual([String(single.id)]);
        await api.unstar({ albumId: id });
        expect((await api.getStarred2()).starred2.song ?? []).toEqual([]);

        // A song on an album, an unlisted song and a malformed id name no single.
        // (Past Chorus's ids, too: PostgreSQL's integer ids would refuse it.)
        const unknown = [`single-${songs[0]!.id}`, `single-${unlisted.id}`, 'single-x'];
        for (const other of [...unknown, 'single-9999999999', 'single-0']) {
          expect((await json('getAlbum', { apiKey: appKey, id: other })).error?.code).toBe(70);
        }
        const answers = await Promise.all(
          [
            ['getArtist', String(artist.id)],
            ['getAlbum', id],
          ].map(async ([method, value]) => ({
            fileName: `${method}.xml`,
            contents: await (await rest(method!, { id: value!, apiKey: appKey })).text(),
          })),
        );
        expect(await schemaErrors(answers)).toEqual([]);
      } finally {
        await retire([single.id, unlisted.id, duet.id]);
      }
    });

    it("ranks an artist's top songs by their plays of all time, over all its songs", async () => {
      const ids = await manySongsOfNewArtist('Prolific Player', 60);
      try {
        // The oldest song, past the newest 50 the artist page holds, is the most played.
        await recordPlays(t.deps, ids[0]!, 9);
        await recordPlays(t.deps, ids[30]!, 4);
        const api = client({ apiKey: appKey });
        const { topSongs } = await api.getTopSongs({ artist: 'Prolific Player', count: 3 });
        // Songs with equal plays come newest first.
        expect(topSongs.song?.map((song) => Number(song.id))).toEqual([ids[0], ids[30], ids[59]]);
        expect(topSongs.song?.[0]?.playCount).toBe(9);
        await retire([ids[0]!]);
        const after = await api.getTopSongs({ artist: 'Prolific Player', count: 1 });
        expect(after.topSongs.song?.map((song) => Number(song.id))).toEqual([ids[30]]);
      } finally {
        await retire(ids);
      }
    });

    it('finds the top songs of an artist whose name has capitals beyond A to Z', async () => {
      // Feishin, Supersonic and Tempo ask by the name getArtist sent them, as it is written.
      const named = await createArtist(t.deps, { name: 'Ólafur Ármann' });
      const song = await createSong(t.deps, { artistIds: [named.id] });
      try {
        const api = client({ apiKey: appKey });
        const { topSongs } = await api.getTopSongs({ artist: 'Ólafur Ármann' });
        expect(topSongs.song?.map((entry) => Number(entry.id))).toEqual([song.id]);
      } finally {
        await retire([song.id]);
      }
    });

    it('finds the artist written exactly as asked first, then the oldest in any case', async () => {
      const older = await createArtist(t.deps, { name: 'Twin Name' });
      const newer = await createArtist(t.deps, { name: 'twin name' });
      const songsOf = [
        await createSong(t.deps, { artistIds: [older.id] }),
        await createSong(t.deps, { artistIds: [newer.id] }),
      ];
      try {
        const api = client({ apiKey: appKey });
        const top = async (artist: string) =>
          (await api.getTopSongs({ artist })).topSongs.song?.map((entry) => Number(entry.id));
        expect(await top('twin name')).toEqual([songsOf[1]!.id]);
        expect(await top('Twin Name')).toEqual([songsOf[0]!.id]);
        expect(await top('TWIN NAME')).toEqual([songsOf[0]!.id]);
      } finally {
        await retire(songsOf.map((song) => song.id));
      }
    });

    it('answers getLyrics, which DSub and Ultrasonic call, with no lyrics rather than an error', async () => {
      const answer = await json('getLyrics', {
        apiKey: appKey,
        artist: 'Nova Lights',
        title: 'Track 0',
      });
      expect(answer.status).toBe('ok');
      expect(answer.lyrics).toEqual({});
    });

    it('tells apps that ask for a scan that none is needed, with the count of listed songs', async () => {
      for (const method of ['getScanStatus', 'startScan']) {
        const answer = await json(method, { apiKey: appKey });
        expect(answer.scanStatus, method).toEqual({ scanning: false, count: songs.length });
      }
    });

    it('answers top songs, similar songs and artist and album info from visible songs', async () => {
      const api = client({ apiKey: appKey });
      const { topSongs } = await api.getTopSongs({ artist: 'nova lights', count: 3 });
      expect(topSongs.song?.length).toBe(3);
      expect((await api.getTopSongs({ artist: 'Hidden Band' })).topSongs.song ?? []).toEqual([]);
      const { similarSongs2 } = await api.getSimilarSongs2({ id: String(artist.id), count: 500 });
      const similar = similarSongs2.song?.map((song) => Number(song.id)) ?? [];
      expect(similar.sort()).toEqual(songs.map((song) => song.id).sort());
      const info = await json('getArtistInfo2', { apiKey: appKey, id: String(artist.id) });
      expect((info.artistInfo2 as { biography: string }).biography).toBe('About Nova Lights');
      const hidden = await json('getArtistInfo2', { apiKey: appKey, id: String(hiddenArtist.id) });
      expect(hidden.error?.code).toBe(70);
      expect((await json('getAlbumInfo2', { apiKey: appKey, id: String(album.id) })).status).toBe(
        'ok',
      );
    });

    it('serves folder mode as artists, their albums and then songs', async () => {
      const loose = await createSong(t.deps, { title: 'Loose End', artistIds: [artist.id] });
      try {
        const api = client({ apiKey: appKey });
        const { indexes } = await api.getIndexes();
        const listed = indexes.index?.flatMap((index) => index.artist ?? []) ?? [];
        expect(listed.map((a) => a.name)).toContain('Nova Lights');
        expect(listed.map((a) => a.name)).not.toContain('Hidden Band');
        const folderId = listed.find((a) => a.name === 'Nova Lights')?.id;
        expect(folderId).toBe(`ar-${artist.id}`);

        // The artist's folder: its album's folder, then its song on no album.
        const { directory } = await api.getMusicDirectory({ id: folderId! });
        expect(directory).toMatchObject({ id: folderId, name: 'Nova Lights' });
        expect(directory.child?.map((child) => [child.id, child.isDir])).toEqual([
          [`al-${album.id}`, true],
          [String(loose.id), false],
        ]);
        expect(directory.child?.[0]).toMatchObject({
          title: 'Night Drive',
          artist: 'Nova Lights',
          parent: folderId,
        });
        // The album's folder: its songs, in album order, each leading back to it.
        const { directory: opened } = await api.getMusicDirectory({ id: `al-${album.id}` });
        expect(opened).toMatchObject({ name: 'Night Drive', parent: folderId });
        expect(opened.child?.map((child) => Number(child.id))).toEqual(songs.map((s) => s.id));
        expect(opened.child?.every((child) => child.parent === opened.id)).toBe(true);
        // A song's parent leads back to its folder, whichever list the song came from.
        expect((await api.getSong({ id: String(songs[0]!.id) })).song.parent).toBe(opened.id);
        expect((await api.getSong({ id: String(loose.id) })).song.parent).toBe(folderId);

        // An artist with nothing to list (none, or only a guest on another's album), and an
        // album with no song, are no folders.
        const empty = await createArtist(t.deps, { name: 'Empty Folder' });
        const guest = await createArtist(t.deps, { name: 'Guest Only' });
        const featured = await createSong(t.deps, { artistIds: [guest.id], albumId: album.id });
        const bare = await createAlbum(t.deps, artist.id, 'No Songs Yet');
        const { indexes: again } = await api.getIndexes();
        const names = again.index?.flatMap((index) => (index.artist ?? []).map((a) => a.name));
        expect(names).toContain('Nova Lights');
        expect(names).not.toContain('Empty Folder');
        expect(names).not.toContain('Guest Only');
        await retire([featured.id]);
        const { directory: still } = await api.getMusicDirectory({ id: folderId! });
        expect(still.child?.map((child) => child.id)).not.toContain(`al-${bare.id}`);
        await t.deps.db.deleteFrom('albums').where('id', '=', bare.id).execute();
        await t.deps.db.deleteFrom('artists').where('id', '=', empty.id).execute();

        // Hidden artists, unknown folders and a song's id open nothing.
        for (const id of [`ar-${hiddenArtist.id}`, 'al-999999', 'ar-x', String(artist.id)]) {
          const answer = await json('getMusicDirectory', { apiKey: appKey, id });
          expect(answer.error?.code, id).toBe(70);
        }
      } finally {
        await retire([loose.id]);
      }
    });

    it('sends getIndexes only its time to an app holding the index, until the catalog changes', async () => {
      const api = client({ apiKey: appKey });
      const { indexes } = await api.getIndexes();
      const held = indexes.lastModified;
      // A time in milliseconds since 1970, as Subsonic defines it (not a version number).
      expect(held).toBeGreaterThan(Date.parse('2020-01-01'));
      expect(held).toBeLessThanOrEqual(Date.now() + 1000);
      expect(indexes.index?.length).toBeGreaterThan(0);

      const current = await api.getIndexes({ ifModifiedSince: held });
      expect(current.indexes).toEqual({
        lastModified: held,
        ignoredArticles: indexes.ignoredArticles,
      });
      const xml = await rest('getIndexes', { apiKey: appKey, ifModifiedSince: String(held) });
      expect(await schemaErrors([{ fileName: 'current.xml', contents: await xml.text() }])).toEqual(
        [],
      );
      // An older time, or none that reads as one, is sent the whole index.
      for (const since of [String(held - 1), 'soon', '']) {
        const answer = await json('getIndexes', { apiKey: appKey, ifModifiedSince: since });
        expect((answer.indexes as { index?: unknown[] }).index?.length, since).toBeGreaterThan(0);
      }

      // Any change to the catalog moves the time on, even within the same millisecond.
      const added = await createArtist(t.deps, { name: 'Late Arrival' });
      const song = await createSong(t.deps, { artistIds: [added.id] });
      try {
        const after = await api.getIndexes({ ifModifiedSince: held });
        expect(after.indexes.lastModified).toBeGreaterThan(held);
        const names = after.indexes.index?.flatMap((index) =>
          (index.artist ?? []).map((a) => a.name),
        );
        expect(names).toContain('Late Arrival');
      } finally {
        await retire([song.id]);
      }
    });

    it("lists, finds and stars folders for folder mode's apps, never a song by a folder's number", async () => {
      const api = client({ apiKey: appKey });
      const { albumList } = await api.getAlbumList({ type: 'alphabeticalByName' });
      expect(albumList.album?.map((entry) => [entry.id, entry.isDir, entry.title])).toEqual([
        [`al-${album.id}`, true, 'Night Drive'],
      ]);
      expect((await json('getAlbumList', { apiKey: appKey, type: 'best' })).error?.code).toBe(10);

      const { searchResult2 } = await api.search2({ query: 'Night' });
      expect(searchResult2.album?.map((entry) => entry.id)).toEqual([`al-${album.id}`]);
      const everything = await api.search2({ query: '""', songCount: 500 });
      const artistFolders = everything.searchResult2.artist?.map((a) => a.id) ?? [];
      expect(artistFolders).toContain(`ar-${artist.id}`);
      expect(artistFolders).not.toContain(`ar-${hiddenArtist.id}`);
      expect(everything.searchResult2.song?.map((s) => Number(s.id)).sort()).toEqual(
        songs.map((s) => s.id).sort(),
      );

      // A folder is starred by its id in `id`: a follow and an album star. The numbers behind
      // the folders' ids are songs' ids too, and none of those songs is liked.
      const folders = [`ar-${artist.id}`, `al-${album.id}`];
      await api.star({ id: folders });
      try {
        const { starred } = await api.getStarred();
        expect(starred.artist?.map((a) => a.id)).toEqual([`ar-${artist.id}`]);
        expect(starred.album?.map((a) => a.id)).toEqual([`al-${album.id}`]);
        expect(starred.song ?? []).toEqual([]);
        const { starred2 } = await api.getStarred2();
        expect(starred2.artist?.map((a) => a.id)).toEqual([String(artist.id)]);
        expect(starred2.album?.map((a) => a.id)).toEqual([String(album.id)]);
        const likes = await t.deps.db
          .selectFrom('likes')
          .select('song_id')
          .where('user_id', '=', listener.id)
          .execute();
        expect(likes).toEqual([]);
        const { directory } = await api.getMusicDirectory({ id: `ar-${artist.id}` });
        expect(directory.starred).toBeDefined();
        expect(directory.child?.[0]?.starred).toBeDefined();
      } finally {
        await api.unstar({ id: folders });
      }
      expect((await api.getStarred()).starred.artist ?? []).toEqual([]);
      expect((await json('star', { apiKey: appKey, id: 'ar-999999' })).error?.code).toBe(70);
      expect((await json('star', { apiKey: appKey, id: 'al-999999' })).error?.code).toBe(70);

      // Apps browsing by tags take ids from folder calls too (Feishin's favourites), and folder
      // calls' info from tag ids: each takes the other's.
      expect((await api.getArtist({ id: `ar-${artist.id}` })).artist.name).toBe('Nova Lights');
      expect((await api.getAlbum({ id: `al-${album.id}` })).album.name).toBe('Night Drive');
      for (const [method, id] of [
        ['getSimilarSongs2', `ar-${artist.id}`],
        ['getArtistInfo2', `ar-${artist.id}`],
        ['getArtistInfo', String(artist.id)],
        ['getArtistInfo', `al-${album.id}`],
        ['getAlbumInfo', String(album.id)],
        ['getAlbumInfo2', `al-${album.id}`],
      ] as const) {
        expect((await json(method, { apiKey: appKey, id })).status, `${method} ${id}`).toBe('ok');
      }
      await api.star({ albumId: `al-${album.id}`, artistId: `ar-${artist.id}` });
      const tagged = await api.getStarred2();
      expect(tagged.starred2.album?.map((a) => a.id)).toEqual([String(album.id)]);
      expect(tagged.starred2.artist?.map((a) => a.id)).toEqual([String(artist.id)]);
      await api.unstar({ albumId: `al-${album.id}`, artistId: `ar-${artist.id}` });
      expect((await api.getStarred2()).starred2.album ?? []).toEqual([]);

      const { artistInfo } = await api.getArtistInfo({ id: `ar-${artist.id}` });
      expect(artistInfo.biography).toBe('About Nova Lights');
      expect(
        (await json('getArtistInfo', { apiKey: appKey, id: `ar-${hiddenArtist.id}` })).error?.code,
      ).toBe(70);
      expect((await json('getAlbumInfo', { apiKey: appKey, id: `al-${album.id}` })).status).toBe(
        'ok',
      );
      expect((await json('getAlbumInfo', { apiKey: appKey, id: 'al-999999' })).error?.code).toBe(
        70,
      );
    });

    it("plays a song's radio from its artists and genre (getSimilarSongs)", async () => {
      const genreMate = await createArtist(t.deps, { name: 'Synth Friend' });
      const sameGenre = await createSong(t.deps, { artistIds: [genreMate.id], genre: 'Synthwave' });
      const otherGenre = await createSong(t.deps, { artistIds: [genreMate.id], genre: 'Jazz' });
      try {
        const api = client({ apiKey: appKey });
        const { similarSongs } = await api.getSimilarSongs({
          id: String(songs[0]!.id),
          count: 500,
        });
        const ids = similarSongs.song?.map((song) => Number(song.id)) ?? [];
        // The artist's other songs and the genre's, never the song itself or a hidden one.
        const expected = [...songs.slice(1).map((song) => song.id), sameGenre.id];
        expect(ids.sort()).toEqual(expected.sort());
        expect(ids).not.toContain(otherGenre.id);
        const byArtist = await api.getSimilarSongs({ id: `ar-${genreMate.id}`, count: 500 });
        expect(byArtist.similarSongs.song?.length).toBeGreaterThan(0);
        expect(
          (await api.getSimilarSongs({ id: String(songs[0]!.id), count: 2 })).similarSongs.song,
        ).toHaveLength(2);
        for (const id of [String(hiddenSongs[0]), '999999', `ar-${hiddenArtist.id}`]) {
          expect((await json('getSimilarSongs', { apiKey: appKey, id })).error?.code, id).toBe(70);
        }
      } finally {
        await retire([sameGenre.id, otherGenre.id]);
      }
    });

    it('keeps the play queue an app saves', async () => {
      const queue = [songs[3]!.id, songs[1]!.id, hiddenSongs[0]!].map(String);
      const saved = await json('savePlayQueue', {
        apiKey: appKey,
        id: queue,
        current: String(songs[1]!.id),
        position: '4200',
        c: 'TestApp',
      });
      expect(saved.status).toBe('ok');
      const { playQueue } = await client({ apiKey: appKey }).getPlayQueue();
      expect(playQueue?.entry?.map((entry) => entry.id)).toEqual(queue.slice(0, 2));
      expect(playQueue).toMatchObject({
        current: String(songs[1]!.id),
        position: 4200,
        changedBy: 'TestApp',
        username: listener.email,
      });
      expect((await json('getPlayQueue', { apiKey: otherKey })).playQueue).toBeUndefined();
    });

    it('keeps the 1,000 songs from the current one on of a longer queue an app saves', async () => {
      // Ids past the catalog stand in for the rest of a long queue: only listed songs come back.
      const queue = Array.from({ length: 1500 }, (_, i) => String(900_000 + i));
      queue[100] = String(songs[3]!.id);
      queue[600] = String(songs[0]!.id);
      queue[1200] = String(songs[1]!.id);
      queue[1300] = String(songs[2]!.id);
      const posted = await postForm('savePlayQueue', [
        ['apiKey', appKey],
        ['f', 'json'],
        ['current', queue[1200]!],
        ...queue.map((id): [string, string] => ['id', id]),
      ]);
      expect((await posted.json())['subsonic-response'].status).toBe('ok');
      const { playQueue } = await client({ apiKey: appKey }).getPlayQueue();
      // The last 1,000 (500 to 1,499), since fewer than 1,000 follow the current song.
      expect(playQueue?.entry?.map((entry) => entry.id)).toEqual([
        queue[600],
        queue[1200],
        queue[1300],
      ]);
      expect(playQueue?.current).toBe(queue[1200]);
    });

    it('answers a parameter it refuses before the call as a Subsonic error, in the format asked', async () => {
      const xml = await rest('getSong', { apiKey: appKey, id: '1\u0000' });
      expect(xml.status).toBe(200);
      const text = await xml.text();
      expect(text).toMatch(/<subsonic-response [^>]*status="failed"/);
      expect(text).toMatch(/<error code="10" message="id must not contain the NUL character/);
      const answer = await json('getSong', { apiKey: appKey, id: '1\u0000' });
      expect(answer).toMatchObject({ status: 'failed', error: { code: 10 } });
      // A body past the limit of a form is an error an app can show, too.
      const large = await postForm('ping?f=json', `apiKey=${appKey}&c=${'x'.repeat(70 * 1024)}`);
      expect(large.status).toBe(200);
      expect((await large.json())['subsonic-response']).toMatchObject({
        status: 'failed',
        error: { code: 0 },
      });
    });

    it('names no current song in a saved queue once that song is no longer listed', async () => {
      // Apps look the current song up among the entries and start there: one missing from them
      // would have them start nowhere.
      const gone = await createSong(t.deps, { artistIds: [artist.id] });
      const queue = [String(songs[3]!.id), String(gone.id)];
      await json('savePlayQueue', {
        apiKey: appKey,
        id: queue,
        current: queue[1]!,
        position: '900',
      });
      await retire([gone.id]);
      const { playQueue } = await client({ apiKey: appKey }).getPlayQueue();
      expect(playQueue?.entry?.map((entry) => entry.id)).toEqual([queue[0]]);
      expect(playQueue?.current).toBeUndefined();
      expect(playQueue?.position).toBe(0);
    });
  });

  describe('media', () => {
    it('streams the stored bytes, with Range', async () => {
      const row = await t.deps.db
        .selectFrom('songs')
        .select('audio_key')
        .where('id', '=', songs[0]!.id)
        .executeTakeFirstOrThrow();
      const chunks: Buffer[] = [];
      for await (const chunk of t.deps.media.read(row.audio_key)) chunks.push(Buffer.from(chunk));
      const stored = Buffer.concat(chunks);
      const api = client({ apiKey: appKey });
      const whole = await api.stream({ id: String(songs[0]!.id) });
      expect(whole.status).toBe(200);
      expect(Buffer.from(await whole.arrayBuffer()).equals(stored)).toBe(true);
      const ranged = await rest(
        'stream',
        { apiKey: appKey, id: String(songs[0]!.id), format: 'raw' },
        {
          headers: { range: 'bytes=10-19' },
        },
      );
      expect(ranged.status).toBe(206);
      expect(Buffer.from(await ranged.arrayBuffer()).equals(stored.subarray(10, 20))).toBe(true);
      const download = await api.download({ id: String(songs[0]!.id) });
      expect(Buffer.from(await download.arrayBuffer()).equals(stored)).toBe(true);
      // Saved under the song's title by whatever asks the response for a name.
      expect(download.headers.get('content-disposition')).toBe(
        `attachment; filename="${songs[0]!.title}.mp3"; filename*=UTF-8''${encodeURIComponent(songs[0]!.title)}.mp3`,
      );
      expect(whole.headers.get('content-disposition')).toBeNull();
      const hidden = await rest('stream', {
        apiKey: appKey,
        id: String(hiddenSongs[0]),
        f: 'json',
      });
      expect((await hidden.json())['subsonic-response'].error.code).toBe(70);
    });

    it('serves cover art in the stored widths only', async () => {
      const withImage = await createArtist(t.deps, { withImage: true });
      const { artist: page } = await client({ apiKey: appKey }).getArtist({
        id: String(withImage.id),
      });
      expect(page.coverArt).toMatch(/^[a-f0-9]{64}$/);
      const small = await rest('getCoverArt', { apiKey: appKey, id: page.coverArt!, size: '50' });
      expect(small.headers.get('content-type')).toBe('image/webp');
      expect(small.headers.get('etag')).toContain('-64');
      const huge = await rest('getCoverArt', {
        apiKey: appKey,
        id: page.coverArt!,
        size: '100000',
      });
      expect(huge.headers.get('etag')).toContain('-640');
      const missing = await rest('getCoverArt', { apiKey: appKey, id: 'nope', f: 'json' });
      expect((await missing.json())['subsonic-response'].error.code).toBe(70);
    });
  });

  describe('stars, plays and playlists', () => {
    it("sends getArtists and getIndexes gzipped to apps that accept it, with the caller's stars", async () => {
      const api = client({ apiKey: appKey });
      await api.star({ artistId: String(artist.id) });
      try {
        for (const [method, f] of [
          ['getArtists', 'json'],
          ['getIndexes', 'xml'],
        ] as const) {
          const url = `/rest/${method}?apiKey=${appKey}&f=${f}`;
          const plain = await t.app.inject({ method: 'GET', url });
          expect(plain.headers['content-encoding']).toBeUndefined();
          // getIndexes lists the artist's folder.
          const id = method === 'getIndexes' ? `ar-${artist.id}` : String(artist.id);
          expect(plain.body).toContain(`"${id}"`);
          expect(plain.body).toMatch(/starred/);
          const zipped = await t.app.inject({
            method: 'GET',
            url,
            headers: { 'accept-encoding': 'br, gzip;q=0.8' },
          });
          expect(zipped.headers['content-encoding']).toBe('gzip');
          expect(zipped.headers.vary).toBe('accept-encoding');
          expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
          const refused = await t.app.inject({
            method: 'GET',
            url,
            headers: { 'accept-encoding': 'gzip;q=0' },
          });
          expect(refused.headers['content-encoding']).toBeUndefined();
        }
      } finally {
        await api.unstar({ artistId: String(artist.id) });
      }
    });

    it('sends a large answer gzipped to apps that accept it, and a small one as it is', async () => {
      const many = await manySongsOfNewArtist('A Large Page', 300);
      try {
        for (const f of ['json', 'xml'] as const) {
          const url = `/rest/search3?apiKey=${appKey}&query=%22%22&songCount=500&f=${f}`;
          const plain = await t.app.inject({ method: 'GET', url });
          expect(plain.headers['content-encoding']).toBeUndefined();
          expect(plain.rawPayload.length).toBeGreaterThan(GZIP_FROM_BYTES);
          const zipped = await t.app.inject({
            method: 'GET',
            url,
            headers: { 'accept-encoding': 'gzip, deflate' },
          });
          expect(zipped.headers['content-encoding'], f).toBe('gzip');
          expect(zipped.headers.vary).toBe('accept-encoding');
          expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
          const text = gunzipSync(zipped.rawPayload).toString();
          expect(text).toBe(plain.body);
          if (f === 'json') {
            expect(JSON.parse(text)['subsonic-response'].status).toBe('ok');
          } else {
            expect(await schemaErrors([{ fileName: 'search3.xml', contents: text }])).toEqual([]);
          }
        }
        const small = await t.app.inject({
          method: 'GET',
          url: `/rest/ping?apiKey=${appKey}`,
          headers: { 'accept-encoding': 'gzip' },
        });
        expect(small.headers['content-encoding']).toBeUndefined();
        expect(small.headers.vary).toBe('accept-encoding');
        // A page of tens of songs, as apps browse, goes as it is too: compressing it costs more
        // of its request than its bytes cost to send.
        const page = await t.app.inject({
          method: 'GET',
          url: `/rest/search3?apiKey=${appKey}&query=%22%22&songCount=80&f=json`,
          headers: { 'accept-encoding': 'gzip' },
        });
        expect(page.headers['content-encoding']).toBeUndefined();
        expect(page.rawPayload.length).toBeGreaterThan(16 * 1024);
        expect(page.rawPayload.length).toBeLessThan(GZIP_FROM_BYTES);
        // Over HTTP, as apps read it: the client decodes the gzip.
        const over = await rest('search3', { apiKey: appKey, query: '""', songCount: '500' });
        expect(over.headers.get('content-encoding')).toBe('gzip');
        expect(await schemaErrors([{ fileName: 'http.xml', contents: await over.text() }])).toEqual(
          [],
        );
        const { searchResult3 } = await client({ apiKey: appKey }).search3({
          query: '""',
          songCount: 500,
        });
        expect(searchResult3.song?.map((song) => Number(song.id))).toEqual(
          expect.arrayContaining(many),
        );
      } finally {
        await retire(many);
      }
    });

    it('maps stars onto Liked Songs and follows, and keeps album stars', async () => {
      const api = client({ username: listener.email, password: appKey });
      const stars = {
        id: String(songs[2]!.id),
        artistId: String(artist.id),
        albumId: String(album.id),
      };
      /** Liked Songs as the web app reads them. */
      const likedSongs = async () => {
        const likes = await t.app.inject({
          method: 'GET',
          url: '/api/me/likes',
          headers: { authorization: `Bearer ${listener.token}` },
        });
        return likes.json().items.map((song: { _id: number }) => song._id);
      };
      await api.star(stars);
      expect(await likedSongs()).toEqual([songs[2]!.id]);
      const follows = await t.deps.db
        .selectFrom('follows')
        .select('artist_id')
        .where('user_id', '=', listener.id)
        .execute();
      expect(follows.map((f) => f.artist_id)).toEqual([artist.id]);
      const { artists } = await api.getArtists();
      const listed = artists.index?.flatMap((index) => index.artist ?? []) ?? [];
      expect(listed.find((a) => a.id === String(artist.id))?.starred).toBeDefined();
      const { artists: asOther } = await client({ apiKey: otherKey }).getArtists();
      const seenByOther = asOther.index?.flatMap((index) => index.artist ?? []) ?? [];
      expect(seenByOther.find((a) => a.id === String(artist.id))?.starred).toBeUndefined();
      const { starred2 } = await api.getStarred2();
      expect(starred2.song?.map((s) => s.id)).toEqual([String(songs[2]!.id)]);
      expect(starred2.artist?.map((a) => a.id)).toEqual([String(artist.id)]);
      expect(starred2.album?.map((a) => a.id)).toEqual([String(album.id)]);
      const starredList = await api.getAlbumList2({ type: 'starred' });
      expect(starredList.albumList2.album?.map((a) => a.id)).toEqual([String(album.id)]);
      await api.unstar(stars);
      expect(await likedSongs()).toEqual([]);
      const empty = await api.getStarred2();
      expect(empty.starred2.song ?? []).toEqual([]);
      expect(empty.starred2.album ?? []).toEqual([]);
      expect((await json('star', { apiKey: appKey, id: String(hiddenSongs[0]) })).error?.code).toBe(
        70,
      );
      // A call naming one unknown or hidden item among others stars none of them.
      const mixed: Record<string, string | string[]>[] = [
        { id: [String(songs[2]!.id), 'al-999999'], artistId: String(artist.id) },
        { id: String(songs[2]!.id), albumId: String(album.id), artistId: 'ar-999999' },
        { id: [String(songs[2]!.id), String(hiddenSongs[0])], albumId: String(album.id) },
      ];
      for (const params of mixed) {
        expect((await json('star', { apiKey: appKey, ...params })).error?.code).toBe(70);
        expect(await likedSongs()).toEqual([]);
        const after = await api.getStarred2();
        expect([...(after.starred2.album ?? []), ...(after.starred2.artist ?? [])]).toEqual([]);
      }
    });

    it('counts a submitted scrobble as a play, once, and takes submission=false as now playing', async () => {
      const api = client({ apiKey: appKey });
      const song = songs[4]!;
      const plays = async () => (await listenerPlays(song.id)).length;
      await api.scrobble({ id: String(song.id), submission: false });
      expect(await plays()).toBe(0);
      const { nowPlaying } = await api.getNowPlaying();
      expect(nowPlaying.entry?.map((e) => e.id)).toEqual([String(song.id)]);
      await api.scrobble({ id: String(song.id) });
      expect(await plays()).toBe(1);
      // The web player's cool-down applies: the same listen reported again is not a second play.
      await api.scrobble({ id: String(song.id), submission: true });
      expect(await plays()).toBe(1);
      const { song: entry } = await api.getSong({ id: String(song.id) });
      expect(entry.playCount).toBe(1);
      for (const submission of ['true', 'false']) {
        const hidden = await json('scrobble', {
          apiKey: appKey,
          id: String(hiddenSongs[1]),
          submission,
        });
        expect(hidden.error?.code, submission).toBe(70);
      }
      // More songs than one call may report: none counted, and the app told to split them.
      const tooMany = await postForm('scrobble', [
        ['apiKey', appKey],
        ['f', 'json'],
        ...Array.from({ length: 1001 }, (): [string, string] => ['id', String(song.id)]),
      ]);
      expect((await tooMany.json())['subsonic-response'].error).toEqual({
        code: 10,
        message: 'A scrobble reports at most 1000 songs: send the rest in another',
      });
      expect(await plays()).toBe(1);
      // A call naming a song that is not listed counts none of its songs.
      const other = songs[2]!;
      const mixed = await json('scrobble', {
        apiKey: appKey,
        id: [String(other.id), String(hiddenSongs[1]), String(song.id)],
      });
      expect(mixed.error?.code).toBe(70);
      const playsOf = await t.deps.db
        .selectFrom('plays')
        .select('id')
        .where('song_id', '=', other.id)
        .execute();
      expect(playsOf).toHaveLength(0);
      // The same song twice in one call is one song, found.
      const twice = await json('scrobble', {
        apiKey: appKey,
        id: [String(other.id), String(other.id)],
        submission: 'false',
      });
      expect(twice.status).toBe('ok');
    });

    it('counts scrobbles an app sends later at the times their songs were heard', async () => {
      const api = client({ apiKey: appKey });
      const song = await createSong(t.deps, { artistIds: [artist.id], duration: 200 });
      const playedAt = () => listenerPlays(song.id);
      const now = Date.now();
      const [twoHoursAgo, hourAgo] = [now - 7_200_000, now - 3_600_000];
      // Played twice offline; each play goes with its own time.
      const offline = await json('scrobble', {
        apiKey: appKey,
        id: [String(song.id), String(song.id)],
        time: [String(twoHoursAgo), String(hourAgo)],
      });
      expect(offline.status).toBe('ok');
      const iso = (ms: number) => new Date(ms).toISOString();
      expect(await playedAt()).toEqual([iso(twoHoursAgo), iso(hourAgo)]);
      // The same listen sent again, as an app retrying does, is no second play.
      await json('scrobble', {
        apiKey: appKey,
        id: String(song.id),
        time: String(hourAgo + 5_000),
      });
      expect(await playedAt()).toHaveLength(2);
      // A play now is a play of its own, an hour after the last one heard.
      await api.scrobble({ id: String(song.id) });
      expect(await playedAt()).toHaveLength(3);
      const { song: entry } = await api.getSong({ id: String(song.id) });
      expect(entry.playCount).toBe(3);
      // A listen heard between two counted ones, reported last, counts when far from both.
      await json('scrobble', {
        apiKey: appKey,
        id: String(song.id),
        time: String(now - 5_400_000),
      });
      expect(await playedAt()).toEqual([
        iso(twoHoursAgo),
        iso(now - 5_400_000),
        iso(hourAgo),
        expect.any(String),
      ]);
      await retire([song.id]);
    });

    it('counts a day of offline listening sent at once, in the hours it was heard', async () => {
      const batch = await manySongsOfNewArtist('Offline Listening', 200);
      const counted = async () =>
        (
          await t.deps.db
            .selectFrom('plays')
            .select(['song_id', 'played_at'])
            .where('song_id', 'in', batch)
            .where('user_id', '=', listener.id)
            .orderBy('played_at')
            .execute()
        ).map((row) => row.played_at);
      const hour = 3_600_000;
      // Ten hours of listening, a song every three minutes, ending ten hours ago: more plays than
      // one hour's cap, each hour within it.
      const start = Date.now() - 20 * hour;
      const times = batch.map((_, i) => start + i * 180_000);
      const day = await json('scrobble', {
        apiKey: appKey,
        id: batch.map(String),
        time: times.map(String),
      });
      expect(day.status).toBe('ok');
      expect(await counted()).toHaveLength(batch.length);
      // Each play is on the day it was heard, where the rankings by day count it.
      const onDays = await t.deps.db
        .selectFrom('song_play_days')
        .select('day')
        .where('song_id', '=', batch[0]!)
        .execute();
      expect(onDays.map((row) => row.day)).toEqual([new Date(start).toISOString().slice(0, 10)]);

      // More plays than one listener can hear in an hour, all said to be heard in one: the hour's
      // cap still holds, however they are sent.
      const hourStart = Math.floor((Date.now() - 40 * hour) / hour) * hour;
      const crowded = batch.slice(0, 130).map((_, i) => hourStart + 60_000 + i * 10_000);
      await json('scrobble', {
        apiKey: appKey,
        id: batch.slice(0, 100).map(String),
        time: crowded.slice(0, 100).map(String),
      });
      await json('scrobble', {
        apiKey: otherKey,
        id: batch.slice(100, 130).map(String),
        time: crowded.slice(100).map(String),
      });
      const inThatHour = await t.deps.db
        .selectFrom('plays')
        .select('id')
        .where('song_id', 'in', batch)
        .where('played_at', '>=', new Date(hourStart).toISOString())
        .where('played_at', '<', new Date(hourStart + hour).toISOString())
        .execute();
      expect(inThatHour).toHaveLength(120);
      await retire(batch);
    });

    it("charges an IPv6 app's plays to its /64, as the web player's", async () => {
      const song = await createSong(t.deps, { artistIds: [artist.id], duration: 200 });
      const heard = Date.now() - 50 * 3_600_000;
      // Another address of the network already had its hour's plays counted.
      const full = addressHourKey('2001:db8:1:2::/64', new Date(heard));
      for (let i = 0; i < PLAYS_PER_ADDRESS.max; i++) {
        await t.deps.limiter.count(full, PLAYS_PER_ADDRESS);
      }
      const query = new URLSearchParams({
        apiKey: appKey,
        id: String(song.id),
        time: String(heard),
        f: 'json',
      });
      const sent = await t.app.inject({
        method: 'GET',
        url: `/rest/scrobble?${query}`,
        remoteAddress: '2001:db8:1:2::77',
      });
      expect(sent.json()['subsonic-response'].status).toBe('ok');
      expect(await listenerPlays(song.id)).toEqual([]);
      await retire([song.id]);
    });

    it('shows now playing for 15 minutes, and not once its song is no longer listed', async () => {
      const api = client({ apiKey: appKey });
      const song = songs[3]!;
      const shown = async () => (await api.getNowPlaying()).nowPlaying.entry?.map((e) => e.id);
      const reportedAgo = (minutes: number) =>
        t.deps.db
          .updateTable('now_playing')
          .set({ reported_at: new Date(Date.now() - minutes * 60_000).toISOString() })
          .where('user_id', '=', listener.id)
          .execute();
      await api.scrobble({ id: String(song.id), submission: false });
      await reportedAgo(14);
      expect(await shown()).toEqual([String(song.id)]);
      // Each listener sees their own: what others play stays theirs.
      const others = await client({ apiKey: otherKey }).getNowPlaying();
      expect(others.nowPlaying.entry).toBeUndefined();
      expect((await api.getNowPlaying()).nowPlaying.entry?.[0]?.minutesAgo).toBe(14);
      await reportedAgo(16);
      expect(await shown()).toBeUndefined();

      await api.scrobble({ id: String(song.id), submission: false });
      expect(await shown()).toEqual([String(song.id)]);
      await t.deps.db
        .updateTable('songs')
        .set({ status: 'Inactive' })
        .where('id', '=', song.id)
        .execute();
      try {
        expect(await shown()).toBeUndefined();
      } finally {
        await t.deps.db
          .updateTable('songs')
          .set({ status: 'Active' })
          .where('id', '=', song.id)
          .execute();
      }
    });

    it('changes no playlist when a call names a song that is not listed', async () => {
      const api = client({ apiKey: appKey });
      const unlisted = String(hiddenSongs[0]);
      const mine = async () => (await api.getPlaylists()).playlists.playlist ?? [];
      const before = (await mine()).length;
      const created = await json('createPlaylist', {
        apiKey: appKey,
        name: 'Half made',
        songId: [String(songs[0]!.id), unlisted],
      });
      expect(created.error?.code).toBe(70);
      expect(await mine()).toHaveLength(before);

      const { playlist } = await api.createPlaylist({
        name: 'Unchanged',
        songId: [String(songs[0]!.id), String(songs[1]!.id)],
      });
      const replaced = await json('createPlaylist', {
        apiKey: appKey,
        playlistId: playlist.id,
        songId: [String(songs[2]!.id), unlisted],
      });
      expect(replaced.error?.code).toBe(70);
      const misnamed = await json('createPlaylist', {
        apiKey: appKey,
        playlistId: playlist.id,
        name: 'x'.repeat(500),
        songId: String(songs[2]!.id),
      });
      expect(misnamed.error?.code).toBe(10);
      // A blank name is refused by the playlists' rules, after the songs were checked: the songs
      // go in with the name or not at all.
      const blank = await json('createPlaylist', {
        apiKey: appKey,
        playlistId: playlist.id,
        name: '   ',
        songId: String(songs[2]!.id),
      });
      expect(blank.error).toEqual({ code: 10, message: 'Playlist name is required' });
      const updated = await json('updatePlaylist', {
        apiKey: appKey,
        playlistId: playlist.id,
        name: 'Renamed',
        songIndexToRemove: '0',
        songIdToAdd: unlisted,
      });
      expect(updated.error?.code).toBe(70);
      const read = await api.getPlaylist({ id: playlist.id });
      expect(read.playlist.name).toBe('Unchanged');
      expect(read.playlist.entry?.map((e) => e.id)).toEqual([
        String(songs[0]!.id),
        String(songs[1]!.id),
      ]);
      await api.deletePlaylist({ id: playlist.id });

      // The same song twice is in it once, as in the web app.
      const { playlist: doubled } = await api.createPlaylist({
        name: 'Twice',
        songId: [String(songs[0]!.id), String(songs[0]!.id)],
      });
      expect(doubled.entry?.map((e) => e.id)).toEqual([String(songs[0]!.id)]);
      await api.deletePlaylist({ id: doubled.id });
    });

    it('replaces the songs listeners see of a playlist, and keeps the place of one that is hidden', async () => {
      const api = client({ apiKey: appKey });
      const hidden = await createSong(t.deps, { artistIds: [artist.id] });
      const { playlist } = await api.createPlaylist({
        name: 'Replaced',
        songId: [String(songs[0]!.id), String(hidden.id), String(songs[1]!.id)],
      });
      await retire([hidden.id]);
      const { playlist: replaced } = await api.createPlaylist({
        playlistId: playlist.id,
        name: 'Replaced again',
        songId: [String(songs[3]!.id), String(songs[0]!.id)],
      });
      expect(replaced.name).toBe('Replaced again');
      expect(replaced.entry?.map((e) => e.id)).toEqual([
        String(songs[3]!.id),
        String(songs[0]!.id),
      ]);
      // Listed again, it is where it was, before the songs put in.
      await t.deps.db
        .updateTable('songs')
        .set({ is_deleted: 0 })
        .where('id', '=', hidden.id)
        .execute();
      const read = await api.getPlaylist({ id: playlist.id });
      expect(read.playlist.entry?.map((e) => e.id)).toEqual(
        [hidden.id, songs[3]!.id, songs[0]!.id].map(String),
      );
      await retire([hidden.id]);
      await api.deletePlaylist({ id: playlist.id });
    });

    it('creates, reads, changes and deletes a playlist under the web app owner rules', async () => {
      const api = client({ apiKey: appKey });
      const { playlist } = await api.createPlaylist({
        name: 'Road trip',
        songId: [String(songs[0]!.id), String(songs[1]!.id)],
      });
      expect(playlist.entry?.map((e) => e.id)).toEqual([
        String(songs[0]!.id),
        String(songs[1]!.id),
      ]);
      expect(playlist.owner).toBe(listener.email);
      await api.updatePlaylist({
        playlistId: playlist.id,
        name: 'Road trip 2',
        songIdToAdd: [String(songs[3]!.id)],
        songIndexToRemove: [0],
      });
      const read = await api.getPlaylist({ id: playlist.id });
      expect(read.playlist.name).toBe('Road trip 2');
      expect(read.playlist.entry?.map((e) => e.id)).toEqual([
        String(songs[1]!.id),
        String(songs[3]!.id),
      ]);
      const web = await t.app.inject({
        method: 'GET',
        url: `/api/playlists/${playlist.id}`,
        headers: { authorization: `Bearer ${listener.token}` },
      });
      expect(web.json().data.songs.map((s: { _id: number }) => s._id)).toEqual([
        songs[1]!.id,
        songs[3]!.id,
      ]);
      const { playlists } = await api.getPlaylists();
      expect(playlists.playlist?.map((p) => p.id)).toContain(playlist.id);

      // Another listener may neither see this private playlist nor change or delete it.
      const stranger = client({ apiKey: otherKey });
      expect((await json('getPlaylist', { apiKey: otherKey, id: playlist.id })).error?.code).toBe(
        70,
      );
      const update = await json('updatePlaylist', {
        apiKey: otherKey,
        playlistId: playlist.id,
        name: 'x',
      });
      expect(update.error?.code).toBe(70);
      expect(
        (await json('deletePlaylist', { apiKey: otherKey, id: playlist.id })).error?.code,
      ).toBe(70);
      const theirs = (await stranger.getPlaylists()).playlists.playlist ?? [];
      expect(theirs.map((p) => p.id)).toEqual([String(otherPrivatePlaylist)]);

      await api.deletePlaylist({ id: playlist.id });
      expect((await json('getPlaylist', { apiKey: appKey, id: playlist.id })).error?.code).toBe(70);
    });

    it("shows a playlist with its first song's cover when it has none of its own", async () => {
      const withImage = await createArtist(t.deps, { withImage: true });
      const { image_key: cover } = await t.deps.db
        .selectFrom('artists')
        .select('image_key')
        .where('id', '=', withImage.id)
        .executeTakeFirstOrThrow();
      const covered = await createSong(t.deps, { artistIds: [withImage.id] });
      await t.deps.db
        .updateTable('songs')
        .set({ cover_key: cover })
        .where('id', '=', covered.id)
        .execute();
      const api = client({ apiKey: appKey });
      const { playlist } = await api.createPlaylist({
        name: 'Covered',
        songId: [String(covered.id), String(songs[0]!.id)],
      });
      expect(playlist.coverArt).toBe(cover);
      const listed = (await api.getPlaylists()).playlists.playlist ?? [];
      expect(listed.find((p) => p.id === playlist.id)?.coverArt).toBe(cover);
      const image = await rest('getCoverArt', { apiKey: appKey, id: cover!, size: '300' });
      expect(image.headers.get('content-type')).toBe('image/webp');
      await api.deletePlaylist({ id: playlist.id });
    });

    it('fills and replaces a long playlist in one call, without reading it again for every song', async () => {
      // Symfonium and DSub save a whole play queue as a playlist: hundreds of songIds at once,
      // and more than the 1,000 entries a list of the JSON API may hold.
      const ids = (await manySongsOfNewArtist('Bulk Saver', 1200)).map(String);
      const [last, nextToLast] = [ids.at(-1)!, ids.at(-2)!];
      const reads = vi.spyOn(t.deps.services.playlists, 'get');
      try {
        const api = client({ apiKey: appKey }, true);
        const { playlist } = await api.createPlaylist({ name: 'Saved queue', songId: ids });
        expect(playlist.songCount).toBe(1200);
        expect(playlist.entry?.map((e) => e.id)).toEqual(ids);
        const reversed = [...ids].reverse();
        const replaced = await api.createPlaylist({ playlistId: playlist.id, songId: reversed });
        expect(replaced.playlist.entry?.map((e) => e.id)).toEqual(reversed);
        await api.updatePlaylist({
          playlistId: playlist.id,
          songIndexToRemove: [0, 1, 2],
          songIdToAdd: [last, nextToLast, String(songs[0]!.id)],
        });
        const read = await api.getPlaylist({ id: playlist.id });
        expect(read.playlist.entry?.map((e) => e.id)).toEqual([
          ...reversed.slice(3),
          last,
          nextToLast,
          String(songs[0]!.id),
        ]);
        // Each call reads the playlist a few times, whatever the number of songs it names.
        expect(reads.mock.calls.length).toBeLessThan(10);
        await api.deletePlaylist({ id: playlist.id });
      } finally {
        reads.mockRestore();
        await retire(ids.map(Number));
      }
    });

    it('lets owners change their public playlists and others only read them', async () => {
      const open = await createPlaylist(t.deps, other.id, { isPublic: true });
      const read = await json('getPlaylist', { apiKey: appKey, id: String(open.id) });
      expect(read.status).toBe('ok');
      const change = await json('updatePlaylist', {
        apiKey: appKey,
        playlistId: String(open.id),
        name: 'mine now',
      });
      expect(change.error?.code).toBe(50);
    });
  });

  describe('access', () => {
    it('refuses every call from anonymous and blocked callers', async () => {
      for (const [method, params] of calls()) {
        const anonymous = await json(method, params);
        expect(anonymous.error?.code, method).toBe(10);
        const wrong = await json(method, {
          ...params,
          u: listener.email,
          t: 'f'.repeat(32),
          s: 'x',
        });
        expect(wrong.error?.code, method).toBe(40);
        const asBlocked = await json(method, { ...params, apiKey: blockedKey });
        expect(asBlocked.error?.code, method).toBe(50);
      }
    });

    it("keeps another listener's private playlist and user record out of reach", async () => {
      for (const [method, params] of calls()) {
        if (method === 'stream' || method === 'download') {
          const bytes = await rest(method, { ...params, apiKey: appKey });
          expect(bytes.headers.get('content-type'), method).toBe('audio/mpeg');
          continue;
        }
        const answer = await json(method, { ...params, apiKey: appKey });
        if (['getPlaylist', 'updatePlaylist', 'deletePlaylist'].includes(method)) {
          expect(answer.error?.code, method).toBe(70);
        } else if (method === 'getUser') {
          expect(answer.error?.code, method).toBe(50);
        } else if (method === 'getCoverArt') {
          expect(answer.error?.code, method).toBe(70);
        } else {
          expect(answer.status, method).toBe('ok');
        }
      }
      const mine = await json('getUser', { apiKey: appKey, username: listener.email });
      expect(mine.user).toMatchObject({
        username: listener.email,
        adminRole: false,
        streamRole: true,
      });
      const playlist = await t.deps.db
        .selectFrom('playlists')
        .select('name')
        .where('id', '=', otherPrivatePlaylist)
        .executeTakeFirstOrThrow();
      expect(playlist.name).not.toBe('x');
    });
  });

  describe('XML and JSON answers', () => {
    /** Every call with parameters that find something, but the media (bytes). */
    let answered: [string, Record<string, string>][];
    /** Calls the XSD predates (scanStatus, OpenSubsonic's lyricsList and tokenInfo). */
    const newerThanSchema = ['tokenInfo', 'getScanStatus', 'startScan', 'getLyricsBySongId'];

    beforeAll(async () => {
      const playlist = (
        await client({ apiKey: appKey }).createPlaylist({
          name: 'XSD',
          songId: [String(songs[0]!.id)],
        })
      ).playlist;
      await client({ apiKey: appKey }).star({
        id: String(songs[1]!.id),
        albumId: String(album.id),
      });
      const media = ['stream', 'download', 'getCoverArt'];
      const withOwnParams = ['getPlaylist', 'getUser'];
      answered = [
        ...calls().filter(([method]) => !media.includes(method) && !withOwnParams.includes(method)),
        ['getStarred2', {}],
        ['getPlaylist', { id: playlist.id }],
        ['getUser', { username: listener.email }],
        ['getSong', { id: '424242' }],
        ['getSong', {}],
      ];
    });

    it('validate against the Subsonic XSD', async () => {
      const checks = answered.filter(([method]) => !newerThanSchema.includes(method));
      const answers = await Promise.all(
        checks.map(async ([method, params], i) => ({
          fileName: `${i}-${method}.xml`,
          contents: await (await rest(method, { ...params, apiKey: appKey })).text(),
        })),
      );
      // One run validates every answer: compiling the schema is what takes the time.
      expect(await schemaErrors(answers)).toEqual([]);
      expect(answers.every((answer) => answer.contents.startsWith('<?xml'))).toBe(true);
    });

    it('carry in JSON the very tree of the XML, lists as arrays where the XSD has lists', async () => {
      const xml = new XMLParser({
        ignoreAttributes: false,
        attributeNamePrefix: '',
        textNodeName: 'value',
        parseTagValue: false,
        parseAttributeValue: false,
        trimValues: false,
        ignoreDeclaration: true,
        // Every element as a list: the JSON side is brought to the same form below.
        isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
      });
      /**
       * Both formats in one form: values as text, child elements as lists. Subsonic's JSON writes
       * an element of text alone (a biography) as that text, and a list with nothing in it as
       * an empty array where XML has no element.
       */
      const textAlone = (list: unknown[]) =>
        list.length === 1 && typeof list[0] === 'string' ? list[0] : list;
      const fromXml = (node: unknown): unknown => {
        if (node === '') return {};
        if (typeof node === 'string') return node;
        return Object.fromEntries(
          Object.entries(node as Record<string, unknown>)
            .filter(([key]) => key !== 'xmlns')
            .map(([key, value]) => [
              key,
              Array.isArray(value) ? textAlone(value.map(fromXml)) : String(value),
            ]),
        );
      };
      const fromJson = (node: unknown): unknown => {
        if (typeof node !== 'object' || node === null) return String(node);
        return Object.fromEntries(
          Object.entries(node)
            .filter(([, value]) => !(Array.isArray(value) && value.length === 0))
            .map(([key, value]) => [
              key,
              Array.isArray(value)
                ? textAlone(value.map(fromJson))
                : typeof value === 'object' && value !== null
                  ? [fromJson(value)]
                  : String(value),
            ]),
        );
      };
      const declared = [...XSD.matchAll(/<xs:element name="([^"]+)"([^>]*)>/g)];
      const lists = new Set(
        declared.filter(([, , a]) => a!.includes('unbounded')).map(([, n]) => n),
      );
      const singles = new Set(
        declared.filter(([, , a]) => !a!.includes('unbounded')).map(([, n]) => n),
      );
      /** Where a JSON answer has an array the XSD has no list of that name, and so on. */
      const misshapen = (node: unknown, path: string): string[] =>
        typeof node !== 'object' || node === null
          ? []
          : Object.entries(node).flatMap(([key, value]) => {
              const at = `${path}.${key}`;
              if (Array.isArray(value)) {
                return [
                  ...(lists.has(key) ? [] : [`${at} is an array`]),
                  ...value.flatMap((item, i) => misshapen(item, `${at}[${i}]`)),
                ];
              }
              if (typeof value === 'object' && value !== null) {
                return [
                  ...(singles.has(key) ? [] : [`${at} is an object`]),
                  ...misshapen(value, at),
                ];
              }
              return [];
            });

      // Random picks come in another order each call (asked for as many as can be, so the same
      // songs); each createPlaylist makes another playlist, read by getPlaylist.
      const inAnyOrder = ['getRandomSongs', 'getSimilarSongs', 'getSimilarSongs2'];
      const sorted = (node: unknown): unknown =>
        Array.isArray(node)
          ? node.map(sorted).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
          : typeof node === 'object' && node !== null
            ? Object.fromEntries(Object.entries(node).map(([key, value]) => [key, sorted(value)]))
            : node;
      for (const [method, asked] of answered.filter(([name]) => name !== 'createPlaylist')) {
        const params = inAnyOrder.includes(method)
          ? { ...asked, size: '500', count: '500' }
          : asked;
        const [asXml, asJson] = await Promise.all([
          rest(method, { ...params, apiKey: appKey }).then((response) => response.text()),
          rest(method, { ...params, apiKey: appKey, f: 'json' }).then((response) =>
            response.json(),
          ),
        ]);
        const json = (asJson as Record<string, unknown>)['subsonic-response'];
        const tree = (xml.parse(asXml) as Record<string, unknown[]>)['subsonic-response']?.[0];
        const inOrder = (node: unknown) => (inAnyOrder.includes(method) ? sorted(node) : node);
        expect([method, inOrder(fromJson(json))]).toEqual([method, inOrder(fromXml(tree))]);
        if (!newerThanSchema.includes(method)) {
          expect([method, misshapen(json, '')]).toEqual([method, []]);
        }
      }
    });

    it('name the transcode of a song stored in a format players cannot decode, valid in XML', async () => {
      // Stored as AIFF (the file itself is not read here).
      const aiff = await createSong(t.deps, {
        artistIds: [artist.id],
        audio: {
          key: `audio/${'f'.repeat(64)}.aiff`,
          size: 1000,
          mime: 'audio/aiff',
          codec: 'PCM',
          bitrate: 1_411_000,
        },
      });
      try {
        const answer = await json('getSong', { id: String(aiff.id), apiKey: appKey });
        expect(answer.song).toMatchObject({
          suffix: 'aiff',
          contentType: 'audio/aiff',
          transcodedContentType: 'audio/mpeg',
          transcodedSuffix: 'mp3',
        });
        // A song players decode as it is names no transcode.
        const mp3 = await json('getSong', { id: String(songs[0]!.id), apiKey: appKey });
        expect(mp3.song).not.toHaveProperty('transcodedContentType');
        expect(mp3.song).not.toHaveProperty('transcodedSuffix');
        const xml = await (await rest('getSong', { id: String(aiff.id), apiKey: appKey })).text();
        expect(xml).toContain('transcodedContentType="audio/mpeg" transcodedSuffix="mp3"');
        expect(await schemaErrors([{ fileName: 'aiff.xml', contents: xml }])).toEqual([]);
      } finally {
        await retire([aiff.id]);
      }
    });
  });
});
