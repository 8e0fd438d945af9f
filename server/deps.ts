import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Dialect } from './db/dialect.ts';
import type { PreparedStatements } from './db/prepared-statements.ts';
import type { CacheBudgets } from './lib/cache-budget.ts';
import type { ServerSecret } from './lib/server-secret.ts';
import type { Mailer } from './mail/mailer.ts';
import type { MediaCollector } from './media/collector.ts';
import type { MediaStore } from './media/media-store.ts';
import type { MediaSender } from './media/send.ts';
import type { Transcoder } from './media/transcoder.ts';
import type { SessionsService } from './modules/sessions/sessions.service.ts';
import type { RateLimiter } from './plugins/rate-limit.ts';
import type { Services } from './services.ts';

/** What every feature module is built from; one instance per app. */
export interface Deps {
  config: Config;
  db: Db;
  /** For queries whose plan their text decides (DatabaseHandle.genericPlanDb). */
  genericPlanDb: Db;
  /** The texts the database runs as named prepared statements (DatabaseHandle.statements). */
  statements: PreparedStatements;
  dialect: Dialect;
  media: MediaStore;
  /** Sends stored media once a route has checked access (built once from `media`). */
  mediaSender: MediaSender;
  /** Deletes stored media no row refers to any more; uploads hold what they store with it. */
  mediaCollector: MediaCollector;
  /** ffmpeg transcodes of stored audio, cached on disk; `available` is false without ffmpeg. */
  transcoder: Transcoder;
  mailer: Mailer;
  sessions: SessionsService;
  limiter: RateLimiter;
  /** Keyed hashes with the server's secret (codes, CSRF tokens, visitor cookies). */
  secret: ServerSecret;
  /** What the in-process caches may hold, by kind (CACHE_MB). */
  caches: CacheBudgets;
  /** The services several features share, built once (server/services.ts). */
  services: Services;
}

/** The Fastify instance with TypeBox schemas driving request and reply types. */
export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** A feature module: registers its routes (each with a policy) from the shared deps. */
export type Module = (app: App, deps: Deps) => Promise<void> | void;
