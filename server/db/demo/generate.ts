/**
 * Deterministic, offline demo catalog: artists with portraits, albums with covers and songs of
 * synthesised music encoded as MP3. The same seed always produces byte-identical output.
 *
 * Audio is the expensive part (pure-JS MP3 encoding), so songs are rendered on worker threads,
 * one per core, while sharp rasterises the artwork on its own thread pool.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { entryPointUrl, runsCompiled } from '../../lib/entry-points.ts';
import { BACKDROP_COUNT, COVER_STYLE_COUNT, renderCover, renderPortrait } from './images.ts';
import { encodedDuration, type Mp3Settings } from './mp3.ts';
import {
  chooseAlbumTitles,
  chooseArtists,
  chooseSongTitles,
  describeArtist,
  type Genre,
} from './names.ts';
import { chance, deriveSeed, mulberry32, type Rng, randInt, shuffle } from './prng.ts';
import { releaseSynthBuffers } from './synth.ts';
import { type AudioJob, type AudioResult, renderSongAudio, WORKER_MARKER } from './synth.worker.ts';

export interface DemoArtist {
  name: string;
  description: string;
  portrait: Buffer /* PNG */;
  verified: boolean;
}
export interface DemoAlbum {
  title: string;
  year: number;
  artistIndex: number;
  cover: Buffer /* PNG */;
}
export interface DemoSong {
  title: string;
  genre: string;
  durationSeconds: number;
  artistIndexes: number[];
  albumIndex: number | null;
  trackNumber: number | null;
  audio: Buffer /* MP3 */;
  cover: Buffer /* PNG */;
}
export interface DemoCatalog {
  artists: DemoArtist[];
  albums: DemoAlbum[];
  songs: DemoSong[];
}
export interface GenerateOptions {
  seed?: number /* default 1 */;
  songCount?: number /* default 40 */;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Mono MPEG-2 Layer III at 16 kHz, 96 kbps CBR. lamejs (a JavaScript port of LAME at a fixed
 * quality) is the bottleneck and its cost is proportional to the samples encoded, so the lowest
 * rate that sounds right is the fastest. 16 kHz leaves
 * ~7.5 kHz of audio bandwidth, enough for these synths (their energy above 6 kHz is a few
 * percent, mostly hi-hats). lamejs also runs faster at 96 than at 32-64 kbps (fewer
 * quantisation loops), and at 16 kHz a 96 kbps frame is exactly 432 bytes (no padding slots), so
 * the duration derived from the file size, as music-metadata and players do for a CBR file
 * without a Xing header, is exact.
 */
export const AUDIO_SETTINGS: Readonly<Mp3Settings> = { sampleRate: 16000, kbps: 96 };

export const DEFAULT_SONG_COUNT = 40;
const ARTIST_COUNT = 14;
const ALBUM_COUNT = 6;

// ---------------------------------------------------------------------------------------------
// Planning: everything except the binary assets, decided up front from the seed
// ---------------------------------------------------------------------------------------------

export interface ArtistPlan {
  name: string;
  genre: Genre;
  description: string;
  verified: boolean;
  portraitSeed: number;
  backdrop: number;
}

export interface AlbumPlan {
  title: string;
  year: number;
  artistIndex: number;
  coverSeed: number;
  coverStyle: number;
}

export interface SongPlanEntry {
  title: string;
  genre: Genre;
  /** Length of the synthesised PCM, whole seconds. */
  nominalSeconds: number;
  artistIndexes: number[];
  albumIndex: number | null;
  trackNumber: number | null;
  audioSeed: number;
  /** Singles only: their own cover. */
  coverSeed: number | null;
  coverStyle: number;
}

export interface CatalogPlan {
  artists: ArtistPlan[];
  albums: AlbumPlan[];
  songs: SongPlanEntry[];
}

/**
 * Song lengths. Nine in ten are 20-23 s because encoding time is proportional to audio length
 * and the whole catalog must build in well under 15 s on two cores; the rest are 30-50 s so the
 * catalog still shows a range. Small test catalogs stay near the 20 s minimum.
 */
function chooseDuration(rng: Rng, songCount: number): number {
  if (songCount < DEFAULT_SONG_COUNT) return randInt(rng, 20, 24);
  return chance(rng, 0.9) ? randInt(rng, 20, 23) : randInt(rng, 30, 50);
}

/** How many songs are singles (no album): at least 4 in a full catalog, about one in eight. */
function singlesCount(songCount: number): number {
  if (songCount <= 1) return 0;
  return Math.min(songCount - 1, Math.max(Math.round(songCount / 8), songCount >= 32 ? 4 : 1));
}

/** Spreads `tracks` over `albums` as evenly as possible, in random album order. */
function albumSizes(tracks: number, albums: number, rng: Rng): number[] {
  const sizes = Array.from({ length: albums }, () => Math.floor(tracks / albums));
  const order = shuffle(
    rng,
    sizes.map((_, i) => i),
  );
  for (let i = 0; i < tracks % albums; i++) sizes[order[i]!]!++;
  return sizes;
}

function otherArtist(rng: Rng, count: number, not: number): number {
  const other = randInt(rng, 0, count - 2);
  return other >= not ? other + 1 : other;
}

/**
 * Picks up to `count` of `candidates` in random order, taking one artist per genre (skipping
 * genres in `taken`) before repeating genres, so albums and singles show off the genre range.
 */
function pickDistinctGenres(
  artists: readonly ArtistPlan[],
  candidates: readonly number[],
  count: number,
  rng: Rng,
  taken: ReadonlySet<Genre> = new Set(),
): number[] {
  const shuffled = shuffle(rng, candidates);
  const seen = new Set(taken);
  const fresh: number[] = [];
  const repeats: number[] = [];
  for (const index of shuffled) {
    const genre = artists[index]!.genre;
    if (seen.has(genre)) repeats.push(index);
    else {
      seen.add(genre);
      fresh.push(index);
    }
  }
  return [...fresh, ...repeats].slice(0, count);
}

export function planCatalog(seed: number, songCount: number): CatalogPlan {
  const rng = mulberry32(deriveSeed(seed, 0xca7a));
  const artistSeeds = chooseArtists(ARTIST_COUNT, rng);
  const backdropOffset = randInt(rng, 0, BACKDROP_COUNT - 1);
  const artists: ArtistPlan[] = artistSeeds.map((artist, i) => ({
    name: artist.name,
    genre: artist.genre,
    description: describeArtist(artist, rng),
    // Every other artist at most, so the catalog shows both states.
    verified: i % 2 === 0 && chance(rng, 0.7),
    portraitSeed: deriveSeed(seed, 0xa1, i),
    backdrop: (i + backdropOffset) % BACKDROP_COUNT,
  }));

  const albumArtists = pickDistinctGenres(
    artists,
    artists.map((_, i) => i),
    ALBUM_COUNT,
    rng,
  );
  const coverStyles = shuffle(
    rng,
    Array.from({ length: COVER_STYLE_COUNT }, (_, i) => i),
  );
  const albums: AlbumPlan[] = chooseAlbumTitles(ALBUM_COUNT, rng).map((title, i) => ({
    title,
    year: randInt(rng, 1994, 2024),
    artistIndex: albumArtists[i]!,
    coverSeed: deriveSeed(seed, 0xc0, i),
    coverStyle: coverStyles[i]!,
  }));

  const singles = singlesCount(songCount);
  const sizes = albumSizes(songCount - singles, ALBUM_COUNT, rng);
  const titles = chooseSongTitles(songCount, rng);
  // Artists without an album release the singles, favouring genres the albums do not cover.
  const singleArtists = pickDistinctGenres(
    artists,
    artists.map((_, i) => i).filter((i) => !albumArtists.includes(i)),
    artists.length,
    rng,
    new Set(albumArtists.map((i) => artists[i]!.genre)),
  );
  const featureOffset = randInt(rng, 0, 6);
  const songs: SongPlanEntry[] = [];
  const slots: { albumIndex: number | null; trackNumber: number | null; artist: number }[] = [];
  sizes.forEach((size, albumIndex) => {
    for (let track = 1; track <= size; track++) {
      slots.push({ albumIndex, trackNumber: track, artist: albums[albumIndex]!.artistIndex });
    }
  });
  for (let i = 0; i < singles; i++) {
    slots.push({
      albumIndex: null,
      trackNumber: null,
      artist: singleArtists[i % singleArtists.length]!,
    });
  }
  slots.forEach((slot, index) => {
    // Roughly one song in seven features a second artist.
    const featured =
      index % 7 === featureOffset ? [otherArtist(rng, artists.length, slot.artist)] : [];
    songs.push({
      title: titles[index]!,
      genre: artists[slot.artist]!.genre,
      nominalSeconds: chooseDuration(rng, songCount),
      artistIndexes: [slot.artist, ...featured],
      albumIndex: slot.albumIndex,
      trackNumber: slot.trackNumber,
      audioSeed: deriveSeed(seed, 0x50, index),
      coverSeed: slot.albumIndex === null ? deriveSeed(seed, 0x51, index) : null,
      coverStyle:
        slot.albumIndex === null
          ? // Singles start with the composition no album uses, then cycle through the others.
            coverStyles[(ALBUM_COUNT + index - (songCount - singles)) % COVER_STYLE_COUNT]!
          : albums[slot.albumIndex]!.coverStyle,
    });
  });
  return { artists, albums, songs };
}

// ---------------------------------------------------------------------------------------------
// Audio rendering
// ---------------------------------------------------------------------------------------------

const WORKER_ENTRY = entryPointUrl('synth-worker').href;

/** ESM entry of tsx's programmatic API (import.meta.resolve is missing under some runners). */
function tsxApiUrl(): string {
  if (typeof import.meta.resolve === 'function') return import.meta.resolve('tsx/esm/api');
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  const entry = manifest.exports['./esm/api']?.import.default ?? './dist/esm/api/index.mjs';
  return new URL(entry, pathToFileURL(manifestPath)).href;
}

/**
 * Source of a tiny JavaScript bootstrap that loads the worker entry: compiled, directly; as
 * TypeScript, through tsx.
 * On Node 20, loader hooks are not inherited by worker threads, and neither `--import tsx` in
 * execArgv nor a .ts entry URL works (measured: "Unknown file extension .ts"); tsImport does,
 * under `node --import tsx`, the tsx CLI and vitest alike.
 */
function workerBootstrap(): string {
  if (runsCompiled) return `import(${JSON.stringify(WORKER_ENTRY)});`;
  const api = JSON.stringify(tsxApiUrl());
  const entry = JSON.stringify(WORKER_ENTRY);
  return `import(${api}).then((tsx) => tsx.tsImport(${entry}, ${entry}));`;
}

function renderInWorkers(
  jobs: readonly AudioJob[],
  onSong: (result: AudioResult) => void,
): Promise<void> {
  // Longest songs first so the cores finish at about the same time.
  const queue = [...jobs].sort(
    (a, b) => b.durationSeconds - a.durationSeconds || a.index - b.index,
  );
  const workerCount = Math.min(availableParallelism(), queue.length, 8);
  const bootstrap = workerBootstrap();
  return new Promise((resolve, reject) => {
    const workers: Worker[] = [];
    let remaining = queue.length;
    let settled = false;
    const stopAll = () => Promise.all(workers.map((w) => w.terminate()));
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      void stopAll().then(() => reject(error));
    };
    const feed = (worker: Worker) => {
      const job = queue.shift();
      if (job) worker.postMessage(job);
    };
    for (let i = 0; i < workerCount; i++) {
      let worker: Worker;
      try {
        worker = new Worker(bootstrap, { eval: true, workerData: WORKER_MARKER });
      } catch (error) {
        fail(error);
        return;
      }
      workers.push(worker);
      worker.on('message', (result: AudioResult) => {
        onSong(result);
        remaining--;
        if (remaining > 0) feed(worker);
        else if (!settled) {
          settled = true;
          void stopAll().then(() => resolve());
        }
      });
      worker.on('error', fail);
      // An exit we did not ask for (e.g. out of memory) would otherwise leave us waiting forever.
      worker.on('exit', (code) => fail(new Error(`demo audio worker exited with code ${code}`)));
      // Two jobs in flight per worker, so it never waits for its next job: a worker that goes
      // idle between songs, even briefly, spends more CPU on the same songs.
      feed(worker);
      feed(worker);
    }
  });
}

