import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { PassThrough, Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  type ListObjectsV2CommandOutput,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Settings } from '../config.ts';
import { BoundedMap } from '../lib/bounded-map.ts';
import { ByteBudget } from '../lib/cache-budget.ts';
import { AppError } from '../lib/errors.ts';
import {
  type MediaStat,
  type MediaStore,
  MediaStoreUnreachable,
  type SignedUrlOptions,
  stagingFileIn,
  sweepStaging,
} from './media-store.ts';

/** Parts of a multipart upload: S3 wants at least 5 MiB; songs rarely need more than a few. */
const PART_BYTES = 8 * 1024 * 1024;

/**
 * How long a signed URL is handed out again: signing costs more than the rest of a stream
 * request, and a player asks for the same song many times. A URL handed out is then valid for
 * at least `expiresSeconds` less this.
 */
const SIGNED_URL_REUSE_MS = 10 * 60_000;
/** About 2,000 signed URLs (a URL is some 500 characters). */
const SIGNED_URL_CACHE_BYTES = 1024 * 1024;
const SIGNED_URL_ENTRY_BYTES = 512;

export const STORAGE_UNAVAILABLE =
  'The media storage cannot be reached right now. Please try again in a minute.';

/** A storage fault the listener can do nothing about but retry: a 503, never a 500. */
function unavailable(): AppError {
  return new AppError(503, STORAGE_UNAVAILABLE, undefined, { 'retry-after': '30' });
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NotFound' ||
      error.name === 'NoSuchKey' ||
      error.$metadata.httpStatusCode === 404)
  );
}

/**
 * Media in an S3-compatible bucket (AWS, MinIO, Garage, R2…), under the same content-addressed
 * keys as the local store. Uploads are staged on local disk first (to hash, sniff and probe
 * them), then sent in parts.
 */
export class S3MediaStore implements MediaStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  private readonly signed = new BoundedMap<string, { url: string; at: number }>(
    new ByteBudget(SIGNED_URL_CACHE_BYTES),
    () => SIGNED_URL_ENTRY_BYTES,
  );

  constructor(
    settings: S3Settings,
    private readonly staging: string,
  ) {
    this.bucket = settings.bucket;
    // The SDK warns on Node 20 that its releases from 2027 need Node 22. The version Chorus is
    // built with runs on Node 20; the notice is for whoever upgrades it (package.json), not for
    // operators' logs.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
    });
    fs.mkdirSync(staging, { recursive: true, mode: 0o700 });
  }

  /** Stops with a clear message when the bucket cannot be reached with these settings. */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const reason =
        error instanceof S3ServiceException
          ? `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? '?'})`
          : error instanceof Error
            ? error.message
            : String(error);
      throw new MediaStoreUnreachable(`Cannot reach the S3 bucket "${this.bucket}": ${reason}`);
    }
  }

  stagingPath(suffix = ''): string {
    return stagingFileIn(this.staging, suffix);
  }

  sweepStaging(now?: number): Promise<number> {
    return sweepStaging(this.staging, now);
  }

  localPath(): null {
    return null;
  }

  async putFile(key: string, stagingFile: string): Promise<void> {
    try {
      if ((await this.stat(key)) === null) {
        const upload = new Upload({
          client: this.client,
          params: { Bucket: this.bucket, Key: key, Body: fs.createReadStream(stagingFile) },
          partSize: PART_BYTES,
          queueSize: 2,
          // A failed upload aborts its multipart upload, so no parts are left billed.
          leavePartsOnError: false,
        });
        await upload.done();
      }
    } catch (error) {
      throw error instanceof AppError ? error : unavailable();
    } finally {
      await fsp.rm(stagingFile, { force: true });
    }
  }

  async putBuffer(key: string, data: Buffer): Promise<void> {
    try {
      if ((await this.stat(key)) !== null) return;
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data }));
    } catch (error) {
      throw error instanceof AppError ? error : unavailable();
    }
  }

  /**
   * Asks the bucket every time: another instance's collector may have deleted the object, and an
   * upload of the same bytes must then store it again (redirected audio needs no stat at all).
   */
  async stat(key: string): Promise<MediaStat | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, mtimeMs: head.LastModified?.getTime() ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw unavailable();
    }
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    const out = new PassThrough();
    const request = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
    });
    this.client.send(request).then(
      (response) => {
        const source = response.Body;
        if (!(source instanceof Readable)) {
          out.destroy(new Error(`S3 sent no readable body for ${key}`));
          return;
        }
        source.on('error', (error) => out.destroy(error));
        out.on('close', () => source.destroy());
        source.pipe(out);
      },
      (error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))),
    );
    return out;
  }

  async signedUrl(key: string, options: SignedUrlOptions, now = Date.now()): Promise<string> {
    const cacheKey = `${key}\n${options.contentType}\n${options.cacheControl}\n${options.contentDisposition ?? ''}`;
    const cached = this.signed.get(cacheKey);
    const reuseMs = Math.min(SIGNED_URL_REUSE_MS, (options.expiresSeconds * 1000) / 6);
    if (cached && now - cached.at < reuseMs) return cached.url;
    const url = await getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ResponseContentType: options.contentType,
        ResponseCacheControl: options.cacheControl,
        ResponseContentDisposition: options.contentDisposition,
      }),
      { expiresIn: options.expiresSeconds },
    );
    this.signed.set(cacheKey, { url, at: now });
    return url;
  }

  async *list(prefix: string): AsyncIterable<string> {
    let token: string | undefined;
    do {
      let page: ListObjectsV2CommandOutput;
      try {
        page = await this.client.send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: prefix,
            ContinuationToken: token,
          }),
        );
      } catch {
        throw unavailable();
      }
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      token = page.NextContinuationToken;
    } while (token);
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (!isMissing(error)) throw unavailable();
    }
  }

  close(): void {
    this.client.destroy();
  }
}
