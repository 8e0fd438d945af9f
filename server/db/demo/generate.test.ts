import { createHash } from 'node:crypto';
import { parseBuffer } from 'music-metadata';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_SETTINGS, type DemoCatalog, generateDemoCatalog, planCatalog } from './generate.ts';
import { GENRES } from './names.ts';
import { mulberry32 } from './prng.ts';
import { synthesizeSong } from './synth.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from the IHDR chunk, which always directly follows the signature. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(png.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

function expectSquarePng(png: Buffer): void {
  const { width, height } = pngSize(png);
  expect(width).toBeGreaterThanOrEqual(600);
  expect(width).toBeLessThanOrEqual(700);
  expect(height).toBe(width);
}

function catalogHash(catalog: DemoCatalog): string {
  const hash = createHash('sha256');
  for (const artist of catalog.artists) hash.update(artist.name).update(artist.portrait);
  for (const album of catalog.albums) hash.update(album.title).update(album.cover);
  for (const song of catalog.songs) hash.update(song.title).update(song.audio).update(song.cover);
  return hash.digest('hex');
}

function sha(buffer: Buffer): string {
  return createHash('sha256').update(buffer).digest('hex');
}

function stripAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '');
}

const hasAccent = (text: string) => stripAccents(text) !== text;

describe('generateDemoCatalog (seed 1, 40 songs)', () => {
  let catalog: DemoCatalog;

  beforeAll(async () => {
    catalog = await generateDemoCatalog();
  }, 300_000);

  it('has at least 12 artists with descriptions and distinct PNG portraits', () => {
    expect(catalog.artists.length).toBeGreaterThanOrEqual(12);
    for (const artist of catalog.artists) {
      expect(artist.name.length).toBeGreaterThan(1);
      const sentences = artist.description.split(/(?<=\.)\s+/);
      expect(sentences.length).toBeGreaterThanOrEqual(1);
      expect(sentences.length).toBeLessThanOrEqual(2);
      expect(artist.description).toContain(artist.name);
      expectSquarePng(artist.portrait);
    }
    expect(new Set(catalog.artists.map((a) => a.name)).size).toBe(catalog.artists.length);
    expect(new Set(catalog.artists.map((a) => sha(a.portrait))).size).toBe(catalog.artists.length);
    expect(catalog.artists.some((a) => a.verified)).toBe(true);
    expect(catalog.artists.some((a) => !a.verified)).toBe(true);
  });

  it('has 6 albums with distinct PNG covers by catalog artists', () => {
    expect(catalog.albums).toHaveLength(6);
    for (const album of catalog.albums) {
      expect(album.title.length).toBeGreaterThan(1);
      expect(album.year).toBeGreaterThanOrEqual(1950);
      expect(album.year).toBeLessThanOrEqual(2025);
      expect(catalog.artists[album.artistIndex]).toBeDefined();
      expectSquarePng(album.cover);
    }
    expect(new Set(catalog.albums.map((a) => sha(a.cover))).size).toBe(6);
    expect(new Set(catalog.albums.map((a) => a.title)).size).toBe(6);
  });

  it('has 40 songs with valid artists, albums, track numbers, genres and covers', () => {
    const { songs, albums, artists } = catalog;
    expect(songs).toHaveLength(40);
    expect(new Set(songs.map((s) => s.title)).size).toBe(40);
    for (const song of songs) {
      expect(GENRES as readonly string[]).toContain(song.genre);
      expect(song.artistIndexes.length).toBeGreaterThanOrEqual(1);
      expect(song.artistIndexes.length).toBeLessThanOrEqual(2);
      expect(new Set(song.artistIndexes).size).toBe(song.artistIndexes.length);
      for (const index of song.artistIndexes) expect(artists[index]).toBeDefined();
      if (song.albumIndex === null) {
        expect(song.trackNumber).toBeNull();
        expectSquarePng(song.cover);
        expect(albums.some((a) => a.cover.equals(song.cover))).toBe(false);
      } else {
        const album = albums[song.albumIndex]!;
        expect(song.cover.equals(album.cover)).toBe(true);
        expect(song.artistIndexes[0]).toBe(album.artistIndex);
        expect(song.trackNumber).toBeGreaterThanOrEqual(1);
      }
    }
    expect(songs.filter((s) => s.albumIndex === null).length).toBeGreaterThanOrEqual(4);
    expect(songs.filter((s) => s.artistIndexes.length === 2).length).toBeGreaterThanOrEqual(2);
    albums.forEach((_, albumIndex) => {
      const tracks = songs
        .filter((s) => s.albumIndex === albumIndex)
        .map((s) => s.trackNumber)
        .sort((a, b) => a! - b!);
      expect(tracks.length).toBeGreaterThan(0);
      expect(tracks).toEqual(tracks.map((_, i) => i + 1));
    });
  });

  it('encodes every song as MPEG audio whose parsed duration matches (20–90 s)', async () => {
    const plan = planCatalog(1, 40);
    for (const [index, song] of catalog.songs.entries()) {
      const metadata = await parseBuffer(song.audio, { mimeType: 'audio/mpeg' });
      const parsed = metadata.format.duration;
      expect(metadata.format.container).toBe('MPEG');
      expect(metadata.format.codec).toMatch(/MPEG.*Layer 3/);
      expect(metadata.format.sampleRate).toBe(AUDIO_SETTINGS.sampleRate);
      expect(metadata.format.numberOfChannels).toBe(1);
      expect(parsed).toBeDefined();
      expect(Math.abs(parsed! - plan.songs[index]!.nominalSeconds)).toBeLessThanOrEqual(0.2);
      expect(Math.abs(parsed! - song.durationSeconds)).toBeLessThanOrEqual(0.2);
      expect(song.durationSeconds).toBe(Math.round(parsed!));
      expect(song.durationSeconds).toBeGreaterThanOrEqual(20);
      expect(song.durationSeconds).toBeLessThanOrEqual(90);
    }
    // The audio really is different music, not one file repeated.
    expect(new Set(catalog.songs.map((s) => sha(s.audio))).size).toBe(40);
  });

  it('includes accented artist names and song titles', () => {
    expect(catalog.artists.filter((a) => hasAccent(a.name)).length).toBeGreaterThanOrEqual(1);
    expect(catalog.songs.filter((s) => hasAccent(s.title)).length).toBeGreaterThanOrEqual(1);
  });

  it('uses several genres', () => {
    expect(new Set(catalog.songs.map((s) => s.genre)).size).toBeGreaterThanOrEqual(5);
  });

  it('keeps artists and albums when only the song count changes', async () => {
    const small = await generateDemoCatalog({ seed: 1, songCount: 1 });
    expect(small.artists.map((a) => sha(a.portrait))).toEqual(
      catalog.artists.map((a) => sha(a.portrait)),
    );
    expect(small.albums.map((a) => a.title)).toEqual(catalog.albums.map((a) => a.title));
  }, 60_000);
});

