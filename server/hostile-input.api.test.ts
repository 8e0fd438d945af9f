import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../tests/helpers/api-app.ts';
import {
  createAlbum,
  createArtist,
  createPlaylist,
  createSong,
  createUser,
  type TestUser,
} from '../tests/helpers/factories.ts';

/**
 * Every route, called by someone its policy lets in, with what careless clients and attackers
 * send: ids that are not numbers, too large, negative or fractional, control characters, emoji,
 * bodies of the wrong type or far too long. A person gets a 4xx that says what to change; a
 * server error means a rule was missed. Each call comes from its own address, so the login
 * limits answer none of them before the route's own checks do.
 */
const HOSTILE_TEXTS = [
  '0',
  '-1',
  '1.5',
  'abc',
  '99999999999999999999',
  '1e400',
  '%00',
  "'%20or%201=1",
  '%F0%9F%8E%B5',
  'null',
];

const HOSTILE_BODIES: unknown[] = [
  null,
  [],
  'text',
  42,
  {
    name: 123,
    title: [],
    email: {},
    password: null,
    songIds: 'x',
    songId: 'x',
    offset: -5,
    limit: 1e12,
    isPublic: 'yes',
  },
  { name: 'x'.repeat(20_000), title: '\u0000', email: 'a@b', description: 'x'.repeat(20_000) },
  { songIds: [Number.MAX_SAFE_INTEGER + 2, -1, 1.5], position: 1e300, from: -1, to: 1e9 },
];

/** Every Subsonic method Chorus answers, and two it does not. */
const SUBSONIC_METHODS = [
  'ping',
  'getLicense',
  'getMusicFolders',
  'getIndexes',
  'getMusicDirectory',
  'getArtists',
  'getArtist',
  'getArtistInfo2',
  'getAlbum',
  'getAlbumInfo2',
  'getSong',
  'getAlbumList',
  'getAlbumList2',
  'getGenres',
  'getRandomSongs',
  'getSongsByGenre',
  'getTopSongs',
  'getSimilarSongs2',
  'search2',
  'search3',
  'star',
  'unstar',
  'getStarred2',
  'scrobble',
  'getNowPlaying',
  'getPlaylists',
  'getPlaylist',
  'createPlaylist',
  'updatePlaylist',
  'deletePlaylist',
  'getUser',
  'getPlayQueue',
  'savePlayQueue',
  'getLyrics',
  'getLyricsBySongId',
  'stream',
  'download',
  'getCoverArt',
  'setRating',
  'noSuchMethod',
];

const SUBSONIC_PARAMETERS = [
  'id',
  'albumId',
  'artistId',
  'playlistId',
  'songIdToAdd',
  'songIndexToRemove',
  'size',
  'offset',
  'count',
  'type',
  'genre',
  'fromYear',
  'toYear',
  'query',
  'songCount',
  'songOffset',
  'format',
  'maxBitRate',
  'timeOffset',
  'submission',
  'time',
  'current',
  'position',
  'name',
  'public',
  'username',
];

let address = 0;
/** A new client address for each call (10.x.y.z), so no rate limit answers first. */
function nextAddress(): string {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
}

function messageOf(body: string): unknown {
  try {
    return JSON.parse(body).message;
  } catch {
    return undefined;
  }
}

describe('hostile input', () => {
  let t: TestContext;
  let listener: TestUser;
  let admin: TestUser;
  let realIds: string[];

  beforeAll(async () => {
    t = await createTestApp();
    listener = await createUser(t.deps);
    admin = await createUser(t.deps, { role: 'admin' });
    const artist = await createArtist(t.deps, {});
    const album = await createAlbum(t.deps, artist.id);
    const song = await createSong(t.deps, { artistIds: [artist.id], albumId: album.id });
    const playlist = await createPlaylist(t.deps, listener.id);
    realIds = [...new Set([artist.id, album.id, song.id, playlist.id].map(String))];
  });
  afterAll(() => t.close());

  it('answers every web API route with a 4xx that says why, never a server error', async () => {
    const failures: string[] = [];
    const routes = t.app.routeTable.filter(
      (route) =>
        route.policy !== 'subsonic' &&
        route.method !== 'HEAD' &&
        route.method !== 'OPTIONS' &&
        // Logging out ends the callers' sessions; the web app's pages answer 503 in API builds.
        route.url !== '/api/auth/logout' &&
        route.url.startsWith('/api/'),
    );
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      const callers = route.policy === 'admin' ? [admin] : [listener];
      const values = route.url.includes(':') ? [...HOSTILE_TEXTS, ...realIds] : [''];
      const bodies = route.method === 'GET' ? [undefined] : HOSTILE_BODIES;
      for (const value of values) {
        const path = route.url.replace(/:[A-Za-z]+/g, value);
        const queries = ['', `?offset=${value}&limit=${value}&q=${value}&page=${value}`];
        for (const [url, body, caller] of queries.flatMap((query) =>
          bodies.flatMap((body) => callers.map((caller) => [path + query, body, caller] as const)),
        )) {
          const response = await t.app.inject({
            method: route.method as 'GET',
            url,
            remoteAddress: nextAddress(),
            headers: {
              authorization: `Bearer ${caller.token}`,
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
          });
          const label = `${route.method} ${url} ${JSON.stringify(body)?.slice(0, 60)}`;
          if (response.statusCode >= 500) {
            failures.push(`${label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
          } else if (response.statusCode >= 400) {
            const message = messageOf(response.body);
            if (typeof message !== 'string' || message.length === 0) {
              failures.push(`${label}: ${response.statusCode} without a message`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers every Subsonic method in its own format, never a server error', async () => {
    const appKey = (await t.deps.services.appKeys.create(listener.id)).appKey;
    const failures: string[] = [];
    const values = [...HOSTILE_TEXTS.map(decodeURIComponent), 'al-x', 'ar-', ...realIds, ''];
    for (const method of SUBSONIC_METHODS) {
      for (const value of values) {
        // A list `type` that reads the other values (byYear's years), and the value itself.
        for (const [format, type] of [
          ['json', value],
          ['xml', value],
          ['json', 'byYear'],
        ] as const) {
          const query = new URLSearchParams({ apiKey: appKey, f: format, v: '1.16.1', c: 'test' });
          for (const name of SUBSONIC_PARAMETERS)
            query.append(name, name === 'type' ? type : value);
          query.append('id', `${value}0`);
          const response = await t.app.inject({
            method: 'GET',
            url: `/rest/${method}?${query}`,
            remoteAddress: nextAddress(),
          });
          if (response.statusCode >= 500) {
            failures.push(
              `${method} ${JSON.stringify(value)} ${format} ${type}: ${response.statusCode} ${response.body.slice(0, 200)}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
