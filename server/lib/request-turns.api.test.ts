import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../tests/helpers/api-app.ts';
import { TURN_MS } from './request-turns.ts';

describe('the app’s server', () => {
  let t: TestContext | null = null;
  afterEach(async () => {
    t?.app.server.closeAllConnections();
    await t?.close();
    t = null;
  });

  it('answers every one of requests that come together, in turns, and keeps connections as Fastify does', async () => {
    const started: number[] = [];
    t = await createTestApp({}, [
      async (app) => {
        app.get<{ Querystring: { n: string } }>(
          '/test/turns',
          { config: { policy: 'public' } },
          async (request) => {
            started.push(Number(request.query.n));
            // Each takes half a turn of the event loop.
            const end = performance.now() + TURN_MS / 2;
            while (performance.now() < end) {}
            return { n: Number(request.query.n) };
          },
        );
      },
    ]);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    // The server is Fastify's own, with its keep-alive of 72 s, handing requests to the turns.
    expect(t.app.server.keepAliveTimeout).toBe(72_000);
    expect(t.app.server.listeners('request')).toHaveLength(1);
    expect(t.app.server.listeners('request')).not.toContain(t.app.routing);
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, n) =>
        fetch(`${base}/test/turns?n=${n}`).then((response) => response.json()),
      ),
    );
    expect(answers).toEqual(Array.from({ length: 24 }, (_, n) => ({ n })));
    // Each started once.
    expect(started.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 24 }, (_, n) => n));
  });
});
