import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/database.ts';
import { BLOCK_SONGS } from '../../server/modules/subsonic/song-blocks.ts';
import { createAppKeysService } from '../../server/services.ts';
import { startServer } from '../../tests/helpers/server-process.ts';
import { childResult, loadInChild, runChild } from '../child.ts';
import { inProcessApp, memoryAgainstCharge } from '../in-process.ts';
import { type Figure, p99Figure, type Scenario } from '../scenario.ts';

const SONGS = Number(process.env.BENCH_SONGS ?? 100_000);
const ARTISTS = Number(process.env.BENCH_ARTISTS ?? 10_000);
const PLAYS = Number(process.env.BENCH_PLAYS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Each call's load before its measured run: compiles its code and fills its caches. */
const WARM_SECONDS = 2;
const CONNECTIONS = 32;
const SYNC_PAGE = 500;

/** A listener with an app key in the seeded database: what an app signs in with. */
async function appKeyIn(dataDir: string): Promise<string> {
  const handle = await openDatabase({ url: null, dataDir });
  try {
    const now = new Date().toISOString();
    const user = await handle.db
      .insertInto('users')
      .values({
        email: 'bench@example.com',
        name: 'Bench',
        password_hash: null,
        role: 'listener',
        is_blocked: 0,
        is_premium: 0,
        date_of_birth: null,
        gender: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const keys = await createAppKeysService(handle, dataDir);
    return (await keys.create(user.id)).appKey;
  } finally {
    await handle.close();
  }
}

/**
 * What an album card takes in the Subsonic cache, against what the cache charges for it: the app
 * in this process, every album listed newest first in pages of 500 as JSON (each card read, and
 * its entry written), and the memory in use before and after. The first page is read before, so
 * the code, statements and orders it takes are made before the measurement.
 */
async function albumCardBytes(dataDir: string, apiKey: string): Promise<Figure> {
  const { app, caches, close } = await inProcessApp(dataDir, 512);
  const list = (offset: number) =>
    `/rest/getAlbumList2?apiKey=${apiKey}&f=json&v=1.16.1&c=bench&type=newest&size=${SYNC_PAGE}&offset=${offset}`;
  const albums = async (offset: number) => {
    const response = await app.inject({ method: 'GET', url: list(offset) });
    return response.json()['subsonic-response'].albumList2.album?.length ?? 0;
  };
  try {
    const first = await albums(0);
    return await memoryAgainstCharge(
      'a Subsonic album card, in memory',
      caches.subsonicCards,
      async () => {
        let cards = 0;
        for (let page = await albums(first); page > 0; page = await albums(first + cards)) {
          cards += page;
        }
        return cards;
      },
      'its entry written as JSON; every album after the first page',
    );
  } finally {
    await close();
  }
}

/**
 * What a block of song entries takes in the Subsonic cache, against what the cache charges for
 * it: every song synced in pages of 500 as JSON, after a first page made the code and the order.
 */
async function songBlockBytes(dataDir: string, apiKey: string): Promise<Figure> {
  const { app, caches, close } = await inProcessApp(dataDir, 512);
  const sync = async (offset: number) => {
    const response = await app.inject({
      method: 'GET',
      url: `/rest/search3?apiKey=${apiKey}&f=json&v=1.16.1&c=bench&query=%22%22&artistCount=0&albumCount=0&songCount=${SYNC_PAGE}&songOffset=${offset}`,
    });
    return response.json()['subsonic-response'].searchResult3.song?.length ?? 0;
  };
  try {
    const first = await sync(0);
    return await memoryAgainstCharge(
      `a Subsonic block of ${BLOCK_SONGS} song entries, in memory`,
      caches.subsonicSongBlocks,
      async () => {
        let songs = 0;
        for (let page = await sync(first); page > 0; page = await sync(first + songs)) {
          songs += page;
        }
        return songs / BLOCK_SONGS;
      },
      'its entries written as JSON and deflated; every song after the first page',
    );
  } finally {
    await close();
  }
}

const scenario: Scenario = {
  name: 'subsonic',
  description: `Subsonic API: what an album card takes in memory; getAlbumList2 (newest, alphabeticalByName, frequent, byGenre), getArtists and search3 at ${CONNECTIONS} connections (each measured after ${WARM_SECONDS} s of the same load), and a full search3 "" sync in pages of ${SYNC_PAGE}, over ${SONGS} songs, ${ARTISTS} artists (SQLite; the server in its own process)`,
  async run(): Promise<Figure[]> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-bench-subsonic-'));
    // Seeded in a process of its own, and the apps measured here for their memory come after the
    // load: the load's process then holds nothing whose collection would pause it.
    await runChild('bench/seed-large.ts', [dataDir, String(ARTISTS), String(SONGS), String(PLAYS)]);
    const apiKey = await appKeyIn(dataDir);
    const server = await startServer({ DATA_DIR: dataDir, DEMO_CATALOG: 'off' }, 180_000);
    const pid = server.process.pid;
    const rest = (method: string, query: string) =>
      `/rest/${method}?apiKey=${apiKey}&f=json&v=1.16.1&c=bench&${query}`;
    try {
      const figures: Figure[] = [];
      // A full sync the way Symfonium does it, from a process of its own (bench/subsonic-sync.ts).
      const syncPage = rest(
        'search3',
        `query=%22%22&artistCount=0&albumCount=0&songCount=${SYNC_PAGE}&songOffset={offset}`,
      );
      const sync = await childResult<{ ms: number }>('bench/subsonic-sync.ts', [
        `${server.url}${syncPage}`,
        String(SONGS),
        String(SYNC_PAGE),
      ]);
      figures.push({
        name: `search3 "" sync of ${SONGS} songs`,
        value: sync.ms,
        unit: 'ms',
        budget: { op: '<=', value: 10_000 },
      });
      const albums = SONGS / 10;
      // Each call's requests, `{random}` a new offset below the count beside it.
      const runs: [name: string, path: string, randomBelow: number][] = [
        [
          'getAlbumList2 newest',
          rest('getAlbumList2', 'type=newest&size=50&offset={random}'),
          albums,
        ],
        [
          'getAlbumList2 alphabeticalByName',
          rest('getAlbumList2', 'type=alphabeticalByName&size=50&offset={random}'),
          albums,
        ],
        // The lists that follow plays or a genre rather than the catalog's fixed orders. The
        // benchmark's catalog has one genre, so every album is of it.
        [
          'getAlbumList2 frequent',
          rest('getAlbumList2', 'type=frequent&size=50&offset={random}'),
          albums,
        ],
        [
          'getAlbumList2 byGenre',
          rest('getAlbumList2', 'type=byGenre&genre=Pop&size=50&offset={random}'),
          albums,
        ],
        ['getArtists', rest('getArtists', ''), 0],
        ['search3 page', rest('search3', 'query=%22%22&songCount=50&songOffset={random}'), SONGS],
        ['search3 words', rest('search3', 'query=love'), 0],
      ];
      for (const [name, path, randomBelow] of runs) {
        // Each load runs from a process of its own (bench/load-child.ts), sending what the
        // common apps' HTTP stacks send (OkHttp, URLSession, Go, browsers' fetch).
        const load = (seconds: number) =>
          loadInChild({
            url: server.url,
            connections: CONNECTIONS,
            seconds,
            path,
            randomBelow,
            headers: { 'accept-encoding': 'gzip' },
          });
        // The budget is for calls as a running server answers them, as in the catalog scenario:
        // a call's first seconds after start compile its code and read its cards.
        await load(WARM_SECONDS);
        figures.push(await p99Figure(name, () => load(SECONDS), pid));
      }
      await server.stop();
      const cardBytes = await albumCardBytes(dataDir, apiKey);
      const blockBytes = await songBlockBytes(dataDir, apiKey);
      return [cardBytes, blockBytes, ...figures];
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

export default scenario;
