/**
 * The upload pipeline shared by the admin forms and the folder import.
 *
 * Every byte goes to a staging file while it is hashed and counted (nothing is held whole in
 * memory), the content is identified by its bytes (never by the file name or the declared type),
 * audio is probed and refused when no browser could play it (unless ffmpeg can transcode it), images get their variants, and a
 * `MediaBatch` remembers what it stored so a failure anywhere later can take it all back.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { IAudioMetadata } from 'music-metadata';
import {
  imageTypeProblem,
  MAX_AUDIO_BYTES,
  tooLargeMessage,
  UPLOAD_LIMITS,
} from '../../contract/rules/catalog.ts';
import {
  AppError,
  badRequest,
  payloadTooLarge,
  unprocessable,
  unsupportedMediaType,
} from '../lib/errors.ts';
import { nulPath, nulRefused } from '../lib/input-shape.ts';
import { BROWSER_CONTAINERS, browserCodec, TRANSCODED_CONTAINERS } from './audio-formats.ts';
import type { MediaHolds } from './collector.ts';
import {
  checkImageSize,
  ImageDamaged,
  ImageRefused,
  imageHash,
  imagesWaiting,
  storeImage,
} from './images.ts';
import type { MediaCheck } from './media-checks.repository.ts';
import { audioKey, type MediaStore } from './media-store.ts';

export interface StagedFile {
  path: string;
  size: number;
  /** SHA-256 of the bytes, hex. */
  hash: string;
  /** The name the sender gave, for messages and default titles only. */
  filename: string;
  /** The first bytes, kept while streaming so the type can be sniffed without reading again. */
  head: Buffer;
  /** For files that open with an ID3v2 tag: the first bytes after it, where the audio starts. */
  afterTag: Buffer | null;
}

/** `file-type` needs at most this many leading bytes to identify the formats Chorus takes. */
const HEAD_BYTES = 4100;

/** What a busy server asks an image upload to wait before it tries again. */
const IMAGE_BUSY_RETRY_SECONDS = 5;

class SizeLimitError extends Error {}

/**
 * Collects up to HEAD_BYTES contiguous bytes of a stream from byte `start`. `take` may be handed
 * overlapping pieces: it only ever takes the next byte it lacks, so nothing is taken twice.
 */
class ByteWindow {
  private readonly parts: Buffer[] = [];
  private collected = 0;
  constructor(readonly start: number) {}
  get length(): number {
    return this.collected;
  }
  take(chunk: Buffer, offset: number): void {
    if (this.collected >= HEAD_BYTES) return;
    const from = this.start + this.collected;
    if (offset > from || offset + chunk.length <= from) return;
    const part = chunk.subarray(from - offset, from - offset + HEAD_BYTES - this.collected);
    this.parts.push(Buffer.from(part));
    this.collected += part.length;
  }
  bytes(): Buffer {
    return this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts);
  }
}

/** Where an ID3v2 tag at the start of `head` ends, or null when there is none. */
function id3End(head: Buffer): number | null {
  if (head.length < 10 || head.toString('latin1', 0, 3) !== 'ID3') return null;
  const size =
    ((head[6]! & 0x7f) << 21) |
    ((head[7]! & 0x7f) << 14) |
    ((head[8]! & 0x7f) << 7) |
    (head[9]! & 0x7f);
  const footer = (head[5]! & 0x10) !== 0 ? 10 : 0;
  return 10 + size + footer;
}

/** Counts and hashes bytes on their way through, failing as soon as `limit` is passed. */
function meter(limit: number) {
  const hash = createHash('sha256');
  let size = 0;
  const head = new ByteWindow(0);
  // undefined: not known yet; null: no ID3 tag.
  let afterTag: ByteWindow | null | undefined;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const offset = size;
      size += chunk.length;
      if (size > limit) {
        done(new SizeLimitError());
        return;
      }
      hash.update(chunk);
      head.take(chunk, offset);
      // An ID3v2 tag (often holding a cover) can push the audio far past the head: find its end
      // from the 10-byte header and keep the bytes there too.
      if (afterTag === undefined && head.length >= 10) {
        const tagEnd = id3End(head.bytes());
        afterTag = tagEnd === null ? null : new ByteWindow(tagEnd);
        afterTag?.take(head.bytes(), 0);
      }
      afterTag?.take(chunk, offset);
      done(null, chunk);
    },
  });
  return {
    transform,
    result: () => ({
      size,
      hash: hash.digest('hex'),
      head: head.bytes(),
      afterTag: afterTag ? afterTag.bytes() : null,
    }),
  };
}

