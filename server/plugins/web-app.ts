import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isClientRoute } from '../../contract/routes.ts';
import { notFound } from '../lib/errors.ts';
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
  gzip?: Buffer;
  brotli?: Buffer;
  type: string;
  compressible: boolean;
}

/**
 * Serves the built web app: hashed assets cached for a year, pages answered with index.html
 * (status 404 for paths the app does not know, so it shows its own 404 page). Files are read
 * and compressed once, then kept in memory: the whole build is a few hundred kilobytes.
 */
export async function webAppRoutes(app: FastifyInstance, options: { webDir: string | null }) {
  const cache = new Map<string, CachedFile | null>();
  const hints = pageHints(options.webDir);

  function load(relative: string): CachedFile | null {
    if (cache.has(relative)) return cache.get(relative)!;
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
    cache.set(relative, file);
    return file;
  }

  function send(request: FastifyRequest, reply: FastifyReply, file: CachedFile): FastifyReply {
    reply.type(file.type);
    if (file.compressible) {
      reply.header('vary', 'accept-encoding');
      const accepted = String(request.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accepted)) {
        file.brotli ??= zlib.brotliCompressSync(file.body);
        return reply.header('content-encoding', 'br').send(file.brotli);
      }
      if (/\bgzip\b/.test(accepted)) {
        file.gzip ??= zlib.gzipSync(file.body, { level: 9 });
        return reply.header('content-encoding', 'gzip').send(file.gzip);
      }
    }
    return reply.send(file.body);
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
    reply.header('cache-control', 'no-cache');
    const links = hints(pathname);
    if (links.length > 0) reply.header('link', links.join(', '));
    reply.status(isClientRoute(pathname) ? 200 : 404);
    return send(request, reply, index);
  };

  app.get('/', { config: { policy: 'public' }, schema: { hide: true } }, handler);
  app.get('/*', { config: { policy: 'public' }, schema: { hide: true } }, handler);
}
