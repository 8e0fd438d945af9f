import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { nulPath, nulRefused } from '../lib/nul.ts';

/**
 * Refuses any body, query or path value holding a NUL character, before validation. No name or
 * search has a use for one; PostgreSQL cannot store it in text (the write would fail), and
 * SQLite's LIKE stops reading a pattern at it, so a search for '%00' listed everything.
 * Multipart fields are checked where they are read (media/upload.ts).
 */
export const noNulPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const parts = { body: request.body, query: request.query, params: request.params };
    for (const [part, value] of Object.entries(parts)) {
      const at = nulPath(value);
      if (at !== null) throw nulRefused(at || part, at || undefined);
    }
  });
});
