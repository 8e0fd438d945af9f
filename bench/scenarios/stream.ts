import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startNginx } from '../../tests/helpers/nginx.ts';
import { startTestBucket } from '../../tests/helpers/s3-server.ts';
import { startChild } from '../child.ts';
import { type LoadResult, runLoad } from '../load.ts';
import { cpuMs, type Figure, percentile, type Scenario } from '../scenario.ts';

const CONNECTIONS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const RANGE = 256 * 1024;
const SONG_BYTES = 10 * 1024 * 1024;
const REDIRECTS_PER_SECOND = 1000;

interface StreamServer {
  port: number;
  songId: number;
  key: string;
  file: string | null;
  size: number;
}

/**
 * Random 256 KiB ranges of one file, at 64 connections for `seconds`, through `runLoad` (whose
 * client costs less per answer than either server, unlike autocannon's).
 */
async function hammer(url: string, size: number, seconds = SECONDS): Promise<LoadResult> {
  const path = new URL(url).pathname;
  return runLoad({
    url,
    connections: CONNECTIONS,
    seconds,
    request: () => {
      const start = Math.floor(Math.random() * (size - RANGE));
      return { path, headers: { range: `bytes=${start}-${start + RANGE - 1}` } };
    },
  });
}

/**
 * `perSecond` GET requests a second for `seconds`, spread evenly over CONNECTIONS keep-alive
 * connections (autocannon's own rate sends each second's requests at its start, in one burst).
 */
async function paced(
  url: string,
  perSecond: number,
  seconds: number,
): Promise<{ ms: number[]; failed: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const ms: number[] = [];
  let failed = 0;
  const intervalMs = (1000 * CONNECTIONS) / perSecond;
  const end = performance.now() + seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      http
        .get(url, { agent }, (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode === 302) ms.push(performance.now() - started);
            else failed++;
            resolve();
          });
        })
        .on('error', () => {
          failed++;
          resolve();
        });
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, connection) => {
      let next = performance.now() + (connection * intervalMs) / CONNECTIONS;
      while (next < end) {
        const wait = next - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        await one();
        next += intervalMs;
      }
    }),
  );
  agent.destroy();
  return { ms, failed };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Two servers of the same file, measured in turns (a shared machine's speed drifts; turns give
 * both the same drift): each one's median rate, and the median of the rounds' ratios.
 */
async function inTurns(
  names: [string, string],
  urls: [string, string],
  size: number,
  budget: number,
  pids: [number | undefined, number | undefined] = [undefined, undefined],
): Promise<Figure[]> {
  for (const url of urls) await hammer(url, size, 2);
  const results: [LoadResult[], LoadResult[]] = [[], []];
  const cpu = [0, 0];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const which of order) {
      const before = cpuMs(pids[which]);
      results[which]!.push(await hammer(urls[which]!, size));
      cpu[which]! += (cpuMs(pids[which]) ?? 0) - (before ?? 0);
    }
  }
  const cpuNote = (which: number) => {
    if (pids[which] === undefined) return '';
    const requests = results[which]!.reduce((sum, result) => sum + result.requests, 0);
    return `; server CPU ${Math.round((cpu[which]! * 1000) / requests)} µs per request`;
  };
  const failed = results
    .flat()
    .filter((result) => result.errors > 0 || result.statuses.get(206) !== result.requests);
  if (failed.length > 0) throw new Error(`${failed.length} rounds had failed requests`);
  const rate = (list: LoadResult[]) => median(list.map((r) => r.perSecond));
  const p99 = (list: LoadResult[]) => median(list.map((r) => r.p99));
  const ratios = results[0].map((result, round) => result.perSecond / results[1][round]!.perSecond);
  return [
    ...names.map((name, which) => ({
      name,
      value: rate(results[which]!),
      unit: 'req/s',
      note: `median of ${ROUNDS} rounds; p99 ${p99(results[which]!).toFixed(1)} ms${cpuNote(which)}`,
    })),
    {
      name: `${names[0]} / ${names[1]}`,
      value: median(ratios),
      unit: '×',
      budget: { op: '>=', value: budget },
      note: `median of the rounds' ratios (${ratios.map((r) => r.toFixed(2)).join(', ')}); load average ${os.loadavg()[0]!.toFixed(2)}`,
    },
  ];
}

