/**
 * Transcodes stored audio with ffmpeg for listeners: the Subsonic `stream` call and the web
 * player's songs in formats browsers cannot play.
 *
 * A transcode writes to a file in the cache's staging folder as fast as ffmpeg goes, and every
 * listener of it reads that growing file at its own pace, from the first bytes on. A whole-song
 * transcode that finishes is renamed into the cache (TranscodeCache), where a second play and
 * Range requests find it; a seeking one (`timeOffset`) is removed once read.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { EventEmitter, once } from 'node:events';
import type { FileHandle } from 'node:fs/promises';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, tooManyRequests } from '../lib/errors.ts';
import {
  ENCODINGS,
  encodableFormats,
  ffmpegArguments,
  type TranscodeFormat,
  type TranscodePlan,
} from './ffmpeg.ts';
import { hashOfKey, type MediaStore } from './media-store.ts';
import { MediaSender, SIGNED_URL_SECONDS } from './send.ts';
import { type TranscodeCache, transcodeKey } from './transcode-cache.ts';

/** How long ffmpeg gets between signs of progress (its first byte included) before it is stopped. */
const STALL_MS = 20_000;
/** How long ffmpeg gets to stop after SIGTERM before SIGKILL. */
const KILL_GRACE_MS = 2_000;
/** What a refused listener is asked to wait before trying again. */
const BUSY_RETRY_SECONDS = 5;
/** Reads of a growing transcode, at most this much at a time. */
const READ_CHUNK = 64 * 1024;
/** The last words of ffmpeg's error output kept for the log. */
const STDERR_KEEP = 2_000;

export interface TranscoderSettings {
  /** The ffmpeg found (locateFfmpeg), or null: then only originals are served. */
  ffmpeg: string | null;
  maxProcesses: number;
}

export interface TranscodeSource {
  /** The song's audio key in the media store. */
  key: string;
}

export interface TranscodeReplyOptions {
  /** Cache-Control of a response from the cache (a live transcode is never cached by clients). */
  cacheControl: string;
}

/** One ffmpeg run and the file it writes, shared by every listener of the same transcode. */
class LiveTranscode {
  /** Bytes of the file written so far; readers never read past them. */
  written = 0;
  finished = false;
  failure: AppError | null = null;
  listeners = 0;
  /** Set when its last listener left and ffmpeg was told to stop: nobody joins it then. */
  abandoned = false;
  readonly progress = new EventEmitter();
  readonly done: Promise<void>;
  private settle!: () => void;

  constructor(
    readonly file: FileHandle,
    readonly stagingFile: string,
    readonly process: ChildProcess,
    /** Where the finished file goes, or null when it is dropped once read. */
    readonly cacheKey: string | null,
  ) {
    this.progress.setMaxListeners(0);
    this.done = new Promise((resolve) => {
      this.settle = resolve;
    });
  }

  grew(bytes: number): void {
    this.written += bytes;
    this.progress.emit('progress');
  }

  end(failure: AppError | null): void {
    if (this.finished || this.failure) return;
    if (failure) this.failure = failure;
    else this.finished = true;
    this.progress.emit('progress');
    this.settle();
  }

  get running(): boolean {
    return this.process.exitCode === null && this.process.signalCode === null;
  }

  /** A reader of the file from its first byte, which waits for bytes not yet written. */
  follow(): Readable {
    this.listeners++;
    let position = 0;
    let reading = false;
    const job = this;
    const stream = new Readable({
      highWaterMark: READ_CHUNK,
      read() {
        if (reading) return;
        reading = true;
        void pump();
      },
      destroy(error, callback) {
        job.release();
        callback(error);
      },
    });
    const pump = async (): Promise<void> => {
      while (!stream.destroyed) {
        if (position < job.written) {
          const buffer = Buffer.allocUnsafe(Math.min(READ_CHUNK, job.written - position));
          let bytesRead: number;
          try {
            ({ bytesRead } = await job.file.read(buffer, 0, buffer.length, position));
          } catch (error) {
            stream.destroy(error instanceof Error ? error : new Error(String(error)));
            return;
          }
          position += bytesRead;
          const more = stream.push(buffer.subarray(0, bytesRead));
          if (!more) break;
          continue;
        }
        if (job.failure) {
          stream.destroy(job.failure);
          return;
        }
        if (job.finished) {
          stream.push(null);
          return;
        }
        await once(job.progress, 'progress');
      }
      reading = false;
    };
    return stream;
  }

