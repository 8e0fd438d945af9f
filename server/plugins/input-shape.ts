import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { inputProblem, inputRefused } from '../lib/input-shape.ts';

const PARTS = ['body', 'query', 'params'] as const;

/**
 * Refuses, before validation, any body, query or path value that holds a NUL character, nests
 * too deeply or holds too many entries (lib/input-shape.ts), with a 400 that says which.
 * No name or search has a use for a NUL; PostgreSQL cannot store it in text (the write would
 * fail), and SQLite's LIKE stops reading a pattern at it, so a search for '%00' listed everything.
 * Depth is refused here because validating or copying a deep value recurses once per level.
 * Multipart fields are checked where they are read (media/upload.ts).
 */
export const inputShapePlugin = fp(async (app: FastifyInstance) => {
  // A plain callback hook, not an async one: it runs on every request.
  app.addHook('preValidation', (request, _reply, done) => {
    const entries = request.routeOptions.config.inputEntries;
    for (const part of PARTS) {
      const problem = inputProblem(request[part], entries);
      if (problem) return done(inputRefused(part, problem, entries));
    }
    done();
  });
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * How many entries one list or object of this route's input may hold, where more than
     * INPUT_LIMITS.entries are of use (a Subsonic play queue of thousands of songs).
     */
    inputEntries?: number;
  }
}
