import path from 'node:path';
import { Type } from '@sinclair/typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { IMAGE_WIDTHS } from '../../../contract/rules/catalog.ts';
import type { App, Deps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { attachment } from '../../media/content-disposition.ts';
import { hashOfKey, imageVariantKey } from '../../media/media-store.ts';
import { refusalOf } from '../../plugins/errors.ts';
import { type Caller, requireCaller } from '../../plugins/policies.ts';
import { addressBucket } from '../../plugins/rate-limit.ts';
import { RANKING_CACHE_MS } from '../../services.ts';
import { AuthRepository } from '../auth/auth.repository.ts';
import {
  asSubsonicError,
  CODES,
  formatOf,
  jsonpCallbackOf,
  type Node,
  Params,
  type RenderedResponse,
  refusalAsSubsonic,
  SubsonicError,
  sendResponse,
} from './protocol.ts';
import { streamPlan } from './stream-plan.ts';
import { SubsonicRepository } from './subsonic.repository.ts';
import { SubsonicService } from './subsonic.service.ts';
import { SubsonicAuth } from './subsonic-auth.ts';

/**
 * Apps that run in a browser on another origin (Feishin's web build, Jamstash, Airsonic Refix)
 * read the API with CORS, and play its streams and show its covers from their own pages. Any
 * origin may: a call carries its credentials in its own parameters, never in a cookie, so a page
 * reads only what the credentials it holds already open.
 */
const CROSS_ORIGIN_HEADERS = {
  'access-control-allow-origin': '*',
  'cross-origin-resource-policy': 'cross-origin',
};

/**
 * Form bodies (the `formPost` extension) are small: credentials and ids, some thousands of them
 * at most (a play queue, the songs of a playlist).
 */
const FORM_BODY_LIMIT = 64 * 1024;

/**
 * Values one parameter may have: as many as a form body can hold ("a=1&" is four bytes), so only
 * the body's limit bounds a list of ids. The input limit the JSON API keeps (1,000) would refuse
 * an app's longer play queue or playlist.
 */
const PARAMETER_VALUES = FORM_BODY_LIMIT / 4;

/**
 * The OpenSubsonic extensions served. Apps seek in a transcode with `timeOffset` only when the
 * server lists `transcodeOffset`, so it is listed only where ffmpeg is.
 */
function extensionsOf(transcoding: boolean): Node {
  return {
    openSubsonicExtensions: [
      { name: 'formPost', versions: [1] },
      { name: 'apiKeyAuthentication', versions: [1] },
      { name: 'songLyrics', versions: [1] },
      ...(transcoding ? [{ name: 'transcodeOffset', versions: [1] }] : []),
    ],
  };
}

/** A response from the caller, the call's parameters and the request (for the client's address). */
type Respond = (
  caller: Caller,
  params: Params,
  request: FastifyRequest,
) => Promise<Node | RenderedResponse> | Node;
/** A response to a method that needs no credentials, from the call's parameters. */
type RespondOpen = (params: Params) => Promise<Node> | Node;
type Sender = (
  caller: Caller,
  params: Params,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<FastifyReply>;

/** The smallest stored image width that covers `size` (the largest when none does). */
export function coverWidth(size: number | undefined): number {
  if (size === undefined) return IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
  return IMAGE_WIDTHS.find((width) => width >= size) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
}

export async function subsonicRoutes(app: App, deps: Deps): Promise<void> {
  const { catalog, appKeys } = deps.services;
  const auth = new SubsonicAuth(new AuthRepository(deps.db), appKeys, deps.limiter);
  const subsonic = new SubsonicService(
    new SubsonicRepository(deps),
    {
      catalog,
      likes: deps.services.likes,
      follows: deps.services.follows,
      plays: deps.services.plays,
      playlists: deps.services.playlists,
      search: deps.services.search,
      related: deps.services.related,
    },
    deps.config.publicUrl,
    {
      catalog: deps.caches.subsonicCatalog,
      genres: deps.caches.subsonicGenres,
      cards: deps.caches.subsonicCards,
      songBlocks: deps.caches.subsonicSongBlocks,
    },
    deps.transcoder.available ? deps.config.transcoding : null,
    RANKING_CACHE_MS,
  );

  // Whether ffmpeg is there is settled at start.
  const extensions = extensionsOf(deps.transcoder.available);
  /** What responds without credentials (OpenSubsonic asks it of the extensions list). */
  const openResponders: Record<string, RespondOpen> = {
    getOpenSubsonicExtensions: () => extensions,
  };
  const responders: Record<string, Respond> = {
    ping: () => ({}),
    // apiKeyAuthentication: an app signed in by key learns whose it is.
    tokenInfo: (caller) => ({ tokenInfo: { username: caller.email } }),
    getLicense: (caller) => ({ license: { valid: true, email: caller.email } }),
    getMusicFolders: () => subsonic.musicFolders(),
    getScanStatus: () => subsonic.scanStatus(),
    startScan: () => subsonic.scanStatus(),
    getIndexes: (caller, params) => subsonic.indexes(caller, params),
    getMusicDirectory: (caller, params) => subsonic.musicDirectory(caller, params),
    getArtists: (caller, params) => subsonic.artists(caller, formatOf(params)),
    getArtist: (caller, params) => subsonic.artist(caller, params),
    getAlbum: (caller, params) => subsonic.album(caller, params),
    getSong: (caller, params) => subsonic.song(caller, params),
    getAlbumList: (caller, params) => subsonic.albumList(caller, params),
    getAlbumList2: (caller, params) => subsonic.albumList2(caller, params),
    getGenres: (_caller, params) => subsonic.genres(formatOf(params)),
    getRandomSongs: (caller, params) => subsonic.randomSongs(caller, params),
    getSongsByGenre: (caller, params) => subsonic.songsByGenre(caller, params),
    search2: (caller, params) => subsonic.search2(caller, params),
    search3: (caller, params) => subsonic.search3(caller, params),
    star: (caller, params) => subsonic.star(caller, params, true),
    unstar: (caller, params) => subsonic.star(caller, params, false),
    getStarred: (caller) => subsonic.starred(caller),
    getStarred2: (caller, params) => subsonic.starred2(caller, formatOf(params)),
    // Counted per network as the web player's plays are: an IPv6 client holds a whole /64.
    scrobble: (caller, params, request) =>
      subsonic.scrobble(caller, params, addressBucket(request.ip)),
    getNowPlaying: (caller) => subsonic.nowPlayingOf(caller),
    getPlaylists: (caller) => subsonic.playlists(caller),
    getPlaylist: (caller, params) => subsonic.playlist(caller, params.id()),
    createPlaylist: (caller, params) => subsonic.createPlaylist(caller, params),
    updatePlaylist: (caller, params) => subsonic.updatePlaylist(caller, params),
    deletePlaylist: (caller, params) => subsonic.deletePlaylist(caller, params),
    getUser: (caller, params) => subsonic.user(caller, params),
    getTopSongs: (caller, params) => subsonic.topSongs(caller, params),
    getSimilarSongs: (caller, params) => subsonic.similarSongs(caller, params),
    getSimilarSongs2: (caller, params) => subsonic.similarSongs2(caller, params),
    getArtistInfo: (caller, params) => subsonic.artistInfo(caller, params),
    getArtistInfo2: (caller, params) => subsonic.artistInfo2(caller, params),
    getAlbumInfo: (caller, params) => subsonic.albumInfo(caller, params),
    getAlbumInfo2: (caller, params) => subsonic.albumInfo(caller, params),
    getPlayQueue: (caller) => subsonic.playQueue(caller),
    savePlayQueue: (caller, params) => subsonic.savePlayQueue(caller, params),
    getInternetRadioStations: () => ({ internetRadioStations: {} }),
    // Subsonic's own lyrics call (DSub, Ultrasonic), by artist and title: Chorus keeps none, so
    // the answer is no lyrics, as getLyricsBySongId's empty list, rather than an unknown method.
    getLyrics: () => ({ lyrics: {} }),
    getLyricsBySongId: async (_caller, params) => {
      await catalog.getSong(params.id());
      return { lyricsList: {} };
    },
  };

  const sendOriginal = (
    request: FastifyRequest,
    reply: FastifyReply,
    audio: { key: string; mime: string },
    contentDisposition?: string,
  ) =>
    deps.mediaSender.send(request, reply, audio.key, {
      contentType: audio.mime,
      etag: `"${hashOfKey(audio.key) ?? audio.key}"`,
      cacheControl: 'private, no-cache',
      redirect: true,
      contentDisposition,
    });
  const stream: Sender = async (_caller, params, request, reply) => {
    const audio = await catalog.streamable(params.id());
    const plan = streamPlan(
      {
        format: params.get('format'),
        maxBitRate: params.get('maxBitRate'),
        timeOffset: params.get('timeOffset'),
      },
      deps.config.transcoding,
      audio,
    );
    // Without ffmpeg every song goes out as stored, whatever was asked.
    if (plan.kind === 'original' || !deps.transcoder.available) {
      return sendOriginal(request, reply, audio);
    }
    return deps.transcoder.send(request, reply, audio, plan.plan, {
      cacheControl: 'private, no-cache',
    });
  };
  const senders: Record<string, Sender> = {
    stream,
    // A download is the stored file, whatever `format` says (as in Subsonic), saved under the
    // song's title by a browser or an app that asks the response for a name.
    download: async (_caller, params, request, reply) => {
      const audio = await catalog.streamable(params.id());
      const extension = path.extname(audio.key).slice(1);
      return sendOriginal(request, reply, audio, attachment(audio.title, extension));
    },
    getCoverArt: async (_caller, params, request, reply) => {
      const id = params.required('id');
      // Cover art ids are the stored images' content hashes.
      if (!/^[a-f0-9]{64}$/.test(id))
        throw new SubsonicError(CODES.notFound, 'Cover art not found');
      const size = Number.parseInt(params.get('size') ?? '', 10);
      const width = coverWidth(Number.isFinite(size) ? size : undefined);
      return deps.mediaSender.send(request, reply, imageVariantKey(id, width), {
        contentType: 'image/webp',
        etag: `"${id}-${width}"`,
        cacheControl: 'public, max-age=31536000, immutable',
      });
    },
  };
  const handle = async (request: FastifyRequest, reply: FastifyReply, method: string) => {
    const params = Params.from(request.query, request.body);
    const format = formatOf(params);
    const name = method.replace(/\.view$/, '');
    let sending = false;
    // Refusals before the callback is known (a wrong one among them) go out as plain JSON.
    let callback: string | null = null;
    try {
      callback = jsonpCallbackOf(params);
      const respondOpen = Object.hasOwn(openResponders, name) ? openResponders[name] : undefined;
      const respond = Object.hasOwn(responders, name) ? responders[name] : undefined;
      const sender = Object.hasOwn(senders, name) ? senders[name] : undefined;
      if (respondOpen) return sendResponse(reply, format, await respondOpen(params), callback);
      if (sender) {
        const caller = await auth.authenticate(params, request.ip);
        sending = true;
        return await sender(caller, params, request, reply);
      }
      if (respond) {
        const caller = await auth.authenticate(params, request.ip);
        return sendResponse(reply, format, await respond(caller, params, request), callback);
      }
      throw new SubsonicError(
        CODES.notFound,
        `Unknown or unsupported method: ${name.slice(0, 60)}`,
      );
    } catch (error) {
      // Past the bound of running transcodes the response is an HTTP 429 with Retry-After, which
      // players wait on and retry; a Subsonic error would end playback.
      if (sending && error instanceof AppError && error.statusCode === 429) throw error;
      const refusal = asSubsonicError(error);
      if (!refusal) throw error;
      return sendResponse(reply, format, refusal, callback);
    }
  };

  const MethodParams = Type.Object({ method: Type.String({ maxLength: 60 }) });
  // Form bodies in their own scope, so the JSON routes never accept them.
  await app.register(async (scope) => {
    // On every answer of the scope, Fastify's own refusals (a body too large, an unknown type)
    // among them, so a browser app reads those too.
    scope.addHook('onRequest', (_request, reply, done) => {
      reply.headers(CROSS_ORIGIN_HEADERS);
      done();
    });
    // Refusals before a call is handled (a NUL in a parameter, a body too large) are Subsonic
    // errors too, in the format asked for, so an app shows their message rather than failing to
    // read the answer. A transcode past its bound stays an HTTP 429, which players wait on and
    // retry, and a fault or a 503 (with its Retry-After) goes on to the server's own handler.
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      const refusal = refusalOf(error, request);
      if (!refusal || refusal.status === 429 || refusal.status >= 500) throw error;
      const params = Params.from(request.query, request.body);
      let callback: string | null = null;
      try {
        callback = jsonpCallbackOf(params);
      } catch {
        // A wrong callback: the refusal goes out as plain JSON, as in `handle`.
      }
      const answer = refusalAsSubsonic(refusal.status, refusal.message);
      return sendResponse(reply, formatOf(params), answer, callback);
    });
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => {
        const fields: Record<string, string[]> = {};
        for (const [key, value] of new URLSearchParams(String(body))) {
          const values = fields[key] ?? [];
          values.push(value);
          fields[key] = values;
        }
        done(null, fields);
      },
    );
    for (const method of ['GET', 'POST'] as const) {
      scope.route({
        method,
        url: '/rest/:method',
        config: { policy: 'subsonic', inputEntries: PARAMETER_VALUES },
        schema: {
          tags: ['subsonic'],
          summary: 'The OpenSubsonic API (server/modules/subsonic/README.md)',
          params: MethodParams,
          hide: true,
        },
        handler: (request, reply) =>
          handle(request, reply, (request.params as { method: string }).method),
      });
    }
    // The preflight of a form POST or of a call with headers of its own, from a browser app.
    scope.route({
      method: 'OPTIONS',
      url: '/rest/:method',
      config: { policy: 'subsonic' },
      schema: { tags: ['subsonic'], params: MethodParams, hide: true },
      handler: (request, reply) =>
        reply
          .status(204)
          .header('access-control-allow-methods', 'GET, POST')
          .header(
            'access-control-allow-headers',
            request.headers['access-control-request-headers'] ?? 'content-type',
          )
          .header('access-control-max-age', '86400')
          .send(),
    });
  });

  const AppKeyState = Type.Object({
    hasKey: Type.Boolean(),
    createdAt: Type.Union([Type.String(), Type.Null()]),
  });
  app.get(
    '/api/me/app-key',
    {
      config: { policy: 'listener' },
      schema: {
        tags: ['subsonic'],
        summary: 'Whether the caller has an app key for Subsonic apps (never the key)',
        response: { 200: AppKeyState },
      },
    },
    (request) => appKeys.state(requireCaller(request).userId),
  );
  app.post(
    '/api/me/app-key',
    {
      config: { policy: 'listener' },
      schema: {
        tags: ['subsonic'],
        summary:
          'Create an app key (replacing any earlier one); the response is the only time it shows',
        response: { 200: Type.Object({ appKey: Type.String(), createdAt: Type.String() }) },
      },
    },
    (request) => appKeys.create(requireCaller(request).userId),
  );
  app.delete(
    '/api/me/app-key',
    {
      config: { policy: 'listener' },
      schema: {
        tags: ['subsonic'],
        summary: 'Revoke the app key: apps signed in with it stop working',
        response: { 200: AppKeyState },
      },
    },
    (request) => appKeys.revoke(requireCaller(request).userId),
  );
}