const scenario: Scenario = {
  name: 'stream',
  description: `one ${SONG_BYTES / 1024 / 1024} MB song, random ${RANGE / 1024} KiB ranges, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s taking turns: Chorus alone against a minimal node:http + fs.createReadStream server; Chorus behind nginx with X-Accel-Redirect against nginx serving the file; and the 302 Chorus sends for a song in an S3 bucket`,
  async run(): Promise<Figure[]> {
    const dirs: string[] = [];
    const dataDir = () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-bench-stream-'));
      dirs.push(dir);
      return dir;
    };
    const stops: (() => Promise<void>)[] = [];
    const figures: Figure[] = [];
    try {
      // Chorus alone, sending the bytes itself.
      const alone = await startChild<StreamServer>('bench/servers/chorus-stream.ts', [
        dataDir(),
        String(SONG_BYTES),
      ]);
      stops.push(alone.stop);
      const minimal = await startChild<{ port: number }>('bench/servers/minimal-stream.ts', [
        alone.info.file!,
      ]);
      stops.push(minimal.stop);
      figures.push(
        ...(await inTurns(
          ['Chorus', 'minimal node:http server'],
          [
            `http://127.0.0.1:${alone.info.port}/api/songs/${alone.info.songId}/stream`,
            `http://127.0.0.1:${minimal.info.port}/`,
          ],
          alone.info.size,
          1.0,
          [alone.child.pid, minimal.child.pid],
        )),
      );
      await Promise.all([alone.stop(), minimal.stop()]);
      stops.length = 0;

      // Behind nginx (docs/nginx.conf): Chorus checks access, nginx sends the bytes.
      const acceleratedDir = dataDir();
      const accelerated = await startChild<StreamServer>('bench/servers/chorus-stream.ts', [
        acceleratedDir,
        String(SONG_BYTES),
        JSON.stringify({ MEDIA_ACCEL_REDIRECT: '/internal-media/', TRUST_PROXY: '127.0.0.1' }),
      ]);
      stops.push(accelerated.stop);
      const nginx = await startNginx({
        upstreams: [`127.0.0.1:${accelerated.info.port}`],
        mediaDir: path.join(acceleratedDir, 'media'),
        direct: true,
      });
      stops.push(nginx.stop);
      figures.push(
        ...(await inTurns(
          ['Chorus behind nginx (X-Accel-Redirect)', 'nginx alone'],
          [
            `${nginx.url}/api/songs/${accelerated.info.songId}/stream`,
            `${nginx.directUrl}/${accelerated.info.key}`,
          ],
          accelerated.info.size,
          0.95,
          [accelerated.child.pid, undefined],
        )),
      );
      await Promise.all(stops.map((stop) => stop()));
      stops.length = 0;

      // A song in a bucket: Chorus answers with a 302 to a signed URL.
      const bucket = await startTestBucket();
      stops.push(bucket.stop);
      const redirecting = await startChild<StreamServer>('bench/servers/chorus-stream.ts', [
        dataDir(),
        String(1024 * 1024),
        JSON.stringify(bucket.env),
      ]);
      stops.push(redirecting.stop);
      const url = `http://127.0.0.1:${redirecting.info.port}/api/songs/${redirecting.info.songId}/stream`;
      await autocannon({ url, connections: 8, duration: 2 });
      // Closed loops at 64 connections measure throughput (each answer's time is mostly its
      // wait in the queue); the budget is read at a steady 1,000 stream starts a second, spread
      // evenly over 64 connections, far above what a cluster's listeners ask for.
      const saturated = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
      const redirects = await paced(url, REDIRECTS_PER_SECOND, SECONDS);
      const found = saturated.statusCodeStats?.['302']?.count ?? 0;
      if (found !== saturated.requests.total || saturated.errors > 0 || redirects.failed > 0) {
        throw new Error('some stream requests were not redirected');
      }
      figures.push({
        name: `S3 delivery: the 302 at ${REDIRECTS_PER_SECOND.toLocaleString('en')} a second, p99`,
        value: Number(percentile(redirects.ms, 99).toFixed(1)),
        unit: 'ms',
        budget: { op: '<=', value: 5 },
        note: `p50 ${percentile(redirects.ms, 50).toFixed(1)} ms over ${CONNECTIONS} connections; at full speed ${Math.round(saturated.requests.average)} req/s, p50 ${saturated.latency.p50} ms, p99 ${saturated.latency.p99} ms`,
      });
    } finally {
      for (const stop of stops.reverse()) await stop();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    }
    return figures;
  },
};

export default scenario;