/**
 * Streams `source` into a fresh staging file, hashing and counting it. Throws 413 past `limit`,
 * naming `field` (the form field the file came in) so a form shows it there, and removes the
 * partial file on any failure.
 */
export async function stageStream(
  media: MediaStore,
  source: Readable,
  options: { limit: number; kind: 'audio' | 'image'; filename: string; field?: string },
): Promise<StagedFile> {
  const target = media.stagingPath(options.kind === 'audio' ? '.audio' : '.image');
  const counter = meter(options.limit);
  const file = fs.createWriteStream(target);
  try {
    await pipeline(source, counter.transform, file);
  } catch (error) {
    // A file still opening when the upload failed is created once its open completes: remove it
    // only after the stream has closed, or it would outlive the removal.
    if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
    await fsp.rm(target, { force: true });
    if (error instanceof SizeLimitError || isMultipartSizeError(error)) {
      // The rest of the upload is not wanted; drain it so the connection can respond cleanly.
      source.resume();
      throw payloadTooLarge(tooLargeMessage(options.kind, options.limit), options.field);
    }
    throw error;
  }
  const { size, hash, head, afterTag } = counter.result();
  return { path: target, size, hash, head, afterTag, filename: options.filename };
}

function isMultipartSizeError(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
}

/** Copies a file from disk into staging (the import's way in), hashing it on the way. */
export function stageLocalFile(
  media: MediaStore,
  file: string,
  filename: string,
): Promise<StagedFile> {
  return stageStream(media, fs.createReadStream(file), {
    limit: MAX_AUDIO_BYTES,
    kind: 'audio',
    filename,
  });
}

export async function discard(staged: StagedFile | null | undefined): Promise<void> {
  if (staged) await fsp.rm(staged.path, { force: true });
}

// ─── Audio ───────────────────────────────────────────────────────────────────

const BROWSER_FORMATS = 'MP3, AAC (M4A), Ogg Vorbis, Opus, FLAC or WAV';
const TRANSCODED_FORMATS =
  'MP3, AAC or ALAC (M4A), Ogg Vorbis, Opus, FLAC, WAV, AIFF, WMA, WavPack, APE or Musepack';

/**
 * Which audio an upload may be: what browsers play, and with ffmpeg (`transcodes`) also what the
 * web player gets through a transcode.
 */
export interface AudioAcceptance {
  transcodes: boolean;
}

/** The formats named in refusals. */
export function acceptedFormats(accept: AudioAcceptance): string {
  return accept.transcodes ? TRANSCODED_FORMATS : BROWSER_FORMATS;
}

/** Shorter than this is not a song but a broken or empty file. */
const MIN_DURATION_SECONDS = 0.5;

export interface AudioTags {
  title: string | null;
  artists: string[];
  album: string | null;
  albumArtist: string | null;
  trackNumber: number | null;
  year: number | null;
  genre: string | null;
  picture: Buffer | null;
}

export interface AudioInfo {
  extension: string;
  mime: string;
  codec: string;
  /** Bits per second, when the container says. */
  bitrate: number | null;
  /** Whole seconds, at least 1. */
  duration: number;
  tags: AudioTags;
}

function cleanText(value: string | undefined | null, max = 200): string | null {
  const trimmed = value?.replace(/\s+/g, ' ').trim();
  return trimmed ? trimmed.slice(0, max) : null;
}

