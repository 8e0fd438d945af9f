import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, settlesWithin, type TestContext } from '../../tests/helpers/api-app.ts';
import type { Module } from '../deps.ts';

/** A promise and the function that settles it. */
function signal(): { promise: Promise<void>; settle: () => void } {
  let settle = () => {};
  const promise = new Promise<void>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

/** Once `server` no longer listens: the close has begun waiting for its connections. */
async function stoppedListening(server: { listening: boolean }): Promise<void> {
  while (server.listening) await sleep(5);
}

describe('closing the app', () => {
  let t: TestContext | null = null;
  afterEach(async () => {
    // Whatever a failed test left open goes, so the rest of the cleanup does not wait on it.
    t?.app.server.closeAllConnections();
    await t?.close();
    t = null;
  });

  /** An app with `module`, listening on a real port; answers its address. */
  async function listening(module: Module): Promise<string> {
    t = await createTestApp({}, [module]);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }

  it('answers a request under way at the close, then stops though its client keeps connections alive', async () => {
    const entered = signal();
    const released = signal();
    const base = await listening(async (app) => {
      app.get('/test/held', { config: { policy: 'public' } }, async () => {
        entered.settle();
        await released.promise;
        return { answered: true };
      });
    });
    // fetch keeps its connection open for the next request, as long as the server allows.
    const answer = fetch(`${base}/test/held`);
    await entered.promise;
    const closing = t!.app.close();
    await stoppedListening(t!.app.server);
    released.settle();
    expect(await (await answer).json()).toEqual({ answered: true });
    expect(await settlesWithin(closing)).toBe(true);
  });

  it('sends the rest of a body streaming at the close, then stops', async () => {
    const body = new Readable({ read() {} });
    const base = await listening(async (app) => {
      app.get('/test/stream', { config: { policy: 'public' } }, async (_request, reply) => {
        body.push('first ');
        return reply.type('text/plain').send(body);
      });
    });
    const answer = await fetch(`${base}/test/stream`);
    expect(answer.status).toBe(200);
    const closing = t!.app.close();
    await stoppedListening(t!.app.server);
    body.push('and last');
    body.push(null);
    expect(await answer.text()).toBe('first and last');
    expect(await settlesWithin(closing)).toBe(true);
  });
});