  /** Keeps the transcode running for someone who waits for it to finish. */
  hold(): () => void {
    this.listeners++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.release();
    };
  }

  /** The last listener gone stops an unfinished transcode and closes the file. */
  private release(): void {
    this.listeners--;
    if (this.listeners > 0) return;
    if (this.running) {
      this.abandoned = true;
      stop(this.process);
    }
    if (this.finished || this.failure) void this.file.close().catch(() => {});
  }
}

/** SIGTERM, then SIGKILL for a process that ignores it. */
function stop(child: ChildProcess): void {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
  timer.unref();
  child.once('close', () => clearTimeout(timer));
}

/** Whether a request asks for bytes past the start (a seek in a player), not the whole file. */
function wantsLaterBytes(request: FastifyRequest): boolean {
  const range = request.headers.range;
  return typeof range === 'string' && !/^bytes=\s*0?\s*-\s*$/i.test(range.trim());
}

export class Transcoder {
  /** Transcodes running or finishing, by their cache key, so listeners of one song share one. */
  private readonly live = new Map<string, LiveTranscode>();
  /** Every transcode whose ffmpeg runs, cached or not. */
  private readonly running = new Set<LiveTranscode>();
  /**
   * Whole-song transcodes whose ffmpeg is being started, by their cache key: no cache, each entry
   * holds a slot and goes once its start settles.
   */
  private readonly starting = new Map<string, Promise<LiveTranscode>>();
  /** ffmpeg processes running or about to start: what the bound counts. */
  private slotsTaken = 0;
  private encodable: Promise<Set<TranscodeFormat>> | null = null;
  private readonly cacheSender: MediaSender;
  /** Set once the server stops: the transcodes it ends then are no failures. */
  private closing = false;

  constructor(
    private readonly settings: TranscoderSettings,
    private readonly store: MediaStore,
    private readonly cache: TranscodeCache,
    private readonly log: FastifyBaseLogger,
  ) {
    this.cacheSender = new MediaSender(cache.files, { redirect: false, accelRedirect: null });
  }

  /** Whether ffmpeg was found: without it every song goes out as stored. */
  get available(): boolean {
    return this.settings.ffmpeg !== null;
  }

  /** The ids of the ffmpeg processes running now. */
  processIds(): number[] {
    return [...this.running].flatMap(({ process }) =>
      process.pid === undefined ? [] : [process.pid],
    );
  }

  /** Whether this ffmpeg can write `format` (asked of ffmpeg once). */
  async canEncode(format: TranscodeFormat): Promise<boolean> {
    if (this.settings.ffmpeg === null) return false;
    this.encodable ??= encodableFormats(this.settings.ffmpeg);
    return (await this.encodable).has(format);
  }

