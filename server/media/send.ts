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
  /**
   * Whether a bucket may answer for Chorus with a signed URL (audio, where the bytes are many);
   * images are small and cached for good, so they always come through Chorus.
   */
  redirect?: boolean;
  /** `Content-Disposition` (a download's file name); none for what is played or shown. */
  contentDisposition?: string;
}

export interface DeliverySettings {
  /** Audio in a bucket goes out as a 302 to a signed URL (MEDIA_DELIVERY=redirect). */
  redirect: boolean;
  /** The proxy's internal location for the local media folder (MEDIA_ACCEL_REDIRECT). */
  accelRedirect: string | null;
}

/**
 * How long a signed URL works: long enough for a paused song to resume, short enough that a
 * copied link soon stops. The bucket's store hands a URL out again for up to 10 minutes, then
 * signs a new one (s3-store.ts).
 */
export const SIGNED_URL_SECONDS = 3600;

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Answers with stored media once the route has checked access: the bytes themselves (with
 * conditional requests and single byte ranges: 200, 206, 304 or 416), or a hand-off to whatever
 * can send them cheaper: a signed URL of the bucket, or the proxy's X-Accel-Redirect.
 */
export class MediaSender {
  constructor(
    private readonly store: MediaStore,
    private readonly delivery: DeliverySettings,
  ) {}

  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    options: SendOptions,
  ): Promise<FastifyReply> {
    if (options.redirect && this.delivery.redirect) {
      const url = await this.store.signedUrl(key, {
        contentType: options.contentType,
        cacheControl: options.cacheControl,
        expiresSeconds: SIGNED_URL_SECONDS,
        contentDisposition: options.contentDisposition,
      });
      if (url !== null) {
        // The redirect itself is never cached: its URL expires, and access is checked each time.
        reply.header('cache-control', 'private, no-store');
        return reply.redirect(url, 302);
      }
    }

    const stat = await this.store.stat(key);
    if (!stat) throw notFound('The media file is missing');
    const size = stat.size;

    reply.header('etag', options.etag);
    reply.header('cache-control', options.cacheControl);
    reply.header('content-type', options.contentType);
    if (options.contentDisposition) {
      reply.header('content-disposition', options.contentDisposition);
    }

    if (matchesEtag(request.headers['if-none-match'], options.etag)) {
      return reply.status(304).send();
    }

    if (this.delivery.accelRedirect !== null && this.store.localPath(key) !== null) {
      // The proxy answers Range and If-Range itself from the file, keeping the headers above.
      reply.header('x-accel-redirect', `${this.delivery.accelRedirect}${key}`);
      return reply.status(200).send();
    }

    reply.header('accept-ranges', 'bytes');

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
      return reply.send(isHead ? Readable.from([]) : this.store.read(key, range));
    }
    reply.header('content-length', size);
    return reply.send(isHead ? Readable.from([]) : this.store.read(key));
  }
}
