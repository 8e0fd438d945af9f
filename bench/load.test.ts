import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadInChild } from './child.ts';
import { planRequest, runLoad } from './load.ts';

describe('runLoad', () => {
  let server: http.Server;
  let url: string;
  const seen: string[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      seen.push(`${request.url} ${request.headers.range ?? ''}`);
      if (request.url === '/length') response.end('x'.repeat(200_000));
      else if (request.url === '/chunked') {
        response.write('a'.repeat(70_000));
        response.write('b');
        response.end('c'.repeat(5));
      } else if (request.url === '/not-modified') response.writeHead(304).end();
      else if (request.url === '/close') response.setHeader('connection', 'close').end('bye');
      else response.writeHead(404).end('missing');
    });
    server.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it.each([
    ['/length', 200],
    ['/chunked', 200],
    ['/not-modified', 304],
    ['/close', 200],
    ['/elsewhere', 404],
  ])('reads every answer of %s to its end, keeping connections alive', async (path, status) => {
    const result = await runLoad({
      url,
      connections: 3,
      seconds: 0.3,
      request: () => ({ path, headers: { range: 'bytes=0-9' } }),
    });
    expect(result.errors).toBe(0);
    expect(result.requests).toBeGreaterThan(3);
    expect([...result.statuses]).toEqual([[status, result.requests]]);
    expect(result.p50).toBeLessThanOrEqual(result.p99);
    expect(result.p99).toBeLessThanOrEqual(result.max);
    expect(seen).toContain(`${path} bytes=0-9`);
  });

  it.each(['/length', '/close'])(
    'sends exactly the number of requests asked for on %s, however many connections',
    async (path) => {
      const result = await runLoad({
        url,
        connections: 4,
        seconds: 30,
        requests: 10,
        request: () => ({ path }),
      });
      expect(result.errors).toBe(0);
      expect(result.requests).toBe(10);
    },
  );

  it('runs a load described as data from a process of its own, each {random} a new offset', async () => {
    const request = planRequest({
      url,
      connections: 1,
      seconds: 1,
      path: '/offsets?a={random}&b={random}',
      randomBelow: 5,
      headers: { range: 'bytes=0-0' },
    });
    const offsets = Array.from({ length: 200 }, () => request())
      .flatMap(({ path }) => [...path.matchAll(/=(\d+)/g)].map((match) => Number(match[1])))
      .sort();
    expect(new Set(offsets)).toEqual(new Set([0, 1, 2, 3, 4]));
    expect(request().headers).toEqual({ range: 'bytes=0-0' });

    const before = seen.length;
    const result = await loadInChild({ url, connections: 2, seconds: 0.5, path: '/length' });
    expect(result.errors).toBe(0);
    expect([...result.statuses]).toEqual([[200, result.requests]]);
    expect(seen.length - before).toBe(result.requests);
  });
});
