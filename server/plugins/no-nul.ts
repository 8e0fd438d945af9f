import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { nulPath, nulRefused } from '../lib/nul.ts';

const PARTS = ['body', 'query', 'params'] as const;

/**
 * Refuses any body, query or path value holding a NUL character, before validation. No name or
 * search has a use for one; PostgreSQL cannot store it in text (the write would fail), and
 * SQLite's LIKE stops reading a pattern at it, so a search for '%00' listed everything.
 * Multipart fields are checked where they are read (media/upload.ts).
 */
export const noNulPlugin = fp(async (app: FastifyInstance) => {
  // A plain callback hook, not an async one: it runs on every request.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of PARTS) {
      const at = nulPath(request[part]);
      if (at !== null) return done(nulRefused(at || part, at || undefined));
    }
    done();
  });
});
