import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../../tests/helpers/server-process.ts';
import { seedLargeCatalog } from '../listening-seed.ts';
import { type Figure, percentile, type Scenario } from '../scenario.ts';

const ARTISTS = 10_000;
const SONGS = 40_000;
const PLAYS = 50_000;
/** Calls of each list, one after another. */
const ROUNDS = 5;
/** Pause between two health checks. */
const HEALTH_EVERY_MS = 10;

/** Calls `/api/health` until `stop()`, keeping how long each answer took. */
function healthWatch(url: string) {
  const latencies: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${url}/api/health`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`health answered ${response.status}`);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
    }
  })();
  return {
    async stop(): Promise<number[]> {
      running = false;
      await done;
      return latencies;
    },
  };
}

const scenario: Scenario = {
  name: 'lists',
  description: `the original client's unpaged lists (getAllArtist, getAllSongs, anonymous) over ${ARTISTS} artists, ${SONGS} songs and ${PLAYS} plays, ${ROUNDS} calls each, while /api/health is called every ${HEALTH_EVERY_MS} ms (SQLite; the server in its own process)`,
  async run(): Promise<Figure[]> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-bench-lists-'));
    await seedLargeCatalog(dataDir, { artists: ARTISTS, songs: SONGS, plays: PLAYS });
    const server = await startServer({ DATA_DIR: dataDir, DEMO_CATALOG: 'off' }, 180_000);
    const figures: Figure[] = [];
    try {
      for (const list of ['getAllArtist', 'getAllSongs']) {
        const health = healthWatch(server.url);
        const times: number[] = [];
        let items = 0;
        for (let round = 0; round < ROUNDS; round++) {
          const started = performance.now();
          const response = await fetch(`${server.url}/api/admin/${list}`);
          const body = (await response.json()) as unknown[] | { songs: unknown[] };
          if (!response.ok) throw new Error(`${list} answered ${response.status}`);
          times.push(performance.now() - started);
          items = Array.isArray(body) ? body.length : body.songs.length;
        }
        const checks = await health.stop();
        figures.push(
          {
            name: `${list} slowest call`,
            value: Math.round(Math.max(...times)),
            unit: 'ms',
            budget: { op: '<=', value: 1000 },
            note: `${items} items per answer; first call ${Math.round(times[0]!)} ms, median ${Math.round(percentile(times, 50))} ms`,
          },
          {
            name: `/api/health meanwhile, slowest`,
            value: Math.round(Math.max(...checks)),
            unit: 'ms',
            budget: { op: '<=', value: 50 },
            note: `${checks.length} checks, p50 ${percentile(checks, 50).toFixed(1)} ms, p99 ${percentile(checks, 99).toFixed(1)} ms`,
          },
        );
      }
      return figures;
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

export default scenario;
