import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/database.ts';
import { CatalogRepository } from '../../server/modules/catalog/catalog.repository.ts';
import {
  POPULAR_WINDOW_DAYS,
  TRENDING_WINDOW_DAYS,
} from '../../server/modules/catalog/catalog.service.ts';
import { PlayWindows } from '../../server/modules/catalog/popularity.ts';
import { startServer } from '../../tests/helpers/server-process.ts';
import { seedLargeCatalog } from '../listening-seed.ts';
import { runLoad } from '../load.ts';
import { type Figure, p99Figure, type Scenario } from '../scenario.ts';

const SONGS = Number(process.env.BENCH_SONGS ?? 100_000);
const ARTISTS = Number(process.env.BENCH_ARTISTS ?? 10_000);
const PLAYS = Number(process.env.BENCH_PLAYS ?? 300_000);
const CONNECTIONS = 32;
const SECONDS = 10;

async function load(url: string, paths: () => string, seconds = SECONDS) {
  return runLoad({ url, connections: CONNECTIONS, seconds, request: () => ({ path: paths() }) });
}

const randomArtist = () => 1 + Math.floor(Math.random() * ARTISTS);

/** The items in random order (Fisher–Yates). */
function shuffled<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * The longest the event loop waits while the rankings read a month of plays from nothing, as
 * at start and once an hour: what any request arriving meanwhile waits at most for them.
 */
async function rankingStall(dataDir: string): Promise<Figure> {
  const handle = await openDatabase({ url: null, dataDir });
  try {
    const windows = new PlayWindows(
      new CatalogRepository(handle),
      TRENDING_WINDOW_DAYS,
      POPULAR_WINDOW_DAYS,
    );
    let longest = 0;
    let last = performance.now();
    const clock = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 1);
    const started = performance.now();
    try {
      await windows.update(Date.now());
      // The read's last stretch: the clock has not ticked since it began.
      longest = Math.max(longest, performance.now() - last);
    } finally {
      clearInterval(clock);
    }
    return {
      name: 'longest event-loop stall while the rankings read a month of plays',
      value: Math.round(longest),
      unit: 'ms',
      note: `the whole read ${Math.round(performance.now() - started)} ms`,
    };
  } finally {
    await handle.close();
  }
}

const scenario: Scenario = {
  name: 'catalog',
  description: `home feed and artist page (both calls) at ${CONNECTIONS} connections over ${SONGS} songs, ${ARTISTS} artists, ${PLAYS} plays (SQLite; the server in its own process)`,
  async run(): Promise<Figure[]> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-bench-catalog-'));
    await seedLargeCatalog(dataDir, { artists: ARTISTS, songs: SONGS, plays: PLAYS });
    const stall = await rankingStall(dataDir);
    const server = await startServer({ DATA_DIR: dataDir, DEMO_CATALOG: 'off' }, 180_000);
    const pid = server.process.pid;
    try {
      // The first call after start: the home rankings are built as the server starts listening.
      const started = performance.now();
      const first = await fetch(`${server.url}/api/home`);
      const firstMs = performance.now() - started;
      if (!first.ok) throw new Error(`first home call: ${first.status}`);
      // Every artist's page once, in random order: each is built and cached on its first visit,
      // which is its own figure. The runs after measure pages served as a running server serves
      // them.
      const firstVisits = shuffled(Array.from({ length: ARTISTS }, (_, i) => i + 1));
      const built = await p99Figure(
        'artist page, first visits (each page built)',
        () =>
          runLoad({
            url: server.url,
            connections: CONNECTIONS,
            seconds: 120,
            requests: firstVisits.length,
            request: () => ({ path: `/api/artists/${firstVisits.pop() ?? randomArtist()}` }),
          }),
        pid,
      );
      const runs = [
        ['home feed', () => '/api/home'],
        ['artist page', () => `/api/artists/${randomArtist()}`],
        ['artist page (getArtistSongById)', () => `/api/user/getArtistSongById/${randomArtist()}`],
      ] as const;
      const figures: Figure[] = [
        stall,
        {
          name: 'first home call after start',
          value: Math.round(firstMs),
          unit: 'ms',
        },
        // A figure without a budget: the budget is for pages as a running server serves them.
        { name: built.name, value: built.value, unit: built.unit, note: built.note },
      ];
      for (const [name, paths] of runs) {
        figures.push(await p99Figure(name, () => load(server.url, paths), pid));
      }
      return figures;
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

export default scenario;
