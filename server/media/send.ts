import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../lib/errors.ts';
import type { MediaStore } from './media-store.ts';
import { parseRange } from './range.ts';

export interface SendOptions {
  contentType: string;
  /** A strong validator; content-addressed keys use their hash. */
  etag: string;
  cacheControl: string;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Answers with a stored object, honouring conditional requests and single byte ranges: 200, 206,
 * 304 or 416. Ranges are what let audio seek without downloading the whole file.
 */
export async function sendMedia(
  request: FastifyRequest,
  reply: FastifyReply,
  store: MediaStore,
  key: string,
  options: SendOptions,
): Promise<FastifyReply> {
  const stat = await store.stat(key);
  if (!stat) throw notFound('The media file is missing');
  const size = stat.size;

  reply.header('accept-ranges', 'bytes');
  reply.header('etag', options.etag);
  reply.header('cache-control', options.cacheControl);
  reply.header('content-type', options.contentType);

  if (matchesEtag(request.headers['if-none-match'], options.etag)) {
    return reply.status(304).send();
  }

  // If-Range: a range is only valid against the same bytes; otherwise send them all.
  const ifRange = request.headers['if-range'] as string | undefined;
  const rangeHeader =
    ifRange && !matchesEtag(ifRange, options.etag) ? undefined : request.headers.range;
  const range = parseRange(rangeHeader, size);

  if (range.kind === 'unsatisfiable') {
    reply.header('content-range', `bytes */${size}`);
    return reply
      .status(416)
      .type('application/json')
      .send({ message: `The requested range is outside the file (${size} bytes)` });
  }

  // HEAD answers with GET's headers and no body. Fastify's HEAD route sets Content-Length 0 for
  // an absent body, but keeps the length set here when the body is an (empty) stream.
  const isHead = request.method === 'HEAD';
  if (range.kind === 'partial') {
    reply.status(206);
    reply.header('content-range', `bytes ${range.start}-${range.end}/${size}`);
    reply.header('content-length', range.end - range.start + 1);
    return reply.send(isHead ? Readable.from([]) : store.read(key, range));
  }
  reply.header('content-length', size);
  return reply.send(isHead ? Readable.from([]) : store.read(key));
}
