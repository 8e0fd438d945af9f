import path from 'node:path';
import cookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { App, Deps, Module } from './deps.ts';
import { type CacheBudgets, cacheBudgets } from './lib/cache-budget.ts';
import { serveInTurns } from './lib/request-turns.ts';
import { loadServerSecret } from './lib/server-secret.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { MediaCollector } from './media/collector.ts';
import { locateFfmpeg } from './media/ffmpeg.ts';
import type { MediaStore } from './media/media-store.ts';
import { MediaSender } from './media/send.ts';
import { TranscodeCache } from './media/transcode-cache.ts';
import { Transcoder } from './media/transcoder.ts';
import { modules } from './modules/index.ts';
import { serverPages } from './modules/pages/server-pages.ts';
import { SessionsRepository } from './modules/sessions/sessions.repository.ts';
import { SessionsService } from './modules/sessions/sessions.service.ts';
import { errorsPlugin, respondToRouterError } from './plugins/errors.ts';
import { gracefulClosePlugin } from './plugins/graceful-close.ts';
import { inputShapePlugin } from './plugins/input-shape.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { policiesPlugin } from './plugins/policies.ts';
import { RateLimitRepository } from './plugins/rate-limit.repository.ts';
import { RateLimiter, rateLimitPlugin } from './plugins/rate-limit.ts';
import { BODY_LIMITS, requestBodiesPlugin } from './plugins/request-bodies.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { serializerCompiler, validatorCompiler } from './plugins/validation.ts';
import { webAppRoutes } from './plugins/web-app.ts';
import { createServices } from './services.ts';

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  media: MediaStore;
  /** The caches' budgets, when the caller shares them with the database (server/main.ts). */
  caches?: CacheBudgets;
  /** Tests pass their own mailer to read what was sent. */
  mailer?: Mailer;
  logger?: boolean;
  /** Extra modules registered after the features (tests use it to probe the plumbing). */
  extraModules?: Module[];
}

/** Where signed URLs send the browser for audio, which the page must allow to play. */
async function signedMediaOrigins({ media, config }: Deps): Promise<string[]> {
  if (config.mediaDelivery !== 'redirect') return [];
  const probe = await media.signedUrl('audio/probe', {
    contentType: 'audio/mpeg',
    cacheControl: 'no-store',
    expiresSeconds: 60,
  });
  return probe === null ? [] : [new URL(probe).origin];
}

/** The transcoder, saying once whether ffmpeg was found. */
function createTranscoder(config: Config, media: MediaStore, log: FastifyBaseLogger): Transcoder {
  const settings = config.transcoding;
  const ffmpeg = locateFfmpeg(settings.ffmpegPath, process.env.PATH ?? '');
  if (ffmpeg === null) {
    log.warn(
      settings.ffmpegPath === null
        ? 'ffmpeg was not found on PATH: Chorus serves original files only (no transcoding), and uploads must be in formats browsers play'
        : `FFMPEG_PATH (${settings.ffmpegPath}) is not a program Chorus can run: Chorus serves original files only (no transcoding)`,
    );
  } else {
    log.info({ ffmpeg }, 'transcoding with ffmpeg');
  }
  const cache = new TranscodeCache(
    path.join(config.dataDir, 'transcodes'),
    settings.cacheMb * 1024 * 1024,
  );
  return new Transcoder({ ffmpeg, maxProcesses: settings.maxProcesses }, media, cache, log);
}

/** Builds the whole app without listening, so tests can `inject` into exactly what runs. */
export async function buildApp(options: BuildOptions): Promise<App & { deps: Deps }> {
  const { config, database, media } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    // Routes read bodies up to their own limits (plugins/request-bodies.ts); others, the least.
    bodyLimit: BODY_LIMITS.public,
    // A hop count trusts that many proxies in front of Chorus.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // Access logs are the reverse proxy's job; two log lines per audio range request would cost
    // more than serving it. Errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    // Ids in paths are validated by schema; a long garbage URL should not reach a handler at all.
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: respondToRouterError,
  }).withTypeProvider<TypeBoxTypeProvider>();
  serveInTurns(app.server, app.routing);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const secret = await loadServerSecret(config.secret, config.dataDir, database);
  const limiter = new RateLimiter(new RateLimitRepository(database.db), secret);
  const sessions = new SessionsService(new SessionsRepository(database.db));
  const mailer =
    options.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  const caches = options.caches ?? cacheBudgets(config.cacheMb, database.dialect);
  const deps: Deps = {
    config,
    db: database.db,
    genericPlanDb: database.genericPlanDb,
    statements: database.statements,
    dialect: database.dialect,
    media,
    mediaSender: new MediaSender(media, {
      redirect: config.mediaDelivery === 'redirect',
      accelRedirect: config.mediaAccelRedirect,
    }),
    mediaCollector: new MediaCollector(database.db, media, (error) =>
      app.log.error({ err: error }, 'media collection failed'),
    ),
    transcoder: createTranscoder(config, media, app.log),
    mailer,
    sessions,
    limiter,
    secret,
    caches,
    services: createServices({ ...database, caches, limiter, secret }),
  };
  const resealed = await deps.services.appKeys.resealDatabaseSealedKeys();
  if (resealed > 0) app.log.info({ resealed }, 'app keys sealed again under the server secret');

  await app.register(errorsPlugin);
  await app.register(gracefulClosePlugin);
  await app.register(requestBodiesPlugin);
  await app.register(inputShapePlugin);
  await app.register(cookie);
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React sets style attributes from script, which CSP counts as inline style.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:', ...(await signedMediaOrigins(deps))],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Media is fetched by <audio> and <img>, which cross-origin isolation would get in the way of.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: config.secureCookies,
  });
  await app.register(rateLimitPlugin, { limiter });
  await app.register(openapiPlugin);
  await app.register(policiesPlugin, { sessions, secret, secureCookies: config.secureCookies });

  for (const register of [...modules, ...(options.extraModules ?? [])]) await register(app, deps);

  app.get(
    '/api/docs',
    {
      config: { policy: 'public' },
      schema: { tags: ['system'], summary: 'This OpenAPI document' },
    },
    async () => app.swagger(),
  );
  await webAppRoutes(app, {
    webDir: config.webDir,
    budget: caches.webAppFiles,
    ...(config.webDir ? { render: serverPages(deps) } : {}),
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `No route ${request.method} ${request.url.split('?')[0]}` });
  });

  // Before the server waits for the responses under way: those of live transcodes last as long as
  // ffmpeg runs.
  app.addHook('preClose', (done) => {
    deps.transcoder.close();
    done();
  });
  app.addHook('onClose', async () => {
    mailer.close();
  });

  await app.ready();
  return Object.assign(app, { deps });
}
