import { randomBytes } from 'node:crypto';
import { IdParams } from '../../../contract/common.ts';
import { PlayBody, PlayResult } from '../../../contract/listening.ts';
import type { App, Deps } from '../../deps.ts';
import { PlaysRepository } from './plays.repository.ts';
import { type Listener, PlaysService } from './plays.service.ts';

/** Visitors are told apart by this random cookie (it identifies a browser, not a person). */
export const LISTENER_COOKIE = 'chorus_listener';
const YEAR_SECONDS = 365 * 86_400;

export async function playsRoutes(app: App, deps: Deps): Promise<void> {
  const plays = new PlaysService(new PlaysRepository(deps.db));

  app.post(
    '/api/songs/:id/plays',
    {
      // Cookie-less scripts get a fresh visitor id per call, so the per-IP limit is what bounds them.
      config: { policy: 'public', rateLimit: { max: 120, windowMs: 60_000 } },
      schema: {
        tags: ['plays'],
        summary: 'Reports that a song played 30 s or to its end (counted once per listener)',
        params: IdParams,
        body: PlayBody,
        response: { 200: PlayResult },
      },
    },
    async (request, reply) => {
      let listener: Listener;
      if (request.caller) listener = { userId: request.caller.userId };
      else {
        let visitorId = request.cookies[LISTENER_COOKIE];
        if (!visitorId || !/^[A-Za-z0-9_-]{16,64}$/.test(visitorId)) {
          visitorId = randomBytes(18).toString('base64url');
          reply.setCookie(LISTENER_COOKIE, visitorId, {
            path: '/api',
            httpOnly: true,
            sameSite: 'lax',
            secure: deps.config.secureCookies,
            maxAge: YEAR_SECONDS,
          });
        }
        listener = { visitorId };
      }
      return plays.record(request.params.id, request.body, listener);
    },
  );
}