  /**
   * Responds with a transcode of `source` once the route has checked access: from the cache
   * (with Range, `X-Transcode-Cache: hit`), or live as ffmpeg writes it (`miss`). A Range request
   * for later bytes of a whole-song transcode waits for it to finish, then reads the cache.
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    source: TranscodeSource,
    plan: TranscodePlan,
    options: TranscodeReplyOptions,
  ): Promise<FastifyReply> {
    const ffmpeg = this.settings.ffmpeg;
    if (ffmpeg === null) throw new AppError(503, 'Transcoding is not available on this server');
    if (!(await this.canEncode(plan.format))) {
      throw new AppError(
        501,
        `This server's ffmpeg cannot make ${plan.format} audio (its encoder ${ENCODINGS[plan.format].encoder} is missing)`,
      );
    }
    const hash = hashOfKey(source.key) ?? source.key;
    const encoding = ENCODINGS[plan.format];
    const cacheKey =
      plan.offsetSeconds === 0 && this.cache.capBytes > 0 ? transcodeKey(hash, plan) : null;
    const fromCache = () => {
      reply.header('x-transcode-cache', 'hit');
      return this.cacheSender.send(request, reply, cacheKey!, {
        contentType: encoding.contentType,
        etag: `"${hash}-${plan.format}-${plan.kbps}"`,
        cacheControl: options.cacheControl,
      });
    };
    if (cacheKey !== null && (await this.cache.has(cacheKey))) return fromCache();

    reply.header('x-transcode-cache', 'miss');
    reply.header('content-type', encoding.contentType);
    reply.header('cache-control', 'private, no-store');
    // A transcode's length is known once it is made: a HEAD names none (an empty body as a
    // stream, so no Content-Length: 0 says the song is empty).
    if (request.method === 'HEAD') return reply.status(200).send(Readable.from([]));

    // `start` joins the transcode of this song that runs or is starting, if there is one.
    let job: LiveTranscode | undefined;
    if (cacheKey !== null && wantsLaterBytes(request)) {
      job ??= await this.start(ffmpeg, source, plan, cacheKey);
      const release = job.hold();
      reply.raw.once('close', release);
      await job.done;
      release();
      if (job.failure) throw job.failure;
      if (await this.cache.has(cacheKey)) return fromCache();
      job = undefined;
    }
    job ??= await this.start(ffmpeg, source, plan, cacheKey);
    const body = job.follow();
    reply.raw.once('close', () => body.destroy());
    // Headers wait for the first byte, so a transcode that fails at once is a clear error.
    if (job.written === 0 && !job.failure && !job.finished) await once(job.progress, 'progress');
    if (job.failure && job.written === 0) {
      body.destroy();
      throw job.failure;
    }
    return reply.status(200).send(body);
  }

  /** The transcode of `cacheKey` a listener may join: running and not being stopped, or starting. */
  private joinable(cacheKey: string): LiveTranscode | Promise<LiveTranscode> | undefined {
    const job = this.live.get(cacheKey);
    return job && !job.abandoned ? job : this.starting.get(cacheKey);
  }

  /** A transcode to join, or a new one within the bound. */
  private async start(
    ffmpeg: string,
    source: TranscodeSource,
    plan: TranscodePlan,
    cacheKey: string | null,
  ): Promise<LiveTranscode> {
    for (;;) {
      const joined = cacheKey === null ? undefined : this.joinable(cacheKey);
      if (joined) return joined;
      if (this.closing) throw new AppError(503, 'The server is stopping');
      if (this.slotsTaken < this.settings.maxProcesses) break;
      // A player that skips back or seeks asks again as it leaves: the slot of the transcode it
      // left is free as soon as that ffmpeg stops (SIGKILL within KILL_GRACE_MS), so it waits.
      const stopping = [...this.running].find((job) => job.abandoned);
      if (!stopping) {
        throw tooManyRequests(
          BUSY_RETRY_SECONDS,
          `The server is already transcoding ${this.settings.maxProcesses} songs, as many as it may at once.`,
        );
      }
      await stopping.done;
    }
    // Taken before the first await, so the bound holds under a burst of requests.
    this.slotsTaken++;
    const launched = this.launch(ffmpeg, source, plan, cacheKey);
    if (cacheKey !== null) {
      // Listeners who ask while ffmpeg is being started join it rather than start another.
      this.starting.set(cacheKey, launched);
      const started = () => {
        if (this.starting.get(cacheKey) === launched) this.starting.delete(cacheKey);
      };
      launched.then(started, started);
    }
    return launched;
  }