function tagsOf(metadata: IAudioMetadata): AudioTags {
  const common = metadata.common;
  const artists = (
    common.artists && common.artists.length > 0
      ? common.artists
      : common.artist
        ? [common.artist]
        : []
  )
    .map((name) => cleanText(name))
    .filter((name): name is string => name !== null);
  const picture = common.picture?.[0]?.data;
  return {
    title: cleanText(common.title),
    artists: [...new Set(artists)],
    album: cleanText(common.album),
    albumArtist: cleanText(common.albumartist),
    trackNumber: common.track?.no && common.track.no > 0 ? common.track.no : null,
    year: common.year && common.year > 0 && common.year < 10_000 ? common.year : null,
    genre: cleanText(common.genre?.[0], 60),
    picture: picture && picture.length > 0 ? Buffer.from(picture) : null,
  };
}

export async function sniffAudio(
  staged: StagedFile,
  accept: AudioAcceptance,
): Promise<{ extension: string; mime: string }> {
  const formats = acceptedFormats(accept);
  if (staged.size === 0) throw badRequest('The audio file is empty', 'audioFile');
  // Past an ID3 tag the audio itself says what it is; the head alone would only say "ID3".
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(
    staged.afterTag && staged.afterTag.length > 0 ? staged.afterTag : staged.head,
  );
  if (!type) {
    throw unsupportedMediaType(
      `The audio file is not a recognised audio format. Please upload ${formats}.`,
      'audioFile',
    );
  }
  const mime = BROWSER_CONTAINERS[type.ext];
  if (mime) return { extension: type.ext === 'oga' ? 'ogg' : type.ext, mime };
  const transcoded = TRANSCODED_CONTAINERS[type.ext];
  if (transcoded && accept.transcodes) return transcoded;
  if (type.mime.startsWith('audio/')) {
    throw unprocessable(
      `${cannotPlay(type.ext.toUpperCase(), accept)} Please upload ${formats}.`,
      'audioFile',
    );
  }
  throw unsupportedMediaType(
    `The audio file is not audio (it looks like a ${type.ext.toUpperCase()} file). Please upload ${formats}.`,
    'audioFile',
  );
}

/** Why audio of a kind is refused: browsers cannot play it, and ffmpeg is absent or cannot either. */
function cannotPlay(what: string, accept: AudioAcceptance): string {
  return accept.transcodes
    ? `Chorus cannot play ${what} audio.`
    : `Browsers cannot play ${what} audio, and this server has no ffmpeg to convert it.`;
}

/**
 * Identifies staged audio by its bytes and probes it. Throws 400 for an empty file, 415 for
 * something that is not audio, and 422 for audio that is damaged or that browsers cannot play.
 */
export async function inspectAudio(
  staged: StagedFile,
  accept: AudioAcceptance,
  sniffed?: { extension: string; mime: string },
): Promise<AudioInfo> {
  const { extension, mime } = sniffed ?? (await sniffAudio(staged, accept));
  // The probes load with the first upload: most starts never see one.
  const { parseFile } = await import('music-metadata');
  let metadata: IAudioMetadata;
  try {
    metadata = await parseFile(staged.path, { duration: true, skipCovers: false });
  } catch {
    throw unprocessable('The audio file is damaged and cannot be read', 'audioFile');
  }
  const format = metadata.format;
  const codec = format.codec ?? '';
  // ffmpeg decodes whatever the probe could read; without it only what browsers play is taken.
  if (!accept.transcodes && !browserCodec(codec)) {
    throw unprocessable(
      `${cannotPlay(codec || 'this', accept)} Please upload ${acceptedFormats(accept)}.`,
      'audioFile',
    );
  }
  const duration = format.duration;
  if (!duration || !Number.isFinite(duration) || duration < MIN_DURATION_SECONDS) {
    throw unprocessable(
      'The audio file is damaged or incomplete: it holds no playable sound',
      'audioFile',
    );
  }
  const bitrate =
    format.bitrate && Number.isFinite(format.bitrate) ? Math.round(format.bitrate) : null;
  // A header that promises far more sound than the file holds means the file was cut short.
  if (bitrate && format.codec && !/FLAC|Vorbis|Opus/i.test(format.codec)) {
    const expected = (duration * bitrate) / 8;
    if (staged.size < expected * 0.5) {
      throw unprocessable('The audio file is incomplete (it was cut short)', 'audioFile');
    }
  }
  return {
    extension,
    mime,
    codec,
    bitrate,
    duration: Math.max(1, Math.round(duration)),
    tags: tagsOf(metadata),
  };
}

