import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYLIST_FIRST_SONGS } from '../../../contract/routes.ts';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import {
  createArtist,
  createPlaylist,
  createSong,
  createUser,
  type TestUser,
} from '../../../tests/helpers/factories.ts';
import type { PageState } from '../../../web/ssr/page-state.ts';
import { SESSION_COOKIE } from '../../plugins/policies.ts';

/** The built app's shell as far as the server cares: where the page goes. */
const SHELL =
  '<!doctype html><html><head><title>Chorus</title></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>';

const STATE = /<script id="chorus-page-state" type="application\/json">(.*?)<\/script>/s;

describe('pages rendered by the server', () => {
  let t: TestContext;
  let webDir: string;
  let owner: TestUser;
  let stranger: TestUser;
  let admin: TestUser;
  let publicId: number;
  let privateId: number;
  let trickyId: number;
  const titles: string[] = [];

  const open = (url: string, user: TestUser | null = null) =>
    t.app.inject({
      method: 'GET',
      url,
      ...(user ? { cookies: { [SESSION_COOKIE]: user.token } } : {}),
    });

  /** The state the page hands the browser, or null for the static shell. */
  const stateOf = (body: string): PageState | null => {
    const match = STATE.exec(body);
    return match ? (JSON.parse(match[1]!) as PageState) : null;
  };

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-web-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), SHELL);
    t = await createTestApp({}, [], webDir);
    owner = await createUser(t.deps, { name: 'Page Owner' });
    stranger = await createUser(t.deps);
    admin = await createUser(t.deps, { role: 'admin' });
    const artist = await createArtist(t.deps, { name: 'Drawn Artist' });
    publicId = (await createPlaylist(t.deps, owner.id, { name: 'Drawn in public' })).id;
    privateId = (
      await createPlaylist(t.deps, owner.id, { name: 'Drawn in private', isPublic: false })
    ).id;
    trickyId = (
      await createPlaylist(t.deps, owner.id, { name: '</script><script>alert(1)</script> & <b>' })
    ).id;
    const now = new Date().toISOString();
    for (let i = 0; i < PLAYLIST_FIRST_SONGS + 5; i++) {
      const title = `Drawn song ${i + 1}`;
      const song = await createSong(t.deps, { artistIds: [artist.id], title });
      titles.push(title);
      for (const playlistId of [publicId, privateId]) {
        await t.deps.db
          .insertInto('playlist_songs')
          .values({ playlist_id: playlistId, song_id: song.id, position: i, added_at: now })
          .execute();
      }
    }
  });

  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('renders a public playlist with its first rows, and hands the browser what it rendered with', async () => {
    const response = await open(`/viewPlaylist/${publicId}`);
    expect(response.statusCode).toBe(200);
    const body = response.body;
    expect(body).toContain('Drawn in public</h1>');
    expect(body).toContain('<title>Drawn in public · Chorus</title>');
    expect(body).toContain('data-testid="song-row"');
    expect(body).toContain('Drawn song 1<');
    const state = stateOf(body);
    expect(state?.session).toEqual({ user: null, isAuth: false, isAdmin: false });
    // The first answer the API gives this caller, under the page's query key.
    const api = await open(`/api/playlists/${publicId}?limit=${PLAYLIST_FIRST_SONGS}`);
    expect(state?.queries).toEqual([
      [['library', 'playlist', publicId, 'head'], (api.json() as { data: unknown }).data],
    ]);
    // Rendered for this caller: kept by the browser only, and never hinted to be fetched again.
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(String(response.headers.vary)).toContain('cookie');
    expect(String(response.headers.link ?? '')).not.toContain('as=fetch');
  });

  it('renders only the first rows, not the whole playlist', async () => {
    const body = (await open(`/viewPlaylist/${publicId}`)).body;
    const head = stateOf(body)?.queries[0]?.[1] as { songs: unknown[]; songCount: number };
    expect(head.songs).toHaveLength(PLAYLIST_FIRST_SONGS);
    expect(head.songCount).toBe(PLAYLIST_FIRST_SONGS + 5);
    expect(body).not.toContain(`${titles.at(-1)}<`);
  });

  it('renders a private playlist for its owner only; others get the shell as a 404, as from the API', async () => {
    const mine = await open(`/viewPlaylist/${privateId}`, owner);
    expect(mine.body).toContain('Drawn in private</h1>');
    expect(stateOf(mine.body)?.session).toEqual({
      user: { _id: owner.id, name: 'Page Owner', email: owner.email },
      isAuth: true,
      isAdmin: false,
    });
    for (const caller of [null, stranger]) {
      const response = await open(`/viewPlaylist/${privateId}`, caller);
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(SHELL);
      // The browser asks the API itself (a 404 too); a preload of it would ask twice.
      expect(response.headers.link ?? '').not.toContain('as=fetch');
      expect(response.body).not.toContain('Drawn');
    }
  });

  it('leaves administrators to the browser, and answers unknown playlists and malformed ids with the shell as a 404', async () => {
    const forAdmin = await open(`/viewPlaylist/${publicId}`, admin);
    expect(forAdmin.statusCode).toBe(200);
    expect(forAdmin.body).toBe(SHELL);
    // Malformed, or past the ids the API takes (which PostgreSQL's integer column would refuse).
    for (const id of ['999999', 'abc', '0', '2147483648', '99999999999999999999']) {
      const bad = await open(`/viewPlaylist/${id}`);
      expect(bad.statusCode).toBe(404);
      expect(bad.body).toBe(SHELL);
    }
    // Other pages are not rendered by the server.
    expect((await open('/')).body).toBe(SHELL);
  });

  it('escapes what listeners typed, in the markup and in the state', async () => {
    const body = (await open(`/viewPlaylist/${trickyId}`)).body;
    expect(body).not.toContain('<script>alert(1)');
    expect(body).not.toContain('<b>');
    expect(body.match(/<\/script>/g)).toHaveLength(2); // the state's own, and the app's
    expect(body).toContain(
      '<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt; · Chorus</title>',
    );
    const head = stateOf(body)?.queries[0]?.[1] as { name: string };
    expect(head.name).toBe('</script><script>alert(1)</script> & <b>');
  });

  it('sends the rendered page compressed when the browser accepts it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/viewPlaylist/${publicId}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    const zlib = await import('node:zlib');
    expect(zlib.gunzipSync(response.rawPayload).toString()).toContain('Drawn in public</h1>');
  });
});
