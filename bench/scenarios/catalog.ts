import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServer } from '../../tests/helpers/server-process.ts';
import { seedLargeCatalog } from '../listening-seed.ts';
import type { Figure, Scenario } from '../scenario.ts';

const SONGS = Number(process.env.BENCH_SONGS ?? 100_000);
const ARTISTS = Number(process.env.BENCH_ARTISTS ?? 10_000);
const PLAYS = Number(process.env.BENCH_PLAYS ?? 300_000);

async function load(url: string, paths: () => string): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections: 32,
    duration: 10,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths() }) }],
  });
}

const scenario: Scenario = {
  name: 'catalog',
  description: `home feed and artist page at 32 connections over ${SONGS} songs, ${ARTISTS} artists, ${PLAYS} plays (SQLite)`,
  async run(): Promise<Figure[]> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-bench-catalog-'));
    await seedLargeCatalog(dataDir, { artists: ARTISTS, songs: SONGS, plays: PLAYS });
    const server = await startServer({ DATA_DIR: dataDir, DEMO_CATALOG: 'off' }, 180_000);
    try {
      await fetch(`${server.url}/api/home`);
      const home = await load(server.url, () => '/api/home');
      const artist = await load(
        server.url,
        () => `/api/artists/${1 + Math.floor(Math.random() * ARTISTS)}`,
      );
      const figures: Figure[] = [];
      for (const [name, result] of [
        ['home feed', home],
        ['artist page', artist],
      ] as const) {
        if (result.non2xx > 0) throw new Error(`${name}: ${result.non2xx} failed requests`);
        figures.push(
          {
            name: `${name} p99`,
            value: result.latency.p99,
            unit: 'ms',
            budget: { op: '<=', value: 20 },
          },
          { name: `${name} throughput`, value: Math.round(result.requests.average), unit: 'req/s' },
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
