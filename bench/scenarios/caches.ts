import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate, openDatabase } from '../../server/db/database.ts';
import type { CacheName } from '../../server/lib/caches-off.ts';
import { LocalMediaStore } from '../../server/media/local-store.ts';
import { SessionsRepository } from '../../server/modules/sessions/sessions.repository.ts';
import { SessionsService } from '../../server/modules/sessions/sessions.service.ts';
import { createAppKeysService } from '../../server/services.ts';
import { createPlaylist, createUser } from '../../tests/helpers/factories.ts';
import { type RunningServer, startServer } from '../../tests/helpers/server-process.ts';
import { seedLargeCatalog } from '../listening-seed.ts';
import { type LoadRequest, type LoadResult, runLoad } from '../load.ts';
import { cpuMs, type Figure, type Scenario } from '../scenario.ts';
import { realisticQueries } from './search.ts';

const SONGS = Number(process.env.BENCH_SONGS ?? 50_000);
const ARTISTS = Number(process.env.BENCH_ARTISTS ?? 5_000);
const PLAYS = Number(process.env.BENCH_PLAYS ?? 150_000);
const CONNECTIONS = 8;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 1.5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** A cache stays when it saves at least this share of the CPU per request, or of the p99. */
const EARNS = 0.25;
const PLAYLIST_SONGS = 1000;
/** The artists listeners visit most (the seeded plays favour the first songs, so these). */
const POPULAR_ARTISTS = 200;

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
const upTo = (n: number) => 1 + Math.floor(Math.random() * n);

/** One cache on the path it serves. */
interface Case {
  cache: CacheName;
  label: string;
  path: string;
  /** Caches off in both turns: each would answer before this one and hide it. */
  under?: CacheName[];
  request: () => LoadRequest;
}

interface Seeded {
  playlistId: number;
  /** A listener's app key, for the Subsonic API's calls. */
  appKey: string;
  asset: string;
  /** What listeners type, as the search bench asks it (realisticQueries). */
  queries: string[];
}

function cases({ playlistId, appKey, asset, queries }: Seeded): Case[] {
  const get = (path: () => string) => () => ({ path: path() });
  const search = get(() => `/api/search?q=${encodeURIComponent(pick(queries))}`);
  return [
    {
      cache: 'home-snapshot',
      label: 'home snapshot',
      path: '/api/home',
      request: get(() => '/api/home'),
    },
    {
      cache: 'play-days',
      label: 'play sums per day',
      path: '/api/home',
      under: ['home-snapshot'],
      request: get(() => '/api/home'),
    },
    {
      cache: 'artist-pages',
      label: 'artist pages',
      path: '/api/artists/:id',
      request: get(() => `/api/artists/${upTo(POPULAR_ARTISTS)}`),
    },
    {
      cache: 'list-totals',
      label: 'list totals',
      path: '/api/songs?page',
      request: get(() => `/api/songs?page=${upTo(50)}&limit=20`),
    },
    {
      cache: 'monthly-listeners',
      label: 'monthly listeners',
      path: '/api/artists?page',
      request: get(() => `/api/artists?page=${upTo(20)}&limit=20`),
    },
    {
      cache: 'long-playlists',
      label: 'long playlists',
      path: `/api/playlists/:id (${PLAYLIST_SONGS.toLocaleString('en')} songs)`,
      request: get(() => `/api/playlists/${playlistId}`),
    },
    {
      cache: 'fans-also-like',
      label: 'Fans also like',
      path: '/api/artists/:id/related',
      request: get(() => `/api/artists/${upTo(POPULAR_ARTISTS)}/related`),
    },
    {
      cache: 'genre-list',
      label: 'genre list',
      path: '/api/genres',
      request: get(() => '/api/genres'),
    },
    {
      cache: 'search-cards',
      label: 'search cards',
      path: '/api/search',
      request: search,
    },
    {
      cache: 'search-words',
      label: 'search word lists',
      path: '/api/search',
      request: search,
    },
    {
      cache: 'web-app-files',
      label: 'web app files',
      path: '/assets/*.js',
      request: () => ({ path: asset, headers: { 'accept-encoding': 'br, gzip' } }),
    },
    {
      cache: 'public-lists',
      label: 'public lists',
      path: '/api/admin/getAllArtist',
      request: get(() => '/api/admin/getAllArtist'),
    },
    {
      cache: 'subsonic-album-cards',
      label: 'Subsonic album cards',
      path: '/rest/getAlbumList2',
      request: get(
        () =>
          `/rest/getAlbumList2?apiKey=${appKey}&f=json&v=1.16.1&c=bench&type=newest&size=50&offset=${upTo(SONGS / 10) - 1}`,
      ),
    },
    {
      cache: 'subsonic-artist-cards',
      label: 'Subsonic artist cards',
      path: '/rest/search3 "" artists',
      request: get(
        () =>
          `/rest/search3?apiKey=${appKey}&f=json&v=1.16.1&c=bench&query=%22%22&artistCount=50&albumCount=0&songCount=0&artistOffset=${upTo(ARTISTS) - 1}`,
      ),
    },
    {
      cache: 'subsonic-song-blocks',
      label: 'Subsonic song blocks',
      path: '/rest/search3 ""',
      request: get(
        () =>
          `/rest/search3?apiKey=${appKey}&f=json&v=1.16.1&c=bench&query=%22%22&artistCount=0&albumCount=0&songCount=50&songOffset=${upTo(SONGS) - 1}`,
      ),
    },
    {
      cache: 'subsonic-song-cards',
      label: 'Subsonic song cards',
      path: '/rest/search3 words, 20 songs',
      request: get(
        () =>
          `/rest/search3?apiKey=${appKey}&f=json&v=1.16.1&c=bench&query=${encodeURIComponent(pick(queries))}&artistCount=0&albumCount=0&songCount=20`,
      ),
    },
  ];
}

