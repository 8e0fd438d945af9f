/**
 * Worker thread that synthesises and encodes songs, so the demo catalog uses every core.
 *
 * The same `renderSongAudio` runs in-process when workers are unavailable; songs depend only on
 * their job (seed included), so the output is identical either way.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { encodeMp3 } from './mp3.ts';
import type { Genre } from './names.ts';
import { mulberry32 } from './prng.ts';
import { synthesizeSong, toInt16 } from './synth.ts';

export interface AudioJob {
  /** Position of the song in the catalog; echoed back so results can arrive in any order. */
  index: number;
  seed: number;
  genre: Genre;
  durationSeconds: number;
  sampleRate: number;
  kbps: number;
}

export interface AudioResult {
  index: number;
  mp3: Uint8Array;
}

/**
 * Marker passed as workerData. Importing this module from some other worker (vitest runs tests
 * in worker threads) must not hijack that worker's parentPort.
 */
export const WORKER_MARKER = 'chorus-demo-synth';

export function renderSongAudio(job: AudioJob): Buffer {
  const pcm = synthesizeSong(
    { genre: job.genre, durationSeconds: job.durationSeconds, sampleRate: job.sampleRate },
    mulberry32(job.seed),
  );
  return encodeMp3(toInt16(pcm), { sampleRate: job.sampleRate, kbps: job.kbps });
}

if (parentPort && workerData === WORKER_MARKER) {
  const port = parentPort;
  port.on('message', (job: AudioJob) => {
    const mp3 = renderSongAudio(job);
    // A fresh, exactly-sized copy can be transferred instead of cloned.
    const bytes = new Uint8Array(mp3);
    const result: AudioResult = { index: job.index, mp3: bytes };
    port.postMessage(result, [bytes.buffer]);
  });
}
