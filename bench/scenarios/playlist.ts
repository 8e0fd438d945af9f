import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { migrate, openDatabase } from '../../server/db/database.ts';
import { LocalMediaStore } from '../../server/media/local-store.ts';
import { SessionsRepository } from '../../server/modules/sessions/sessions.repository.ts';
import { SessionsService } from '../../server/modules/sessions/sessions.service.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../../tests/helpers/chromium.ts';
import {
  createAlbum,
  createArtist,
  createPlaylist,
  createSong,
  createUser,
} from '../../tests/helpers/factories.ts';
import { startServer } from '../../tests/helpers/server-process.ts';
import { inProcessApp, memoryAgainstCharge } from '../in-process.ts';
import { cpuMs, type Figure, percentile, type Scenario } from '../scenario.ts';

const SONGS = 5000;
const ARTISTS = 100;
const PLAYS = 50_000;
const CALLS = 200;
const LOADS = 12;
/** The songs in the playlist page's first call (`PLAYLIST_FIRST_SONGS` in contract/routes.ts). */
const FIRST_SONGS = 50;

/** A catalog of 5,000 songs (100 artists, albums of 10) in one public playlist, with plays. */
export async function seed(dataDir: string): Promise<number> {
  const database = await openDatabase({ url: null, dataDir });
  await migrate(database);
  const deps = {
    db: database.db,
    sessions: new SessionsService(new SessionsRepository(database.db)),
    media: new LocalMediaStore(path.join(dataDir, 'media')),
  };
  const owner = await createUser(deps, { name: 'Bench Owner' });
  const artists = [];
  for (let i = 0; i < ARTISTS; i++) artists.push(await createArtist(deps, { name: `Artist ${i}` }));
  const playlist = await createPlaylist(deps, owner.id, {
    name: 'Five thousand',
    description: 'A long one',
  });
  let album = 0;
  const songIds: number[] = [];
  for (let i = 0; i < SONGS; i++) {
    const artist = artists[i % ARTISTS]!;
    if (i % 10 === 0) album = (await createAlbum(deps, artist.id, `Album ${i / 10}`)).id;
    const song = await createSong(deps, {
      artistIds: [artist.id],
      albumId: album,
      title: `Song ${i}`,
      duration: 120 + (i % 180),
    });
    songIds.push(song.id);
  }
  const now = new Date().toISOString();
  for (let start = 0; start < SONGS; start += 500) {
    await deps.db
      .insertInto('playlist_songs')
      .values(
        songIds.slice(start, start + 500).map((songId, offset) => ({
          playlist_id: playlist.id,
          song_id: songId,
          position: start + offset,
          added_at: now,
        })),
      )
      .execute();
  }
  const at = new Date(Date.now() - 3_600_000).toISOString();
  for (let start = 0; start < PLAYS; start += 1000) {
    await deps.db
      .insertInto('plays')
      .values(
        Array.from({ length: 1000 }, (_, i) => ({
          song_id: songIds[(start + i) % SONGS]!,
          user_id: null,
          listener_key: `a:${(start + i) % 997}`,
          played_at: at,
        })),
      )
      .execute();
  }
  await database.close();
  return playlist.id;
}

/**
 * What a long playlist's song takes in the cache of presented songs (PlaylistSongsCache), against
 * what the cache charges for it: the app in this process, the playlist
 * asked for in both shapes until all its cached forms are made (songs, their JSON, the last
 * response), and the memory in use before and after. A copy of it is asked for first, so the
 * code and statements it takes are made before the measurement.
 */