/** The bench catalog, and a public playlist of PLAYLIST_SONGS songs in it. */
async function seed(dataDir: string): Promise<Omit<Seeded, 'asset' | 'queries'>> {
  await seedLargeCatalog(dataDir, { artists: ARTISTS, songs: SONGS, plays: PLAYS });
  const database = await openDatabase({ url: null, dataDir });
  await migrate(database);
  const now = new Date().toISOString();
  const deps = {
    db: database.db,
    sessions: new SessionsService(new SessionsRepository(database.db)),
    media: new LocalMediaStore(path.join(dataDir, 'media')),
  };
  const owner = await createUser(deps, { name: 'Bench Owner' });
  const { appKey } = await (await createAppKeysService(database, dataDir)).create(owner.id);
  const playlist = await createPlaylist(deps, owner.id, { name: 'A thousand' });
  const step = Math.max(1, Math.floor(SONGS / PLAYLIST_SONGS));
  await database.db
    .insertInto('playlist_songs')
    .values(
      Array.from({ length: PLAYLIST_SONGS }, (_, position) => ({
        playlist_id: playlist.id,
        song_id: 1 + position * step,
        position,
        added_at: now,
      })),
    )
    .execute();
  await database.close();
  return { playlistId: playlist.id, appKey };
}

/** The largest script of the built web app (what a first visit waits for). */
function largestAsset(): string {
  const dir = path.join(import.meta.dirname, '..', '..', 'dist', 'web', 'assets');
  const scripts = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, size: fs.statSync(path.join(dir, file)).size }))
    .sort((a, b) => b.size - a.size);
  if (!scripts[0]) throw new Error('the web app has no scripts: is dist/web built?');
  return `/assets/${scripts[0].file}`;
}

/** One turn's figures: server CPU and requests, or the answers that did not come. */
interface Turn {
  cpuMs: number;
  result: LoadResult;
}

interface Side {
  turns: Turn[];
  /** Set when a turn had an answer missing or failed: that side runs no more turns. */
  failed: string | null;
}

async function turn(server: RunningServer, request: () => LoadRequest): Promise<Turn> {
  const before = cpuMs(server.process.pid) ?? 0;
  const result = await runLoad({
    url: server.url,
    connections: CONNECTIONS,
    seconds: SECONDS,
    request,
  });
  return { cpuMs: (cpuMs(server.process.pid) ?? 0) - before, result };
}