  /** Starts ffmpeg in a slot already taken, giving the slot back if it cannot. */
  private async launch(
    ffmpeg: string,
    source: TranscodeSource,
    plan: TranscodePlan,
    cacheKey: string | null,
  ): Promise<LiveTranscode> {
    let child: ChildProcess;
    let file: FileHandle;
    const stagingFile = this.cache.stagingPath();
    try {
      const input =
        this.store.localPath(source.key) ??
        (await this.store.signedUrl(source.key, {
          contentType: 'application/octet-stream',
          cacheControl: 'no-store',
          expiresSeconds: SIGNED_URL_SECONDS,
        }));
      if (input === null) throw new AppError(503, 'The audio file cannot be read for transcoding');
      file = await fsp.open(stagingFile, 'w+');
      child = spawn(ffmpeg, ffmpegArguments(input, plan), { stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      this.slotsTaken--;
      throw error;
    }
    const job = new LiveTranscode(file, stagingFile, child, cacheKey);
    this.running.add(job);
    if (cacheKey !== null) this.live.set(cacheKey, job);
    void this.run(job, plan);
    return job;
  }

  /** Copies ffmpeg's output into the file, then keeps or drops it. */
  private async run(job: LiveTranscode, plan: TranscodePlan): Promise<void> {
    const child = job.process;
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEEP);
    });
    let stalled = false;
    let stallTimer: NodeJS.Timeout | undefined;
    const watch = () => {
      clearTimeout(stallTimer);
      stallTimer = setTimeout(() => {
        stalled = true;
        stop(child);
      }, STALL_MS);
    };
    watch();
    const closed = once(child, 'close').catch(() => [null, null]);
    let spawnError: Error | null = null;
    child.once('error', (error) => {
      spawnError = error;
    });
    let writeError: unknown = null;
    try {
      for await (const chunk of child.stdout!) {
        await job.file.write(chunk, 0, chunk.length, job.written);
        job.grew(chunk.length);
        watch();
      }
    } catch (error) {
      writeError = error;
      stop(child);
    }
    const [code] = (await closed) as [number | null, NodeJS.Signals | null];
    clearTimeout(stallTimer);
    this.running.delete(job);
    this.slotsTaken--;

    let failure: AppError | null = null;
    if (spawnError || writeError || stalled || code !== 0) {
      const stoppedOnPurpose =
        (job.listeners === 0 || this.closing) && !stalled && !spawnError && !writeError;
      if (!stoppedOnPurpose) {
        this.log.error(
          { code, stalled, err: spawnError ?? writeError ?? undefined, stderr: stderr.trim() },
          'ffmpeg failed',
        );
      }
      failure = new AppError(
        stalled ? 504 : 502,
        stalled
          ? `The transcode to ${plan.format} stopped making progress and was ended`
          : `The song could not be transcoded to ${plan.format}`,
      );
    }
    if (failure === null && job.cacheKey !== null) {
      // The file is renamed under readers that hold it open: they read on unharmed.
      await this.cache.admit(job.cacheKey, job.stagingFile).catch((error: unknown) => {
        this.log.error({ err: error }, 'a transcode could not be cached');
      });
    } else {
      await fsp.rm(job.stagingFile, { force: true });
    }
    // A listener who came back as this one was stopped has a transcode of its own under the key.
    if (job.cacheKey !== null && this.live.get(job.cacheKey) === job)
      this.live.delete(job.cacheKey);
    job.end(failure);
    if (job.listeners === 0) await job.file.close().catch(() => {});
  }

  /**
   * Stops every running ffmpeg (the server is closing): the responses that follow them end, so the
   * server need not wait for whole songs to be transcoded before it stops.
   */
  close(): void {
    this.closing = true;
    for (const job of this.running) stop(job.process);
  }
}
