/**
 * What Chorus asks of ffmpeg: where it is, which of the formats Chorus offers it can encode, and
 * the arguments of one transcode. Arguments come only from the fixed lists below and from
 * numbers Chorus computed; no text of a request ever reaches them.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const TRANSCODE_FORMATS = ['mp3', 'opus', 'aac'] as const;
export type TranscodeFormat = (typeof TRANSCODE_FORMATS)[number];

/** The bit rates a transcode may have, in kbps; a request's `maxBitRate` is clamped to one. */
export const BITRATES = [32, 48, 64, 96, 128, 160, 192, 256, 320] as const;

export interface Encoding {
  /** ffmpeg's encoder (`-c:a`). */
  encoder: string;
  /** ffmpeg's muxer (`-f`): one that writes as it goes, so bytes can be sent as they come. */
  muxer: string;
  /** The sample rate every output of the format has (Opus knows only 48 kHz and lower). */
  sampleRate: number;
  contentType: string;
  extension: string;
  /** What a transcode to this format uses when no bit rate is asked for. */
  defaultKbps: number;
  /** The encoder's options that keep its output at the bit rate asked for, which is a ceiling. */
  rateOptions: readonly string[];
}

export const ENCODINGS: Record<TranscodeFormat, Encoding> = {
  mp3: {
    encoder: 'libmp3lame',
    muxer: 'mp3',
    sampleRate: 44_100,
    contentType: 'audio/mpeg',
    extension: 'mp3',
    defaultKbps: 192,
    // LAME is constant bit rate with `-b:a`.
    rateOptions: [],
  },
  opus: {
    encoder: 'libopus',
    muxer: 'ogg',
    sampleRate: 48_000,
    contentType: 'audio/ogg',
    extension: 'opus',
    defaultKbps: 128,
    // libopus's free VBR runs past its target on some songs, where a listener's `maxBitRate` is
    // what their connection or data plan allows; constrained VBR keeps the average at the target
    // and still varies frame by frame.
    rateOptions: ['-vbr', 'constrained'],
  },
  aac: {
    encoder: 'aac',
    muxer: 'adts',
    sampleRate: 44_100,
    contentType: 'audio/aac',
    extension: 'aac',
    defaultKbps: 192,
    // ffmpeg's own AAC encoder holds an average rate with `-b:a`.
    rateOptions: [],
  },
};

/** One transcode: what to make and from where in the song. */
export interface TranscodePlan {
  format: TranscodeFormat;
  /** One of BITRATES. */
  kbps: number;
  /** Whole seconds skipped at the start (Subsonic's `timeOffset`). */
  offsetSeconds: number;
}

export function isTranscodeFormat(text: string): text is TranscodeFormat {
  return (TRANSCODE_FORMATS as readonly string[]).includes(text);
}

/** The largest listed bit rate at or below `kbps`, and never below the smallest. */
export function clampBitrate(kbps: number): number {
  let chosen: number = BITRATES[0];
  for (const rate of BITRATES) if (rate <= kbps) chosen = rate;
  return chosen;
}

/** Where ffmpeg writes to: its standard output, read as it comes. */
const OUTPUT = 'pipe:1';

/**
 * The arguments of one transcode of `input` (a local file path or a signed URL of the bucket).
 * Only the first audio stream is encoded, without tags or pictures, and every packet is
 * flushed at once so the first bytes leave within a fraction of a second.
 */
export function ffmpegArguments(input: string, plan: TranscodePlan): string[] {
  const encoding = ENCODINGS[plan.format];
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    // A local file or the bucket over HTTP(S); nothing else may be opened, even if a file's
    // contents (a playlist, a concat list) name something.
    '-protocol_whitelist',
    'file,http,https,tcp,tls,crypto',
    ...(plan.offsetSeconds > 0 ? ['-ss', String(Math.floor(plan.offsetSeconds))] : []),
    '-i',
    input.startsWith('/') ? `file:${input}` : input,
    '-map',
    '0:a:0',
    '-map_metadata',
    '-1',
    '-vn',
    '-sn',
    '-dn',
    // Mono stays mono, its bit rate all for its one channel; more channels than two become
    // stereo, which every encoder here and every player takes.
    '-af',
    'aformat=channel_layouts=mono|stereo',
    '-ar',
    String(encoding.sampleRate),
    '-c:a',
    encoding.encoder,
    '-b:a',
    `${clampBitrate(plan.kbps)}k`,
    ...encoding.rateOptions,
    // An MP3 header that counts frames would have to be rewritten at the end, which a pipe cannot.
    ...(plan.format === 'mp3' ? ['-write_xing', '0'] : []),
    '-flush_packets',
    '1',
    '-f',
    encoding.muxer,
    OUTPUT,
  ];
}

function isExecutableFile(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The ffmpeg to run: FFMPEG_PATH when set (null when nothing runnable is there), else the first
 * `ffmpeg` on PATH.
 */
export function locateFfmpeg(configured: string | null, searchPath: string): string | null {
  if (configured !== null) return isExecutableFile(configured) ? configured : null;
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, 'ffmpeg');
    if (isExecutableFile(candidate)) return candidate;
  }
  return null;
}

/** The formats `ffmpeg` can encode, from its list of encoders (`ffmpeg -encoders`). */
export function encodableFormats(ffmpeg: string): Promise<Set<TranscodeFormat>> {
  return new Promise((resolve) => {
    execFile(ffmpeg, ['-hide_banner', '-encoders'], { timeout: 10_000 }, (error, stdout) => {
      const found = new Set<TranscodeFormat>();
      if (!error) {
        const names = new Set(stdout.split('\n').map((line) => line.trim().split(/\s+/)[1] ?? ''));
        for (const format of TRANSCODE_FORMATS)
          if (names.has(ENCODINGS[format].encoder)) found.add(format);
      }
      resolve(found);
    });
  });
}