describe('determinism', () => {
  it('gives byte-identical output for the same seed and different output for another', async () => {
    const progress: number[] = [];
    const first = await generateDemoCatalog({
      seed: 7,
      songCount: 3,
      onProgress: (done, total) => {
        expect(total).toBe(3);
        progress.push(done);
      },
    });
    const again = await generateDemoCatalog({ seed: 7, songCount: 3 });
    const other = await generateDemoCatalog({ seed: 8, songCount: 3 });
    expect(first.songs).toHaveLength(3);
    expect(catalogHash(again)).toBe(catalogHash(first));
    expect(catalogHash(other)).not.toBe(catalogHash(first));
    expect(other.songs.map((s) => sha(s.audio))).not.toContain(sha(first.songs[0]!.audio));
    expect(progress.at(-1)).toBe(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    // Small catalogs keep the singles/album mix.
    expect(first.songs.some((s) => s.albumIndex === null)).toBe(true);
    expect(first.songs.some((s) => s.albumIndex !== null)).toBe(true);
  }, 60_000);

  it('plans the same catalog for the same seed', () => {
    expect(planCatalog(3, 40)).toEqual(planCatalog(3, 40));
    expect(planCatalog(3, 40)).not.toEqual(planCatalog(4, 40));
  });
});

// ---------------------------------------------------------------------------------------------
// The synthesiser, checked on its PCM (there is no MP3 decoder here to check the files by ear).
// ---------------------------------------------------------------------------------------------

const RATE = AUDIO_SETTINGS.sampleRate;

function rms(samples: Float32Array, from = 0, to = samples.length): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += samples[i]! * samples[i]!;
  return Math.sqrt(sum / Math.max(1, to - from));
}

