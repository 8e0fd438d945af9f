import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A stop that finishes. `app.close()` refuses new requests, closes the connections idle at that
 * moment (Node's `server.close()`) and waits for the others. A keep-alive connection whose
 * response was still under way then stays open once that response is sent, until its client or
 * the keep-alive timeout (72 s, past the server's own deadline to stop) closes it, and the stop
 * waits as long. So once the app is closing, each response that finishes closes the connections
 * left idle, its own among them; one with another request under way is left to respond to it.
 */
export const gracefulClosePlugin = fp(
  async (app: FastifyInstance) => {
    let closing = false;
    app.addHook('preClose', (done) => {
      closing = true;
      done();
    });
    app.addHook('onResponse', (_request, _reply, done) => {
      // Node detaches a finished response from its connection before this hook runs, so the
      // connection counts as idle here.
      if (closing) app.server.closeIdleConnections();
      done();
    });
  },
  { name: 'graceful-close' },
);
