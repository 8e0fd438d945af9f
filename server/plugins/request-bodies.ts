import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Policy } from './policies.ts';

const KiB = 1024;

/**
 * The largest body a route reads (JSON or text; uploads go through multipart with their own
 * limits, media/upload.ts), by who may call it, unless the route declares its own `bodyLimit`.
 * Anyone can call a public route, so its body is the smallest that its forms need (a sign-up
 * with its bot-check proof is under 8 KiB); signed-in forms hold at most a few thousand
 * characters. A body past its limit is refused from its declared length, unread.
 */
export const BODY_LIMITS: Record<Policy, number> = {
  public: 16 * KiB,
  listener: 64 * KiB,
  admin: 64 * KiB,
  // Subsonic apps send their parameters as a form (savePlayQueue and updatePlaylist list ids).
  subsonic: 64 * KiB,
};

/** Whether the request announced a body (a length above 0, or chunks) that has not all arrived. */
function bodyLeftUnread(raw: IncomingMessage): boolean {
  // `complete`: every byte arrived (Node reads and drops an unread rest itself); `readableEnded`:
  // the body was read to its end.
  if (raw.complete || raw.readableEnded) return false;
  const length = raw.headers['content-length'];
  return raw.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Body limits per route (BODY_LIMITS), and a response sent before its request's body was read to
 * the end (a 413, a refused upload) closes the connection: the unread rest of the body would
 * otherwise be taken as the next request on a keep-alive connection, or the server would wait
 * on it, and the client's next request would hang. Closing tells the client to reconnect;
 * reading a refused upload to its end would cost what the refusal saves.
 */
export const requestBodiesPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    const policy = route.config?.policy;
    if (route.bodyLimit === undefined && policy) route.bodyLimit = BODY_LIMITS[policy];
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (bodyLeftUnread(request.raw)) reply.header('connection', 'close');
    done(null, payload);
  });
});
