import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startChild } from '../child.ts';
import type { Figure, Scenario } from '../scenario.ts';

const CONNECTIONS = 64;
const SECONDS = 5;
const ROUNDS = 4;
const RANGE = 256 * 1024;

/** Random 256 KiB ranges of one file, at 64 connections for `SECONDS`. */
async function hammer(url: string, size: number): Promise<autocannon.Result> {
  const randomRange = () => {
    const start = Math.floor(Math.random() * (size - RANGE));
    return `bytes=${start}-${start + RANGE - 1}`;
  };
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, range: randomRange() },
        }),
      },
    ],
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const scenario: Scenario = {
  name: 'stream',
  description: `one song, random ${RANGE / 1024} KiB ranges, ${CONNECTIONS} connections; Chorus against a minimal node:http + fs.createReadStream server on the same file, ${ROUNDS} rounds of ${SECONDS} s each, taking turns (a shared machine's speed drifts; turns give both servers the same drift)`,
  async run(): Promise<Figure[]> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-bench-stream-'));
    const chorus = await startChild<{ port: number; songId: number; file: string; size: number }>(
      'bench/servers/chorus-stream.ts',
      [dataDir],
    );
    const { file, size, songId, port } = chorus.info;
    const minimal = await startChild<{ port: number }>('bench/servers/minimal-stream.ts', [file]);
    const urls = {
      chorus: `http://127.0.0.1:${port}/api/songs/${songId}/stream`,
      minimal: `http://127.0.0.1:${minimal.info.port}/`,
    };
    const results: Record<keyof typeof urls, autocannon.Result[]> = { chorus: [], minimal: [] };
    try {
      // Warm both the page cache and the JIT before measuring.
      for (const url of Object.values(urls)) {
        await autocannon({ url, connections: 8, duration: 2 });
      }
      for (let round = 0; round < ROUNDS; round++) {
        const order =
          round % 2 === 0 ? (['chorus', 'minimal'] as const) : (['minimal', 'chorus'] as const);
        for (const server of order) results[server].push(await hammer(urls[server], size));
      }
    } finally {
      await chorus.stop();
      await minimal.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    const failed = [...results.chorus, ...results.minimal].filter(
      (result) => result.non2xx > 0 || result.errors > 0,
    );
    if (failed.length > 0) throw new Error(`${failed.length} rounds had failed requests`);
    const rate = (list: autocannon.Result[]) => median(list.map((r) => r.requests.average));
    const ratios = results.chorus.map(
      (result, round) => result.requests.average / results.minimal[round]!.requests.average,
    );
    const p99 = (list: autocannon.Result[]) => median(list.map((r) => r.latency.p99));
    return [
      {
        name: 'Chorus',
        value: rate(results.chorus),
        unit: 'req/s',
        note: `median of ${ROUNDS} rounds; p99 ${p99(results.chorus)} ms`,
      },
      {
        name: 'minimal node:http server',
        value: rate(results.minimal),
        unit: 'req/s',
        note: `median of ${ROUNDS} rounds; p99 ${p99(results.minimal)} ms`,
      },
      {
        name: 'Chorus / minimal',
        value: median(ratios),
        unit: '×',
        budget: { op: '>=', value: 0.9 },
        note: `median of the rounds' ratios (${ratios.map((r) => r.toFixed(2)).join(', ')}); load average ${os.loadavg()[0]!.toFixed(2)}`,
      },
    ];
  },
};

export default scenario;