async function cachedSongBytes(dataDir: string, playlistId: number): Promise<Figure> {
  // Room for both playlists in the cache's share, so the second does not push the first out.
  const { app, caches, close } = await inProcessApp(dataDir, 256);
  try {
    const [owner] = await app.deps.db.selectFrom('users').select('id').execute();
    const copy = await createPlaylist(app.deps, owner!.id, { name: 'Copy' });
    await app.deps.db
      .insertInto('playlist_songs')
      .columns(['playlist_id', 'song_id', 'position', 'added_at'])
      .expression((eb) =>
        eb
          .selectFrom('playlist_songs')
          .select([eb.val(copy.id).as('playlist_id'), 'song_id', 'position', 'added_at'])
          .where('playlist_id', '=', playlistId),
      )
      .execute();
    const askFor = async (id: number) => {
      // The first call presents the songs and keeps them; the next writes their JSON and keeps
      // the response (playlists.service.ts); a third finds all of it.
      for (const url of [`/api/playlists/${id}`, `/api/user/playlistById/${id}`]) {
        for (let i = 0; i < 3; i++) {
          const response = await app.inject({ method: 'GET', url });
          if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
        }
      }
    };
    await askFor(copy.id);
    return await memoryAgainstCharge(
      'a long playlist’s cached song, in memory',
      caches.playlistSongs,
      async () => {
        await askFor(playlistId);
        return SONGS;
      },
      `both shapes asked for: each song presented, and in each shape as JSON and in the last response; ${SONGS} songs`,
    );
  } finally {
    await close();
  }
}

/** Server CPU per call over `calls`, as a note (what load on the machine does not change). */
function cpuNote(before: number | null, after: number | null, calls: number): string {
  return before === null || after === null
    ? ''
    : `; server CPU ${((after - before) / calls).toFixed(1)} ms per call`;
}