/** In-place iterative radix-2 FFT; enough for a spectral sanity check. */
function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const angle = (-2 * Math.PI) / size;
    for (let start = 0; start < n; start += size) {
      for (let k = 0; k < size / 2; k++) {
        const wr = Math.cos(angle * k);
        const wi = Math.sin(angle * k);
        const a = start + k;
        const b = a + size / 2;
        const tr = re[b]! * wr - im[b]! * wi;
        const ti = re[b]! * wi + im[b]! * wr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
      }
    }
  }
}

/** Share of spectral energy per octave-ish band, summed over several windows of the song. */
function bandShares(samples: Float32Array, edges: readonly number[]): number[] {
  const size = 8192;
  const energy = new Array<number>(edges.length - 1).fill(0);
  for (let start = RATE; start + size < samples.length - RATE; start += size * 2) {
    const re = new Float64Array(size);
    const im = new Float64Array(size);
    for (let i = 0; i < size; i++) {
      const hann = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (size - 1));
      re[i] = samples[start + i]! * hann;
    }
    fft(re, im);
    for (let bin = 1; bin < size / 2; bin++) {
      const freq = (bin * RATE) / size;
      const band = edges.findIndex((edge, i) => freq >= edge && freq < (edges[i + 1] ?? 0));
      if (band >= 0) energy[band]! += re[bin]! ** 2 + im[bin]! ** 2;
    }
  }
  const total = energy.reduce((a, b) => a + b, 0);
  return energy.map((e) => e / total);
}

/** Loudness of consecutive 50 ms frames: rhythm makes it rise and fall. */
function frameLoudness(samples: Float32Array): number[] {
  const frame = Math.round(RATE * 0.05);
  const out: number[] = [];
  for (let start = RATE; start + frame < samples.length - 2 * RATE; start += frame) {
    out.push(rms(samples, start, start + frame));
  }
  return out;
}

function coefficientOfVariation(values: readonly number[]): number {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length;
  return Math.sqrt(variance) / mean;
}

describe('synthesizeSong', () => {
  const BANDS = [20, 150, 400, 1000, 2500, 6000, RATE / 2];

  it.each(GENRES.map((genre, i) => [genre, i] as const))(
    '%s: audible, in range, rhythmic and spectrally rich',
    (genre, i) => {
      const pcm = synthesizeSong(
        { genre, durationSeconds: 20, sampleRate: RATE },
        mulberry32(1000 + i),
      );
      expect(pcm).toHaveLength(20 * RATE);
      let peak = 0;
      for (const v of pcm) peak = Math.max(peak, Math.abs(v));
      expect(peak).toBeLessThanOrEqual(1);
      // Not silence: comfortably loud over the whole song, and in every stretch of it.
      expect(rms(pcm)).toBeGreaterThan(0.08);
      for (let second = 1; second < 17; second += 4) {
        expect(rms(pcm, second * RATE, (second + 1) * RATE)).toBeGreaterThan(0.02);
      }
      // Not a bare sine: energy spread over at least four bands (bass, body, presence, air).
      const shares = bandShares(pcm, BANDS);
      expect(shares.filter((share) => share > 0.002).length).toBeGreaterThanOrEqual(4);
      expect(Math.max(...shares)).toBeLessThan(0.9);
      // Rhythm: loudness varies from one 50 ms frame to the next.
      expect(coefficientOfVariation(frameLoudness(pcm))).toBeGreaterThan(0.1);
    },
  );

  it('is deterministic per seed and varies with the seed', () => {
    const params = { genre: 'Pop' as const, durationSeconds: 20, sampleRate: RATE };
    const a = synthesizeSong(params, mulberry32(5));
    const b = synthesizeSong(params, mulberry32(5));
    const c = synthesizeSong(params, mulberry32(6));
    const hash = (pcm: Float32Array) => sha(Buffer.from(pcm.buffer));
    expect(hash(b)).toBe(hash(a));
    expect(hash(c)).not.toBe(hash(a));
  });
});
