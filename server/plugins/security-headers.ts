import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers Helmet sets for `options`, worked out once (they do not depend on the request). */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  // A response that is never sent: Helmet only sets and removes its headers.
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(options)(new IncomingMessage(new Socket()), response, (error?: unknown) => {
    if (error) throw error;
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders())) {
    if (value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/**
 * Security headers on every response, API errors and 404s included. @fastify/helmet builds Helmet
 * anew (parsing the CSP again) on every request; the headers are the same each time, so they are
 * computed at start and copied onto each reply.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: HelmetOptions) => {
    const headers = helmetHeaders(options);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