const scenario: Scenario = {
  name: 'playlist',
  description: `a public playlist of ${SONGS} songs (${PLAYS} plays in the catalog), SQLite: what a cached song of it takes in memory, GET /api/playlists/:id (the page's call) one call at a time, then the page in Chromium until its first rows show`,
  async run(): Promise<Figure[]> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-bench-playlist-'));
    const playlistId = await seed(dataDir);
    const songBytes = await cachedSongBytes(dataDir, playlistId);
    const server = await startServer({ DATA_DIR: dataDir, DEMO_CATALOG: 'off' }, 120_000);
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    try {
      const url = `${server.url}/api/playlists/${playlistId}`;
      let bytes = 0;
      for (let i = 0; i < 20; i++) bytes = (await (await fetch(url)).arrayBuffer()).byteLength;
      const pid = server.process.pid;
      let cpuBefore = cpuMs(pid);
      const times: number[] = [];
      for (let i = 0; i < CALLS; i++) {
        const started = performance.now();
        const response = await fetch(url);
        const body = await response.arrayBuffer();
        times.push(performance.now() - started);
        if (!response.ok || body.byteLength !== bytes) throw new Error('unexpected answer');
      }
      const callLoad = os.loadavg()[0]!;
      const callCpu = cpuNote(cpuBefore, cpuMs(pid), CALLS);
      cpuBefore = cpuMs(pid);
      // What Chorus's own page asks first: the header and the first songs.
      const firstPage: number[] = [];
      for (let i = 0; i < CALLS; i++) {
        const started = performance.now();
        const response = await fetch(`${url}?limit=${FIRST_SONGS}`);
        await response.arrayBuffer();
        firstPage.push(performance.now() - started);
        if (!response.ok) throw new Error('unexpected answer');
      }
      const pageCpu = cpuNote(cpuBefore, cpuMs(pid), CALLS);
      // A client that holds the answer already (its ETag) asks again: 304 while nothing changed.
      const tagged = await fetch(url);
      await tagged.arrayBuffer();
      const etag = tagged.headers.get('etag') ?? '';
      cpuBefore = cpuMs(pid);
      const revalidate: number[] = [];
      for (let i = 0; i < CALLS; i++) {
        const started = performance.now();
        const response = await fetch(url, { headers: { 'if-none-match': etag } });
        await response.arrayBuffer();
        revalidate.push(performance.now() - started);
        if (response.status !== 304) throw new Error(`expected 304, got ${response.status}`);
      }
      const revalidateCpu = cpuNote(cpuBefore, cpuMs(pid), CALLS);

      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript(() => {
        const observer = new MutationObserver(() => {
          if (document.querySelector('[data-testid="song-row"]')) {
            performance.mark('first-row');
            // Shown with the next frame: its animation callbacks run once the main thread is
            // free (scripts can hold it after the rows are in the DOM), just before it paints.
            requestAnimationFrame(() => performance.mark('first-row-shown'));
            observer.disconnect();
          }
        });
        observer.observe(document, { childList: true, subtree: true });
      });
      const page = await context.newPage();
      const pageUrl = `${server.url}/viewPlaylist/${playlistId}`;
      // The first load fills the browser's cache with the app's scripts, as any visit after the
      // first finds them (they are served with long-lived caching).
      await page.goto(pageUrl);
      await page.getByTestId('song-row').first().waitFor();
      let rendered = 0;
      /** Of the last `firstRowTimes`: times from the navigation's start to the row in the DOM. */
      let inDom: number[] = [];
      /** Times from the start of the page's navigation to the frame that shows its first row. */
      const firstRowTimes = async (open: () => Promise<unknown>) => {
        const times: number[] = [];
        inDom = [];
        for (let i = 0; i < LOADS; i++) {
          await open();
          await page.getByTestId('song-row').first().waitFor();
          await page.waitForFunction(
            () => performance.getEntriesByName('first-row-shown').length > 0,
          );
          // (No function is declared inside: the bench's TypeScript loader would wrap it in a
          // helper the page does not have.)
          const [dom, shown] = await page.evaluate(() =>
            ['first-row', 'first-row-shown'].map(
              (name) =>
                (performance.getEntriesByName(name)[0]?.startTime ?? performance.now()) -
                (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
                  .startTime,
            ),
          );
          times.push(shown!);
          inDom.push(dom!);
          rendered = await page.getByTestId('song-row').count();
        }
        return times;
      };
      // A new tab: the browser starts a fresh renderer for the page, whose JavaScript engine has
      // compiled none of the app yet. This is the budget's figure.
      const firstRows = await firstRowTimes(async () => {
        await page.goto('about:blank');
        await page.goto(pageUrl);
      });
      const firstInDom = inDom;
      // The same page loaded again in a tab that already shows Chorus (a reload, or a link
      // opened from another Chorus page): the renderer and its compiled code are reused.
      const reloaded = await firstRowTimes(() => page.reload());
      const fromHome = await firstRowTimes(async () => {
        await page.goto(`${server.url}/`);
        await page.goto(pageUrl);
      });
      await context.close();
      const pageLoad = os.loadavg()[0]!;
      return [
        {
          name: 'playlist call p95',
          value: percentile(times, 95),
          unit: 'ms',
          budget: { op: '<=', value: 30 },
          note: `p50 ${percentile(times, 50).toFixed(1)} ms over ${CALLS} calls; ${(bytes / 1024).toFixed(0)} KiB of JSON${callCpu}; load average ${callLoad.toFixed(2)}`,
        },
        {
          name: `playlist call ?limit=${FIRST_SONGS} p95`,
          value: percentile(firstPage, 95),
          unit: 'ms',
          note: `p50 ${percentile(firstPage, 50).toFixed(1)} ms (the page's first call)${pageCpu}`,
        },
        {
          name: 'playlist call revalidated (304) p95',
          value: percentile(revalidate, 95),
          unit: 'ms',
          note: `p50 ${percentile(revalidate, 50).toFixed(1)} ms with If-None-Match${revalidateCpu}`,
        },
        {
          name: 'first rows shown (median)',
          value: percentile(firstRows, 50),
          unit: 'ms',
          budget: { op: '<=', value: 300 },
          note: `in a new tab (the page rendered by the server); max ${Math.max(...firstRows).toFixed(0)} ms over ${LOADS} loads with a warm cache; in the DOM (the HTML) at ${percentile(firstInDom, 50).toFixed(0)} ms (median); ${rendered} of ${SONGS} rows in the DOM; load average ${pageLoad.toFixed(2)}`,
        },
        {
          name: 'first rows shown, tab already on Chorus (median)',
          value: percentile(fromHome, 50),
          unit: 'ms',
          note: `loaded from the home page; reloaded: median ${percentile(reloaded, 50).toFixed(0)} ms`,
        },
        songBytes,
      ];
    } finally {
      await browser.close();
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

export default scenario;
