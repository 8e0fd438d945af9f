import type { TranscodeSettings } from '../../config.ts';
import { browserPlays } from '../../media/audio-formats.ts';
import {
  clampBitrate,
  ENCODINGS,
  isTranscodeFormat,
  type TranscodeFormat,
  type TranscodePlan,
} from '../../media/ffmpeg.ts';
import type { StoredAudio } from '../catalog/catalog.service.ts';
import { CODES, SubsonicError } from './protocol.ts';
import { suffixOf } from './subsonic.presenter.ts';

/** What a `stream` call asks for, as sent (`format`, `maxBitRate`, `timeOffset`). */
export interface StreamAsk {
  format: string | undefined;
  maxBitRate: string | undefined;
  timeOffset: string | undefined;
}

/** What a `stream` call gets: the stored file, or a transcode. */
export type StreamPlan = { kind: 'original' } | { kind: 'transcode'; plan: TranscodePlan };

const ORIGINAL: StreamPlan = { kind: 'original' };

/** What other Subsonic servers take `ogg` and `oga` for: Opus in Ogg, the Ogg Chorus makes. */
const FORMAT_ALIASES: Record<string, TranscodeFormat> = { ogg: 'opus', oga: 'opus' };

/** The stream a song entry announces: what `stream` sends when nothing is asked. */
const NOTHING_ASKED: StreamAsk = {
  format: undefined,
  maxBitRate: undefined,
  timeOffset: undefined,
};

/** A whole number from text, or null for anything else (an absent, empty or odd value). */
function wholeNumber(text: string | undefined): number | null {
  if (text === undefined || !/^\s*\d{1,9}\s*$/.test(text)) return null;
  return Number(text);
}

/**
 * Decides how a Subsonic `stream` call is served:
 * - `format=raw`, or the file's own suffix, is the original;
 * - `format=mp3|opus|aac` (`ogg` and `oga` are opus) is a transcode at `maxBitRate` (clamped to
 *   BITRATES) or the format's default; any other format is refused, naming the ones there are;
 * - without `format`, the server default (TRANSCODE_DEFAULT) applies, and a `maxBitRate` below
 *   the file's, a `timeOffset`, or a file players cannot decode (ALAC, AIFF, WMA…: what the web
 *   player gets through a transcode too) asks for an MP3 even when that default is `raw`;
 * - a transcode to the file's own format at no lower bit rate is the original.
 */
export function streamPlan(
  ask: StreamAsk,
  defaults: Pick<TranscodeSettings, 'defaultFormat' | 'defaultKbps'>,
  audio: Pick<StoredAudio, 'key' | 'mime' | 'codec' | 'bitrate' | 'duration'>,
): StreamPlan {
  const sent = ask.format?.trim().toLowerCase() || undefined;
  const asked =
    sent !== undefined && Object.hasOwn(FORMAT_ALIASES, sent) ? FORMAT_ALIASES[sent] : sent;
  // Asking for the file's own kind (`flac` of a FLAC file) is asking for it as it is; a format
  // Chorus makes (`mp3` of an MP3) is decided below, by the bit rate.
  const ownKind = sent !== undefined && sent === suffixOf(audio.key) && !isTranscodeFormat(sent);
  if (asked === 'raw' || ownKind) return ORIGINAL;
  if (asked !== undefined && !isTranscodeFormat(asked)) {
    throw new SubsonicError(
      CODES.generic,
      `Chorus cannot transcode to "${asked.slice(0, 20)}": ask for mp3, opus or aac, or raw for the original file`,
    );
  }
  const maxKbps = wholeNumber(ask.maxBitRate) || null;
  const offsetSeconds = Math.min(Math.max(0, audio.duration - 1), wholeNumber(ask.timeOffset) ?? 0);
  const fileKbps = audio.bitrate === null ? null : Math.round(audio.bitrate / 1000);
  const lowerRate = maxKbps !== null && (fileKbps === null || maxKbps < fileKbps);

  let format: TranscodeFormat | null = asked ?? null;
  if (format === null && defaults.defaultFormat !== 'raw') format = defaults.defaultFormat;
  if (format === null && (lowerRate || offsetSeconds > 0 || !browserPlays(audio))) format = 'mp3';
  if (format === null) return ORIGINAL;

  const kbps = clampBitrate(
    maxKbps ??
      (asked === undefined && defaults.defaultFormat === format
        ? defaults.defaultKbps
        : ENCODINGS[format].defaultKbps),
  );
  const sameFormat = ENCODINGS[format].contentType === audio.mime;
  if (sameFormat && offsetSeconds === 0 && fileKbps !== null && fileKbps <= kbps) return ORIGINAL;
  return { kind: 'transcode', plan: { format, kbps, offsetSeconds } };
}

/**
 * What a song entry says `stream` sends when nothing is asked (`transcodedContentType` and
 * `transcodedSuffix`), or null for the original; always null without ffmpeg (`defaults` null).
 */
export function defaultTranscode(
  defaults: Pick<TranscodeSettings, 'defaultFormat' | 'defaultKbps'> | null,
  audio: Pick<StoredAudio, 'key' | 'mime' | 'codec' | 'bitrate' | 'duration'>,
): { contentType: string; suffix: string } | null {
  if (defaults === null) return null;
  const plan = streamPlan(NOTHING_ASKED, defaults, audio);
  if (plan.kind === 'original') return null;
  const encoding = ENCODINGS[plan.plan.format];
  return { contentType: encoding.contentType, suffix: encoding.extension };
}