async function renderInProcess(
  jobs: readonly AudioJob[],
  onSong: (result: AudioResult) => void,
): Promise<void> {
  try {
    for (const job of jobs) {
      onSong({ index: job.index, mp3: renderSongAudio(job) });
      // Let sharp's callbacks and progress listeners run between songs.
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    // This thread (maybe a server's main thread) keeps running: give back the synth's buffers.
    releaseSynthBuffers();
  }
}

async function renderAudio(
  jobs: readonly AudioJob[],
  onProgress: (done: number) => void,
): Promise<Buffer[]> {
  const audio: Buffer[] = new Array(jobs.length);
  let done = 0;
  const onSong = (result: AudioResult) => {
    if (audio[result.index]) return;
    audio[result.index] = Buffer.from(
      result.mp3.buffer,
      result.mp3.byteOffset,
      result.mp3.byteLength,
    );
    onProgress(++done);
  };
  const parallel = availableParallelism() > 1 && jobs.length > 1;
  try {
    if (parallel) await renderInWorkers(jobs, onSong);
    else await renderInProcess(jobs, onSong);
  } catch (error) {
    // Workers can be unavailable (e.g. a bundled build without the .ts entry); the songs are the
    // same when rendered here, only slower.
    process.emitWarning(`Demo audio workers failed, rendering in-process: ${String(error)}`);
    await renderInProcess(
      jobs.filter((job) => !audio[job.index]),
      onSong,
    );
  }
  return audio;
}

// ---------------------------------------------------------------------------------------------
// Public entry point
// ---------------------------------------------------------------------------------------------

export async function generateDemoCatalog(options: GenerateOptions = {}): Promise<DemoCatalog> {
  const seed = options.seed ?? 1;
  const songCount = options.songCount ?? DEFAULT_SONG_COUNT;
  if (!Number.isInteger(songCount) || songCount < 0) {
    throw new RangeError(`songCount must be a non-negative integer, got ${songCount}`);
  }
  const plan = planCatalog(seed, songCount);
  options.onProgress?.(0, songCount);

  const jobs: AudioJob[] = plan.songs.map((song, index) => ({
    index,
    seed: song.audioSeed,
    genre: song.genre,
    durationSeconds: song.nominalSeconds,
    ...AUDIO_SETTINGS,
  }));
  // Start the audio first: it is the long pole, and sharp works on its own threads meanwhile.
  const audioPromise = renderAudio(jobs, (done) => options.onProgress?.(done, songCount));
  const [portraits, albumCovers, singleCovers] = await Promise.all([
    Promise.all(plan.artists.map((a) => renderPortrait(a.portraitSeed, a.backdrop))),
    Promise.all(plan.albums.map((a) => renderCover(a.coverSeed, a.coverStyle))),
    Promise.all(
      plan.songs.map((s) => (s.coverSeed === null ? null : renderCover(s.coverSeed, s.coverStyle))),
    ),
  ]);
  const audio = await audioPromise;

  const artists: DemoArtist[] = plan.artists.map((a, i) => ({
    name: a.name,
    description: a.description,
    portrait: portraits[i]!,
    verified: a.verified,
  }));
  const albums: DemoAlbum[] = plan.albums.map((a, i) => ({
    title: a.title,
    year: a.year,
    artistIndex: a.artistIndex,
    cover: albumCovers[i]!,
  }));
  const songs: DemoSong[] = plan.songs.map((s, i) => {
    const mp3 = audio[i]!;
    return {
      title: s.title,
      genre: s.genre,
      // What a player will show: the encoded length (a few frames longer than the PCM), rounded.
      durationSeconds: Math.round(encodedDuration(mp3, AUDIO_SETTINGS)),
      artistIndexes: s.artistIndexes,
      albumIndex: s.albumIndex,
      trackNumber: s.trackNumber,
      audio: mp3,
      cover: s.albumIndex === null ? singleCovers[i]! : albums[s.albumIndex]!.cover,
    };
  });
  return { artists, albums, songs };
}