// ─── Images ──────────────────────────────────────────────────────────────────

/**
 * Uploaded images that may wait for their turn to be decoded, each held in memory whole (up to
 * 5 MB): past this, an upload is told to come back rather than add to what the server holds.
 */
const MAX_WAITING_IMAGES = 4;

/**
 * Reads a staged image (at most 5 MB, so reading it whole is fine) after sniffing its type; 503
 * with `Retry-After` while MAX_WAITING_IMAGES images already wait to be decoded. `field` is the
 * form field it came in, which a refusal names.
 */
export async function readImage(staged: StagedFile, field: string): Promise<Buffer> {
  if (staged.size === 0) throw badRequest('The image file is empty', field);
  const { fileTypeFromBuffer } = await import('file-type');
  // The type the bytes show is held to the rule the forms hold the browser's word for it to.
  const type = await fileTypeFromBuffer(staged.head);
  const problem = imageTypeProblem({ type: type?.mime ?? '' });
  if (problem) {
    // Said as validation errors are: the field first, for callers that are not the forms.
    throw unsupportedMediaType(`${field}: ${problem}`, field);
  }
  if (imagesWaiting() >= MAX_WAITING_IMAGES) {
    throw new AppError(
      503,
      'Chorus is busy processing other images. Please try again in a few seconds.',
      field,
      { 'retry-after': String(IMAGE_BUSY_RETRY_SECONDS) },
    );
  }
  return fsp.readFile(staged.path);
}

// ─── Storing, with a way back ────────────────────────────────────────────────

/**
 * What one upload or import stores. Keys are content-addressed, so bytes already in the store
 * may belong to someone else: every object is held (MediaHolds) before it is looked up or
 * stored, which keeps the media collector from deleting it while the upload relies on it, and
 * `rollback` releases what the batch held, deleting it at once only when no other upload holds
 * it and no row refers to it.
 */
export class MediaBatch {
  private readonly held: MediaCheck[] = [];
  private readonly staged: StagedFile[] = [];

  constructor(
    readonly media: MediaStore,
    private readonly holds: MediaHolds,
  ) {}

  /** Staging files to remove when the batch ends, whatever happens. */
  track(staged: StagedFile | null | undefined): void {
    if (staged) this.staged.push(staged);
  }

  private async hold(check: MediaCheck): Promise<void> {
    await this.holds.hold(check);
    this.held.push(check);
  }

  async storeAudio(staged: StagedFile, info: AudioInfo): Promise<string> {
    const key = audioKey(staged.hash, info.extension);
    await this.hold({ ref: key, kind: 'audio' });
    await this.media.putFile(key, staged.path);
    return key;
  }

  /**
   * Stores an image with its variants: 422 when the bytes do not decode as an image or declare
   * more pixels than Chorus decodes (the message says the limits).
   */
  async storeImage(bytes: Buffer): Promise<string> {
    const hash = imageHash(bytes);
    try {
      // Refused images cost no write: their size is checked before anything is held.
      await checkImageSize(bytes);
      await this.hold({ ref: hash, kind: 'image' });
      return await storeImage(this.media, bytes, hash);
    } catch (error) {
      if (error instanceof ImageRefused) throw unprocessable(error.message, 'imageFile');
      if (error instanceof ImageDamaged) {
        throw unprocessable('The image file is damaged and cannot be read', 'imageFile');
      }
      throw error;
    }
  }

  /** Removes the staging files; call when the batch is done (it succeeded or was rolled back). */
  async finish(): Promise<void> {
    await Promise.all(this.staged.map((file) => discard(file)));
    this.staged.length = 0;
  }

  /** Takes back everything this batch stored that nothing uses, and removes its staging files. */
  async rollback(): Promise<void> {
    await Promise.all(this.held.map((check) => this.holds.release(check)));
    this.held.length = 0;
    await this.finish();
  }
}

