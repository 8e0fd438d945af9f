import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { IdParams } from '../../../contract/common.ts';
import { PlayBody, PlayResult, RecentlyPlayed } from '../../../contract/listening.ts';
import type { App, Deps } from '../../deps.ts';
import { unauthorized } from '../../lib/errors.ts';
import type { ServerSecret } from '../../lib/server-secret.ts';
import { cookieNames } from '../../plugins/policies.ts';
import { addressBucket } from '../../plugins/rate-limit.ts';
import { PlaysRepository } from './plays.repository.ts';
import { type Listener, ListeningHistoryService } from './plays.service.ts';

const YEAR_SECONDS = 365 * 86_400;

/**
 * Visitors are told apart by a random cookie (it identifies a browser, not a person), signed with
 * the server's secret so a script cannot make up a fresh visitor for every report.
 */
export class VisitorCookie {
  constructor(private readonly secret: ServerSecret) {}

  issue(): string {
    const id = randomBytes(18).toString('base64url');
    return `${id}.${this.signature(id)}`;
  }

  /** The visitor id of a cookie this server issued, else null. */
  read(value: string | undefined): string | null {
    const match = /^([A-Za-z0-9_-]{24})\.([0-9a-f]{32})$/.exec(value ?? '');
    return match && this.signature(match[1]!) === match[2] ? match[1]! : null;
  }

  private signature(id: string): string {
    return this.secret.hash('visitor', id).slice(0, 32);
  }
}

export async function playsRoutes(app: App, deps: Deps): Promise<void> {
  const { plays, catalog } = deps.services;
  const history = new ListeningHistoryService(new PlaysRepository(deps.db), catalog, deps.secret);
  const visitors = new VisitorCookie(deps.secret);
  const cookieName = cookieNames(deps.config.secureCookies).listener;

  const address = (request: FastifyRequest) => addressBucket(request.ip);

  app.post(
    '/api/songs/:id/plays',
    {
      config: { policy: 'public', rateLimit: { max: 120, windowMs: 60_000 } },
      schema: {
        tags: ['plays'],
        summary: 'Reports that a song played 30 s or to its end (counted once per listener)',
        description:
          'A report without the visitor cookie counts once per song per client address within ' +
          "the song's length; counted plays per address are capped each hour.",
        params: IdParams,
        body: PlayBody,
        response: { 200: PlayResult },
      },
    },
    async (request, reply) => {
      let listener: Listener;
      if (request.caller) listener = { userId: request.caller.userId };
      else {
        const visitorId = visitors.read(request.cookies[cookieName]);
        if (visitorId) listener = { visitorId };
        else {
          // Without a cookie it issued, the server knows only the address, so the address is
          // the listener until the browser sends the cookie back.
          listener = { address: address(request) };
          reply.setCookie(cookieName, visitors.issue(), {
            path: '/',
            httpOnly: true,
            sameSite: 'lax',
            secure: deps.config.secureCookies,
            maxAge: YEAR_SECONDS,
          });
        }
      }
      return plays.record(request.params.id, request.body, listener, address(request));
    },
  );

  app.get(
    '/api/me/recently-played',
    {
      config: { policy: 'listener' },
      schema: {
        tags: ['plays'],
        summary: "The caller's recently played songs (counted plays), each once, newest first",
        response: { 200: RecentlyPlayed },
      },
    },
    (request) => {
      if (!request.caller) throw unauthorized();
      return history.recentlyPlayed(request.caller.userId);
    },
  );
}
