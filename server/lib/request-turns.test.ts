import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { inTurns, serveInTurns, TURN_MS } from './request-turns.ts';

/** One turn of the event loop: the checks it runs, and what they start. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Requests that each take `costMs` of a clock the test keeps, and the order they started in. */
function requests(costMs: number) {
  let clock = 0;
  const started: number[] = [];
  const handle = inTurns(
    (id: number) => {
      started.push(id);
      clock += costMs;
    },
    () => clock,
  );
  return { handle, started };
}

describe('requests in turns', () => {
  it('starts a turn’s worth of requests at once, and the rest in later turns, in the order they came', async () => {
    const { handle, started } = requests(TURN_MS / 2);
    handle(0);
    // A request that arrives as the next turn begins, before the waiting ones start in it.
    setImmediate(() => handle(7));
    for (let id = 1; id < 7; id++) handle(id);
    // Two requests fill a turn.
    expect(started).toEqual([0, 1]);
    await nextTurn();
    // The turn had time, yet the one that came in it waits behind those before it.
    expect(started).toEqual([0, 1, 2, 3]);
    for (let turn = 0; turn < 10 && started.length < 8; turn++) await nextTurn();
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('starts a request at once when none is waiting and the turn has time', async () => {
    const { handle, started } = requests(TURN_MS / 4);
    handle(1);
    handle(2);
    expect(started).toEqual([1, 2]);
    // A turn later, with nothing waiting, a request starts as it comes.
    await nextTurn();
    handle(3);
    expect(started).toEqual([1, 2, 3]);
  });

  it('starts one request a turn when each takes longer than a turn', async () => {
    const { handle, started } = requests(TURN_MS * 3);
    for (let id = 0; id < 4; id++) handle(id);
    expect(started).toEqual([0]);
    for (const expected of [
      [0, 1],
      [0, 1, 2],
      [0, 1, 2, 3],
    ]) {
      await nextTurn();
      expect(started).toEqual(expected);
    }
  });
});

describe('a server in turns', () => {
  /** A request on a socket of its own, and its response, as Node's server makes them. */
  function exchange() {
    const request = new http.IncomingMessage(new net.Socket());
    return { request, response: new http.ServerResponse(request) };
  }

  it('hands each request to the app once, in place of the app, and refuses a handler it does not use', () => {
    const handled: http.IncomingMessage[] = [];
    const app = (request: http.IncomingMessage) => {
      handled.push(request);
    };
    const server = http.createServer(app);
    expect(() => serveInTurns(server, () => {})).toThrow(/does not hand its requests/);
    serveInTurns(server, app);
    expect(server.listeners('request')).toHaveLength(1);
    const { request, response } = exchange();
    server.emit('request', request, response);
    expect(handled).toEqual([request]);
  });

  it('starts no request whose connection closed while it waited', () => {
    const handled: http.IncomingMessage[] = [];
    const app = (request: http.IncomingMessage) => {
      handled.push(request);
    };
    const server = http.createServer(app);
    serveInTurns(server, app);
    const gone = exchange();
    gone.request.socket.destroy();
    server.emit('request', gone.request, gone.response);
    expect(handled).toEqual([]);
  });
});
