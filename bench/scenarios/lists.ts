import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { startServer } from '../../tests/helpers/server-process.ts';
import { seedLargeCatalog } from '../listening-seed.ts';
import { type Figure, percentile, type Scenario } from '../scenario.ts';

const ARTISTS = 10_000;
const SONGS = 40_000;
const PLAYS = 50_000;
/** Calls of each list, one after another. */
const ROUNDS = 20;
/** Pause between two health checks. */
const HEALTH_EVERY_MS = 10;

/**
 * Calls `/api/health` every HEALTH_EVERY_MS until told to stop, then posts how long each answer
 * took. It runs in a worker thread of its own, so reading the lists' large answers in this thread
 * does not delay its timing. Its first call loads the worker's HTTP client and opens the
 * connection, which is the client's cost rather than the server's: it says 'ready' after that
 * call and times only the ones after.
 */
const WATCH_HEALTH = `
const { parentPort, workerData } = require('node:worker_threads');
const latencies = [];
let running = true;
parentPort.once('message', () => { running = false; });
(async () => {
  await (await fetch(workerData.url + '/api/health')).arrayBuffer();
  parentPort.postMessage('ready');
  while (running) {
    const started = performance.now();
    const response = await fetch(workerData.url + '/api/health');
    await response.arrayBuffer();
    if (!response.ok) throw new Error('health answered ' + response.status);
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, workerData.every));
  }
  parentPort.postMessage(latencies);
})();
`;

function healthWatch(url: string) {
  const worker = new Worker(WATCH_HEALTH, {
    eval: true,
    workerData: { url, every: HEALTH_EVERY_MS },
  });
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  const latencies = ready.then(
    () =>
      new Promise<number[]>((resolve, reject) => {
        worker.once('message', (message: number[]) => resolve(message));
        worker.once('error', reject);
      }),
  );
  return {
    ready,
    async stop(): Promise<number[]> {
      worker.postMessage('stop');
      const result = await latencies;
      await worker.terminate();
      return result;
    },
  };
}

const scenario: Scenario = {
  name: 'lists',
  description: `the original client's unpaged lists (getAllArtist, getAllSongs, anonymous) over ${ARTISTS} artists, ${SONGS} songs and ${PLAYS} plays, ${ROUNDS} calls each after a first one, while /api/health is called every ${HEALTH_EVERY_MS} ms (SQLite; the server in its own process)`,
  async run(): Promise<Figure[]> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-bench-lists-'));
    await seedLargeCatalog(dataDir, { artists: ARTISTS, songs: SONGS, plays: PLAYS });
    const server = await startServer({ DATA_DIR: dataDir, DEMO_CATALOG: 'off' }, 180_000);
    const figures: Figure[] = [];
    try {
      // The same checks with nothing else asked of the server: what the machine itself allows.
      const idle = healthWatch(server.url);
      await idle.ready;
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const alone = await idle.stop();
      figures.push({
        name: '/api/health alone, slowest',
        value: Math.round(Math.max(...alone)),
        unit: 'ms',
        note: `${alone.length} checks, p50 ${percentile(alone, 50).toFixed(1)} ms, p99 ${percentile(alone, 99).toFixed(1)} ms; load average ${os.loadavg()[0]!.toFixed(2)}`,
      });
      for (const list of ['getAllArtist', 'getAllSongs']) {
        const call = async () => {
          const started = performance.now();
          const response = await fetch(`${server.url}/api/admin/${list}`);
          const body = (await response.json()) as unknown[] | { songs: unknown[] };
          if (!response.ok) throw new Error(`${list} answered ${response.status}`);
          return {
            ms: performance.now() - started,
            items: Array.isArray(body) ? body.length : body.songs.length,
          };
        };
        // A route's first call after start compiles its validator and serializer (once per
        // process, server/plugins/validation.ts): reported, but not what the budgets are about.
        const first = await call();
        const health = healthWatch(server.url);
        await health.ready;
        const times: number[] = [];
        for (let round = 0; round < ROUNDS; round++) times.push((await call()).ms);
        const checks = await health.stop();
        figures.push(
          {
            name: `${list} slowest call`,
            value: Math.round(Math.max(...times)),
            unit: 'ms',
            budget: { op: '<=', value: 1000 },
            note: `${first.items} items per answer; median ${Math.round(percentile(times, 50))} ms; the first call after start ${Math.round(first.ms)} ms`,
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
