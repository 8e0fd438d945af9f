import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isClientRoute } from '../../contract/routes.ts';
import { PAGE_STATE_ID } from '../../web/ssr/page-state.ts';
import { BoundedMap } from '../lib/bounded-map.ts';
import type { ByteBudget } from '../lib/cache-budget.ts';
import { cacheOff } from '../lib/caches-off.ts';
import { accepts } from '../lib/content-coding.ts';
import { notFound } from '../lib/errors.ts';
import type { PageRenderer, RenderedPage } from '../modules/pages/server-pages.ts';
import { pageHints } from './page-hints.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.webmanifest', '.txt']);

interface CachedFile {
  body: Buffer;
  /** Made for one request (a rendered page): compressed quickly, and not cached. */
  dynamic?: boolean;
  gzip?: Buffer;
  brotli?: Buffer;
  type: string;
  compressible: boolean;
}

/**
 * What a cached file takes: its bytes, and for text its compressed copies, each well under half
 * of them (so twice the bytes is an upper bound).
 */
const weighFile = (file: CachedFile) => file.body.length * (file.compressible ? 2 : 1);

/**
 * Serves the built web app: hashed assets cached for a year, pages served as index.html
 * (status 404 for paths the app does not know, so it shows its own 404 page). Files are read and
 * compressed once, then cached within `budget`: the whole build is a megabyte or so, and a file
 * never changes while the server runs (a new build means a restart). Paths that name no file are
 * looked up each time, so asking for made-up paths cannot push the app's files out.
 */
export async function webAppRoutes(
  app: FastifyInstance,
  options: { webDir: string | null; render?: PageRenderer; budget: ByteBudget },
) {
  const files = new BoundedMap<string, CachedFile>(options.budget, weighFile);
  const hints = pageHints(options.webDir);

  function load(relative: string): CachedFile | null {
    const cached = cacheOff('web-app-files') ? undefined : files.get(relative);
    if (cached) return cached;
    let file: CachedFile | null = null;
    if (options.webDir) {
      const full = path.join(options.webDir, relative);
      if (
        full.startsWith(options.webDir + path.sep) &&
        fs.existsSync(full) &&
        fs.statSync(full).isFile()
      ) {
        const ext = path.extname(full);
        file = {
          body: fs.readFileSync(full),
          type: TYPES[ext] ?? 'application/octet-stream',
          compressible: COMPRESSIBLE.has(ext),
        };
      }
    }
    if (file && !cacheOff('web-app-files')) files.set(relative, file);
    return file;
  }

  function send(request: FastifyRequest, reply: FastifyReply, file: CachedFile): FastifyReply {
    reply.type(file.type);
    if (file.compressible) {
      // A rendered page is for the caller its cookie names alone.
      reply.header('vary', file.dynamic ? 'accept-encoding, cookie' : 'accept-encoding');
      const accepted = request.headers['accept-encoding'];
      if (file.dynamic) {
        if (accepts(accepted, 'gzip')) {
          return reply
            .header('content-encoding', 'gzip')
            .send(zlib.gzipSync(file.body, { level: 6 }));
        }
        return reply.send(file.body);
      }
      if (accepts(accepted, 'br')) {
        file.brotli ??= zlib.brotliCompressSync(file.body);
        return reply.header('content-encoding', 'br').send(file.brotli);
      }
      if (accepts(accepted, 'gzip')) {
        file.gzip ??= zlib.gzipSync(file.body, { level: 9 });
        return reply.header('content-encoding', 'gzip').send(file.gzip);
      }
    }
    return reply.send(file.body);
  }

  /** index.html with a server-rendered page in `#root`, its state beside it and its title. */
  function rendered(index: CachedFile, page: RenderedPage): CachedFile | null {
    const html = index.body.toString('utf8');
    const root = '<div id="root"></div>';
    if (!html.includes(root)) return null;
    const body = html
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(page.title)}</title>`)
      .replace(
        root,
        () =>
          `<div id="root">${page.html}</div><script id="${PAGE_STATE_ID}" type="application/json">${page.state}</script>`,
      );
    return { body: Buffer.from(body), type: index.type, compressible: true, dynamic: true };
  }

  /** The caller's page rendered by the server, or null for the static shell (see serverPages). */
  async function renderFor(
    request: FastifyRequest,
    index: CachedFile,
  ): Promise<CachedFile | 'missing' | null> {
    if (!options.render) return null;
    try {
      const page = await options.render(request, request.url);
      if (page === 'missing') return page;
      return page ? rendered(index, page) : null;
    } catch (error) {
      // The browser renders the page itself, as it does for every page the server does not render.
      request.log.error({ err: error }, 'server rendering failed');
      return null;
    }
  }

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const rawPath = request.url.split('?')[0] ?? '/';
    let pathname: string;
    try {
      pathname = decodeURIComponent(rawPath);
    } catch {
      pathname = rawPath;
    }
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      throw notFound(`No API route ${request.method} ${rawPath}`);
    }
    if (pathname !== '/' && !pathname.includes('..') && path.extname(pathname)) {
      const asset = load(pathname.slice(1));
      if (asset) {
        reply.header(
          'cache-control',
          pathname.startsWith('/assets/')
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=3600',
        );
        return send(request, reply, asset);
      }
    }
    const index = load('index.html');
    if (!index) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet. Run `npm run build` (npm start does this for you).');
    }
    const known = isClientRoute(pathname);
    const outcome = known ? await renderFor(request, index) : null;
    // A rendered page, or a missing one, depends on its caller: stored by the browser only, and
    // per cookie.
    reply.header('cache-control', outcome ? 'private, no-cache' : 'no-cache');
    // Its data is in the page already, or there is none to fetch: only its code is worth a hint.
    const links = hints(pathname, { data: outcome === null });
    if (links.length > 0) reply.header('link', links.join(', '));
    reply.status(known && outcome !== 'missing' ? 200 : 404);
    return send(request, reply, outcome === 'missing' ? index : (outcome ?? index));
  };

  app.get('/', { config: { policy: 'public' }, schema: { hide: true } }, handler);
  app.get('/*', { config: { policy: 'public' }, schema: { hide: true } }, handler);
}

/** Text for an HTML element's content: a name may hold `<` or `&`. */
function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
