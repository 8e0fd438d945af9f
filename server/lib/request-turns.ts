import type http from 'node:http';

/**
 * How long requests may keep starting in one turn of the event loop before the ones that follow
 * wait for a turn of their own.
 */
export const TURN_MS = 2;

/**
 * `handler` with requests started in the order they arrived, a turn at a time. Node reads every
 * connection that has something to read in one turn of its event loop, then runs what each asks
 * before it reads again. Under load that turn holds the work of every connection, and a request
 * that arrives just after it began waits for all of it and then for all of the next, twice as
 * long as most (docs/benchmarks.md). So a turn starts requests for TURN_MS only; the rest wait in
 * order and start in later turns, TURN_MS of them a turn, each turn after Node has read the
 * connections again, so a request that arrives meanwhile waits behind those before it, not
 * behind a whole turn more. `now` is the clock, in ms.
 */
export function inTurns<Args extends unknown[]>(
  handler: (...args: Args) => void,
  now: () => number = () => performance.now(),
): (...args: Args) => void {
  /** Requests read but not started yet, oldest first. */
  const waiting: Args[] = [];
  /** When this turn's first request started, or null before any has. */
  let turnStart: number | null = null;

  const endTurn = () => {
    turnStart = null;
  };
  /** Starts a turn now, unless one is under way; whether the turn has time left. */
  const timeLeft = () => {
    const time = now();
    if (turnStart === null) {
      turnStart = time;
      setImmediate(endTurn);
    }
    return time - turnStart < TURN_MS;
  };
  // Each waiting request has a check of its own, run once Node has read the connections (and
  // after each other check, what the request it started asked): the oldest request starts when
  // the turn has time left, else the check waits for the next turn.
  const startOldest = () => {
    if (!timeLeft()) {
      setImmediate(startOldest);
      return;
    }
    const oldest = waiting.shift();
    if (oldest) handler(...oldest);
  };

  return (...args) => {
    if (waiting.length === 0 && timeLeft()) {
      handler(...args);
      return;
    }
    waiting.push(args);
    setImmediate(startOldest);
  };
}

/**
 * Has `server` start its requests in turns (`inTurns`): `handler`, the app's listener for them
 * (Fastify's `routing`), is put in turns in its place, so the server keeps Fastify's timeouts. A
 * request whose connection closed while it waited is not started: under load, the clients that
 * gave up would otherwise still cost a request each. A second address Fastify binds for a host
 * name (`HOST=localhost`: ::1 beside 127.0.0.1) is a server of its own, outside the turns.
 */
export function serveInTurns(
  server: http.Server,
  handler: (request: http.IncomingMessage, response: http.ServerResponse) => void,
): void {
  // Added beside the app's own listener, turns would start every request a second time.
  if (!server.listeners('request').includes(handler)) {
    throw new Error('The server does not hand its requests to this handler');
  }
  server.removeListener('request', handler);
  server.on(
    'request',
    inTurns((request: http.IncomingMessage, response: http.ServerResponse) => {
      if (!request.socket.destroyed) handler(request, response);
    }),
  );
}
