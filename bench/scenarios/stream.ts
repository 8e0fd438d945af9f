import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startChild } from '../child.ts';
import type { Figure, Scenario } from '../scenario.ts';

const CONNECTIONS = 64;
const SECONDS = 10;
const RANGE = 256 * 1024;

/** Random 256 KiB ranges of one file, at 64 connections for 10 s. */
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

const scenario: Scenario = {
  name: 'stream',
  description: `one song, random ${RANGE / 1024} KiB ranges, ${CONNECTIONS} connections, ${SECONDS} s; Chorus against a minimal node:http + fs.createReadStream server on the same file`,
  async run(): Promise<Figure[]> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-bench-stream-'));
    const chorus = await startChild<{ port: number; songId: number; file: string; size: number }>(
      'bench/servers/chorus-stream.ts',
      [dataDir],
    );
    const { file, size, songId, port } = chorus.info;
    let chorusResult: autocannon.Result;
    let minimalResult: autocannon.Result;
    try {
      // Warm both the page cache and the JIT before measuring.
      await autocannon({
        url: `http://127.0.0.1:${port}/api/songs/${songId}/stream`,
        connections: 8,
        duration: 2,
      });
      chorusResult = await hammer(`http://127.0.0.1:${port}/api/songs/${songId}/stream`, size);
    } finally {
      await chorus.stop();
    }
    const minimal = await startChild<{ port: number }>('bench/servers/minimal-stream.ts', [file]);
    try {
      await autocannon({
        url: `http://127.0.0.1:${minimal.info.port}/`,
        connections: 8,
        duration: 2,
      });
      minimalResult = await hammer(`http://127.0.0.1:${minimal.info.port}/`, size);
    } finally {
      await minimal.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    const ok = (result: autocannon.Result) => result.non2xx === 0 && result.errors === 0;
    const ratio = chorusResult.requests.average / minimalResult.requests.average;
    return [
      {
        name: 'Chorus',
        value: chorusResult.requests.average,
        unit: 'req/s',
        note: `p99 ${chorusResult.latency.p99} ms, ${(chorusResult.throughput.average / 2 ** 20).toFixed(0)} MiB/s${ok(chorusResult) ? '' : `, ${chorusResult.non2xx} non-2xx, ${chorusResult.errors} errors`}`,
      },
      {
        name: 'minimal node:http server',
        value: minimalResult.requests.average,
        unit: 'req/s',
        note: `p99 ${minimalResult.latency.p99} ms, ${(minimalResult.throughput.average / 2 ** 20).toFixed(0)} MiB/s`,
      },
      { name: 'Chorus / minimal', value: ratio, unit: '×', budget: { op: '>=', value: 0.9 } },
    ];
  },
};

export default scenario;