function failure(result: LoadResult): string | null {
  const failed = [...result.statuses].filter(([status]) => status < 200 || status > 299);
  if (result.errors > 0) return `no response in ${SECONDS + 5} s`;
  if (result.requests === 0) return 'no response';
  if (failed.length > 0) return `answers ${JSON.stringify(failed)}`;
  return null;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** CPU per request over every turn (µs), and the median turn's p99 (ms); null if it failed. */
function summary(side: Side): { cpuUs: number; p99: number } | null {
  if (side.failed || side.turns.length === 0) return null;
  const requests = side.turns.reduce((sum, t) => sum + t.result.requests, 0);
  const cpu = side.turns.reduce((sum, t) => sum + t.cpuMs, 0);
  return { cpuUs: (cpu * 1000) / requests, p99: median(side.turns.map((t) => t.result.p99)) };
}

const described = (side: Side) => {
  const sum = summary(side);
  return sum
    ? `CPU ${Math.round(sum.cpuUs).toLocaleString('en')} µs, p99 ${sum.p99.toFixed(1)} ms`
    : (side.failed ?? 'no turns');
};

const offList = (off: CacheName[]) => [...new Set(off)].sort().join(',');

const scenario: Scenario = {
  name: 'caches',
  description: `each in-process cache on and off (CHORUS_BENCH_NO_CACHE) on the path it serves, ${ROUNDS} turns of ${SECONDS} s each at ${CONNECTIONS} connections, over ${SONGS} songs, ${ARTISTS} artists, ${PLAYS} plays (SQLite; each server in its own process); a cache stays when it saves ≥ ${EARNS * 100}% of the server's CPU per request or of the p99`,
  async run(): Promise<Figure[]> {
    const only = process.env.BENCH_CACHES?.split(',');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-bench-caches-'));
    const servers = new Set<RunningServer>();
    const serverWith = async (off: CacheName[]) => {
      const server = await startServer(
        { DATA_DIR: dataDir, DEMO_CATALOG: 'off', CHORUS_BENCH_NO_CACHE: offList(off) },
        180_000,
      );
      servers.add(server);
      return server;
    };
    const figures: Figure[] = [];
    const rows: string[] = [];
    try {
      const seeded = await seed(dataDir);
      // The first server builds dist/ if it is stale; the asset names come from that build.
      const first = await serverWith([]);
      servers.delete(first);
      await first.stop();
      const queries = realisticQueries(dataDir, 2000).map((query) => query.q);
      const all = cases({ ...seeded, asset: largestAsset(), queries }).filter(
        (cacheCase) => !only || only.includes(cacheCase.cache),
      );
      for (const cacheCase of all) {
        const under = cacheCase.under ?? [];
        const sides = await Promise.all([
          serverWith(under),
          serverWith([...under, cacheCase.cache]),
        ]);
        // Warm the JIT, the caches and the page cache on both before measuring.
        for (const server of sides) {
          await runLoad({
            url: server.url,
            connections: CONNECTIONS,
            seconds: 1,
            request: cacheCase.request,
          });
        }
        const measured: [Side, Side] = [
          { turns: [], failed: null },
          { turns: [], failed: null },
        ];
        for (let round = 0; round < ROUNDS; round++) {
          for (const which of round % 2 === 0 ? [0, 1] : [1, 0]) {
            const side = measured[which]!;
            if (side.failed) continue;
            const done = await turn(sides[which]!, cacheCase.request);
            side.failed = failure(done.result);
            side.turns.push(done);
          }
        }
        const withIt = summary(measured[0]);
        const without = summary(measured[1]);
        const saved = (a: number, b: number) => 1 - a / b;
        const cpuSaved = withIt && without ? saved(withIt.cpuUs, without.cpuUs) : null;
        const p99Saved = withIt && without ? saved(withIt.p99, without.p99) : null;
        const earns =
          withIt !== null &&
          (without === null || (cpuSaved ?? 0) >= EARNS || (p99Saved ?? 0) >= EARNS);
        const load = os.loadavg()[0]!.toFixed(2);
        figures.push({
          name: `${cacheCase.label} (${cacheCase.path}): CPU per request saved`,
          value: cpuSaved === null ? Number.NaN : Math.round(cpuSaved * 100),
          unit: '%',
          note: `with: ${described(measured[0])}; without: ${described(measured[1])}; p99 saved ${p99Saved === null ? '—' : `${Math.round(p99Saved * 100)}%`}; earns its place: ${earns ? 'yes' : 'no'}${under.length > 0 ? `; both with ${under.join(', ')} off` : ''}; load average ${load}`,
        });
        rows.push(
          `| ${cacheCase.label} | ${cacheCase.path} | ${described(measured[0])} | ${described(measured[1])} | ${earns ? 'yes' : 'no'} | ${load} |`,
        );
        // Each case has servers of its own, started for it: a server that served other paths
        // holds their caches, and a larger heap costs its requests more collection.
        for (const server of sides) {
          servers.delete(server);
          await server.stop();
        }
        console.log(`  ${rows.at(-1)}`);
      }
      console.log(
        [
          '  | cache | path | with | without | stays | load average |',
          '  | --- | --- | --- | --- | --- | --- |',
          ...rows.map((row) => `  ${row}`),
        ].join('\n'),
      );
      return figures;
    } finally {
      for (const server of servers) await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

export default scenario;
