/**
 * PCM → MP3 with lamejs (pure JavaScript, so no native encoder has to be installed).
 *
 * lamejs always writes plain CBR frames without a Xing/Info header. With a sample rate for which
 * every frame has the same byte size (no padding slots: 72 · bitrate / sampleRate is an integer
 * for MPEG-2), players and music-metadata derive the exact duration from the file size.
 */
import { Mp3Encoder } from '@breezystack/lamejs';

export interface Mp3Settings {
  sampleRate: number;
  kbps: number;
}

/** MPEG-2 Layer III frames hold 576 samples per channel (sample rates of 16, 22.05 and 24 kHz). */
export const MPEG2_SAMPLES_PER_FRAME = 576;

/** Frames handed to the encoder per call; large enough to amortise the call, small for memory. */
const CHUNK = MPEG2_SAMPLES_PER_FRAME * 32;

/** lamejs declares Uint8Array but hands back Int8Array views; copy the bytes, whatever the type. */
function bytesOf(chunk: ArrayBufferView): Buffer {
  return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/** Encodes mono 16-bit PCM as a constant-bitrate MP3. */
export function encodeMp3(pcm: Int16Array, settings: Mp3Settings): Buffer {
  const encoder = new Mp3Encoder(1, settings.sampleRate, settings.kbps);
  const parts: Buffer[] = [];
  for (let offset = 0; offset < pcm.length; offset += CHUNK) {
    const chunk = encoder.encodeBuffer(pcm.subarray(offset, offset + CHUNK));
    if (chunk.byteLength > 0) parts.push(bytesOf(chunk));
  }
  parts.push(bytesOf(encoder.flush()));
  // Buffer.concat copies, so the encoder's reused output buffer cannot alias the result.
  return Buffer.concat(parts);
}

/** Byte size of one frame; an integer for the settings used, which keeps durations exact. */
export function frameBytes(settings: Mp3Settings): number {
  return (72 * settings.kbps * 1000) / settings.sampleRate;
}

/**
 * Duration a player will report for an encoded file: whole frames of 576 samples. It is a little
 * longer than the PCM because the encoder adds its delay and pads the last frame.
 */
export function encodedDuration(mp3: Buffer, settings: Mp3Settings): number {
  const frames = Math.round(mp3.byteLength / frameBytes(settings));
  return (frames * MPEG2_SAMPLES_PER_FRAME) / settings.sampleRate;
}
