import net from 'node:net';
import { percentile } from './scenario.ts';

/** One request of a load run; `path` includes the query. */
export interface LoadRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
}

export interface LoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers by status code. */
  statuses: Map<number, number>;
  errors: number;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const LINE_END = Buffer.from('\r\n');

type BodyState =
  | { kind: 'length'; remaining: number }
  | { kind: 'chunk-size'; line: string }
  | { kind: 'chunk-data'; remaining: number }
  | { kind: 'chunk-end'; remaining: number; last: boolean };

/**
 * Reads HTTP/1.1 responses off one keep-alive connection and counts their bodies' bytes without
 * keeping them: autocannon appends every body to a string, which costs more CPU than a server
 * spends sending a 256 KiB range, so the client, not the server, set the pace.
 */
class ResponseReader {
  private head: Buffer[] = [];
  private status = 0;
  private body: BodyState | null = null;

  constructor(private readonly onResponse: (status: number) => void) {}

  /** Feeds bytes from the socket; calls `onResponse` for each response completed. */
  push(data: Buffer): void {
    let chunk = data;
    while (chunk.length > 0) {
      if (this.body === null) {
        chunk = this.readHead(chunk);
        continue;
      }
      chunk = this.readBody(chunk, this.body);
    }
  }

  private readHead(chunk: Buffer): Buffer {
    this.head.push(chunk);
    const head = this.head.length === 1 ? chunk : Buffer.concat(this.head);
    const end = head.indexOf(HEADER_END);
    if (end < 0) {
      this.head = [head];
      return Buffer.alloc(0);
    }
    this.head = [];
    const lines = head.subarray(0, end).toString('latin1').split('\r\n');
    this.status = Number(lines[0]!.split(' ')[1]);
    let length = 0;
    let chunked = false;
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (name === 'content-length') length = Number(value);
      if (name === 'transfer-encoding' && value.toLowerCase().includes('chunked')) chunked = true;
    }
    const noBody = this.status === 204 || this.status === 304 || this.status < 200;
    this.body = noBody
      ? { kind: 'length', remaining: 0 }
      : chunked
        ? { kind: 'chunk-size', line: '' }
        : { kind: 'length', remaining: length };
    const rest = head.subarray(end + HEADER_END.length);
    if (this.body.kind === 'length' && this.body.remaining === 0) this.finish();
    return rest;
  }

  private readBody(chunk: Buffer, body: BodyState): Buffer {
    switch (body.kind) {
      case 'length':
      case 'chunk-data':
      case 'chunk-end': {
        const taken = Math.min(body.remaining, chunk.length);
        body.remaining -= taken;
        if (body.remaining === 0) {
          if (body.kind === 'length') this.finish();
          else if (body.kind === 'chunk-data')
            this.body = { kind: 'chunk-end', remaining: 2, last: false };
          else if (body.last) this.finish();
          else this.body = { kind: 'chunk-size', line: '' };
        }
        return chunk.subarray(taken);
      }
      case 'chunk-size': {
        const end = chunk.indexOf(LINE_END);
        if (end < 0) {
          body.line += chunk.toString('latin1');
          return Buffer.alloc(0);
        }
        const size = Number.parseInt(
          `${body.line}${chunk.subarray(0, end).toString('latin1')}`,
          16,
        );
        // The last chunk is followed by (no) trailers and an empty line.
        this.body =
          size === 0
            ? { kind: 'chunk-end', remaining: 2, last: true }
            : { kind: 'chunk-data', remaining: size };
        return chunk.subarray(end + LINE_END.length);
      }
    }
  }

  private finish(): void {
    this.body = null;
    this.onResponse(this.status);
  }
}

/**
 * A load described as data, so a process of its own can run it (bench/load-child.ts): every
 * request asks for `path`, each `{random}` in it a new integer below `randomBelow`.
 */
export interface LoadPlan {
  url: string;
  connections: number;
  seconds: number;
  path: string;
  randomBelow?: number;
  headers?: Record<string, string>;
}

/** The requests of `plan`. */
export function planRequest(plan: LoadPlan): () => LoadRequest {
  const below = plan.randomBelow ?? 0;
  return () => ({
    path: plan.path.replaceAll('{random}', () => String(Math.floor(Math.random() * below))),
    headers: plan.headers,
  });
}

/**
 * A closed-loop load: `connections` keep-alive connections, each sending its next request as
 * soon as the last answer is read, for `seconds` (or until `requests` were sent). Latencies are
 * in milliseconds.
 */
export async function runLoad(options: {
  url: string;
  connections: number;
  seconds: number;
  requests?: number;
  request: () => LoadRequest;
}): Promise<LoadResult> {
  const target = new URL(options.url);
  const port = Number(target.port || 80);
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let errors = 0;
  const started = performance.now();
  const end = started + options.seconds * 1000;
  const limit = options.requests ?? Number.POSITIVE_INFINITY;
  let sent = 0;
  const more = () => performance.now() < end && sent < limit;

  /** One socket's requests; resolves true when the server closed it early and it may reopen. */
  const socketRun = () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: target.hostname, port, noDelay: true });
      let sentAt = 0;
      /** A request sent on this socket and not yet answered. */
      let pending = false;
      const send = () => {
        if (!more()) {
          socket.end();
          return;
        }
        sent++;
        pending = true;
        const request = options.request();
        const headers = { host: target.host, ...request.headers };
        const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
        sentAt = performance.now();
        socket.write(
          `${request.method ?? 'GET'} ${request.path} HTTP/1.1\r\n${lines.join('')}\r\n`,
        );
      };
      const reader = new ResponseReader((status) => {
        pending = false;
        latencies.push(performance.now() - sentAt);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        send();
      });
      socket.on('connect', send);
      socket.on('data', (data) => reader.push(data));
      // An answer still missing 5 s after the run's end is counted as an error.
      const cutOff = setTimeout(
        () => socket.destroy(new Error('no answer')),
        end - performance.now() + 5000,
      );
      let failed = false;
      socket.on('error', () => {
        failed = true;
        errors++;
      });
      socket.on('close', () => {
        clearTimeout(cutOff);
        // A request the server closed the connection on is sent again on the next one.
        if (pending) sent--;
        resolve(!failed && more());
      });
    });
  // A server may close a keep-alive connection (Connection: close); the load goes on with a new one.
  const connection = async () => {
    while (await socketRun()) {}
  };

  await Promise.all(Array.from({ length: options.connections }, connection));
  const elapsedSeconds = (performance.now() - started) / 1000;
  return {
    requests: latencies.length,
    perSecond: latencies.length / elapsedSeconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.reduce((max, latency) => Math.max(max, latency), 0),
    statuses,
    errors,
  };
}