// ─── Multipart requests ──────────────────────────────────────────────────────

export interface FileRule {
  kind: 'audio' | 'image';
}

export interface ReceivedForm {
  fields: Record<string, string>;
  files: Record<string, StagedFile>;
}

/** `@fastify/multipart` options for routes that take uploads (per-file caps are enforced here). */
export const MULTIPART_OPTIONS = {
  limits: {
    fileSize: MAX_AUDIO_BYTES + 1,
    files: 4,
    fields: 20,
    fieldSize: 64 * 1024,
    parts: 30,
  },
};

/**
 * Reads a multipart request: text fields into `fields`, the expected files into staging (each
 * capped by its kind). Unexpected files are refused. The staged files are registered with
 * `batch`, so `batch.rollback()`/`finish()` removes them whatever happens next.
 */
export async function receiveForm(
  request: FastifyRequest,
  batch: MediaBatch,
  rules: Record<string, FileRule>,
): Promise<ReceivedForm> {
  if (!request.isMultipart()) throw unsupportedMediaType('The request must be multipart/form-data');
  let form: ReceivedForm;
  try {
    form = await readParts(request, batch, rules);
  } catch (error) {
    throw unreadableForm(error) ?? error;
  }
  const nul = nulPath(form.fields);
  if (nul !== null) throw nulRefused(nul, nul);
  return form;
}

/**
 * The multipart parser's own errors (no code): a body that is not the form its header announced
 * (no boundary, the wrong one, cut short). The sender can fix those, so they are a 400.
 */
function unreadableForm(error: unknown): AppError | null {
  if (!(error instanceof Error) || 'code' in error || !/multipart|boundary/i.test(error.message)) {
    return null;
  }
  return badRequest(
    `The upload could not be read (${error.message}); send the form again as multipart/form-data`,
  );
}

async function readParts(
  request: FastifyRequest,
  batch: MediaBatch,
  rules: Record<string, FileRule>,
): Promise<ReceivedForm> {
  const fields: Record<string, string> = {};
  const files: Record<string, StagedFile> = {};
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (typeof part.value === 'string' && !(part.fieldname in fields)) {
        fields[part.fieldname] = part.value;
      } else if (typeof part.value === 'string') {
        // Repeated fields (several artists) arrive as a comma-joined list.
        fields[part.fieldname] = `${fields[part.fieldname]},${part.value}`;
      }
      continue;
    }
    const file = part as MultipartFile;
    const rule = rules[file.fieldname];
    if (!rule || files[file.fieldname]) {
      file.file.resume();
      throw badRequest(`Unexpected file field ${file.fieldname}`, file.fieldname);
    }
    // An empty file input still sends a part with no name and no bytes: treat it as absent.
    if (!file.filename) {
      file.file.resume();
      continue;
    }
    const staged = await stageStream(batch.media, file.file, {
      limit: UPLOAD_LIMITS[rule.kind],
      kind: rule.kind,
      filename: file.filename,
      field: file.fieldname,
    });
    batch.track(staged);
    files[file.fieldname] = staged;
  }
  return { fields, files };
}

/**
 * Runs `work` with a fresh `MediaBatch`: on success the staging files are removed; on any
 * failure everything the batch stored is taken back before the error goes on.
 */
export async function withMediaBatch<T>(
  media: MediaStore,
  holds: MediaHolds,
  work: (batch: MediaBatch) => Promise<T>,
): Promise<T> {
  const batch = new MediaBatch(media, holds);
  try {
    const result = await work(batch);
    await batch.finish();
    return result;
  } catch (error) {
    await batch.rollback();
    throw error;
  }
}

/**
 * A boolean flag from an optional JSON body: the original client sends some toggles with no body
 * at all (flip), others with the new value. Anything else is a 400.
 */
export function optionalFlag(body: unknown, name: string): boolean | undefined {
  if (body === undefined || body === null || body === '') return undefined;
  if (typeof body !== 'object' || Array.isArray(body))
    throw badRequest('The body must be an object');
  const value = (body as Record<string, unknown>)[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw badRequest(`${name} must be true or false`, name);
  return value;
}
