import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ROOT } from '../../scripts/dist.mjs';
import { freshDemoDataDir } from '../../tests/helpers/demo-template.ts';
import {
  ensureServerBuilt,
  freePort,
  type RunningServer,
  startServer,
} from '../../tests/helpers/server-process.ts';
import { seedLargeCatalog } from '../listening-seed.ts';
import { type Figure, percentile, type Scenario } from '../scenario.ts';

const MiB = 1024 * 1024;
const SETTLE_MS = 10_000;
const CONNECTIONS = 32;
const LOAD_SECONDS = 60;

/** VmRSS and VmHWM of a process, in MiB, from /proc (Linux). */
function memory(pid: number | undefined): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rss: (kib('VmRSS') * 1024) / MiB, peak: (kib('VmHWM') * 1024) / MiB };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Lets the server settle, reads its memory as a figure against `budgetMb`, and stops it. */
async function settledMemory(
  name: string,
  server: RunningServer,
  budgetMb: number,
): Promise<Figure> {
  await sleep(SETTLE_MS);
  const { rss, peak } = memory(server.process.pid);
  await server.stop();
  return {
    name,
    value: Math.round(rss),
    unit: 'MB',
    budget: { op: '<=', value: budgetMb },
    note: `peak ${Math.round(peak)} MB; ${SETTLE_MS / 1000} s after healthy`,
  };
}

/**
 * `npm start` itself (npm, the launcher, the compiled server) on a built dist/ and an existing
 * database, until `/api/health` answers: the median of five starts, in ms.
 */
async function startupMs(dataDir: string): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < 5; run++) {
    const port = await freePort();
    const started = performance.now();
    const child = spawn('npm', ['start', '--silent'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
      stdio: 'ignore',
      detached: true,
    });
    for (;;) {
      if (performance.now() - started > 30_000) throw new Error('npm start took over 30 s');
      const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) break;
      await sleep(10);
    }
    times.push(performance.now() - started);
    // npm, its shell and the server: the whole group.
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  return times;
}

const scenario: Scenario = {
  name: 'memory',
  description: `the server's resident memory (VmRSS, and VmHWM for peaks) started as \`npm start\` runs it: idle, after making the demo catalog, and under ${CONNECTIONS} connections of catalog load over 100k songs; and the time \`npm start\` takes to answer /api/health`,
  async run(): Promise<Figure[]> {
    ensureServerBuilt();
    const figures: Figure[] = [];

    // A first start: the demo catalog is made (in a process of its own), then the server settles.
    const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-bench-memory-'));
    try {
      const first = await startServer({ DATA_DIR: emptyDir, DEMO_CATALOG: 'on' }, 300_000);
      figures.push(await settledMemory('first start with the demo catalog, settled', first, 100));
    } finally {
      fs.rmSync(emptyDir, { recursive: true, force: true });
    }

    // A restart on a database that holds the demo catalog.
    const demoDir = await freshDemoDataDir('chorus-bench-memory-');
    try {
      const restarted = await startServer({ DATA_DIR: demoDir });
      figures.push(await settledMemory('idle after a start on the demo catalog', restarted, 80));
      const times = await startupMs(demoDir);
      figures.push({
        name: '`npm start` to a healthy /api/health',
        value: Math.round(percentile(times, 50)),
        unit: 'ms',
        budget: { op: '<=', value: 2000 },
        note: `median of ${times.length}; slowest ${Math.round(Math.max(...times))} ms`,
      });
    } finally {
      fs.rmSync(demoDir, { recursive: true, force: true });
    }

    // The catalog scenario's load, for two minutes: the peak, and any growth in the second.
    const largeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-bench-memory-large-'));
    try {
      await seedLargeCatalog(largeDir, { artists: 10_000, songs: 100_000, plays: 300_000 });
      const server = await startServer({ DATA_DIR: largeDir, DEMO_CATALOG: 'off' }, 180_000);
      try {
        const pid = server.process.pid;
        const paths = [
          () => '/api/home',
          () => `/api/artists/${1 + Math.floor(Math.random() * 10_000)}`,
          () => `/api/user/getArtistSongById/${1 + Math.floor(Math.random() * 10_000)}`,
          () => `/api/songs?page=${1 + Math.floor(Math.random() * 100)}&limit=50`,
        ];
        let turn = 0;
        const samples: number[][] = [[], []];
        for (const minute of [0, 1]) {
          const sampler = setInterval(() => samples[minute]!.push(memory(pid).rss), 1000);
          const result = await autocannon({
            url: server.url,
            connections: CONNECTIONS,
            duration: LOAD_SECONDS,
            requests: [
              {
                setupRequest: (request) => ({ ...request, path: paths[turn++ % paths.length]!() }),
              },
            ],
          });
          clearInterval(sampler);
          if (result.non2xx > 0 || result.errors > 0) {
            throw new Error(`load: ${result.non2xx} non-2xx, ${result.errors} errors`);
          }
        }
        const { peak, rss } = memory(pid);
        // The last ten seconds of each minute, so a collection in flight weighs little.
        const tail = (values: number[]) => Math.max(...values.slice(-10));
        const growth = tail(samples[1]!) - tail(samples[0]!);
        figures.push({
          name: `peak under ${CONNECTIONS} connections of catalog load (100k songs)`,
          value: Math.round(peak),
          unit: 'MB',
          budget: { op: '<=', value: 150 },
          note: `VmRSS ${Math.round(rss)} MB at the end of ${2 * LOAD_SECONDS} s`,
        });
        figures.push({
          name: 'growth over a second minute of that load',
          value: Number(growth.toFixed(1)),
          unit: 'MB',
          budget: { op: '<=', value: 5 },
          note: `highest VmRSS of each minute's last 10 s: ${tail(samples[0]!).toFixed(0)} → ${tail(samples[1]!).toFixed(0)} MB`,
        });
      } finally {
        await server.stop();
      }
    } finally {
      fs.rmSync(largeDir, { recursive: true, force: true });
    }
    return figures;
  },
};

export default scenario;
