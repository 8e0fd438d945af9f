import { randomBytes } from 'node:crypto';
import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Combine, gzipBlocks, gzipWithInserts, type Insert } from './gzip-blocks.ts';

/** Text that compresses as a catalog listing does. */
function listing(entries: number): Buffer {
  return Buffer.from(
    Array.from(
      { length: entries },
      (_, i) => `{"id":"${i}","name":"Artist ${i}","albumCount":2}`,
    ).join(','),
  );
}

/** The bytes with the inserts put in, one at a time from the last (so offsets hold). */
function spliced(bytes: Buffer, inserts: Insert[]): Buffer {
  return [...inserts]
    .reverse()
    .reduce(
      (text, { at, bytes: insert }) =>
        Buffer.concat([text.subarray(0, at), insert, text.subarray(at)]),
      bytes,
    );
}

describe('gzip in blocks', () => {
  it('combines CRC-32s as a CRC of the joined bytes', () => {
    for (const [a, b] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [7, 16_384],
      [100_000, 3],
      [65_536, 70_000],
    ] as const) {
      const first = randomBytes(a);
      const second = randomBytes(b);
      expect(crc32Combine(crc32(first), crc32(second), b)).toBe(
        crc32(Buffer.concat([first, second])),
      );
    }
  });

  const bytes = listing(12_000);
  const blocks = gzipBlocks(bytes);

  it('compresses a listing unchanged to a fraction of its size', () => {
    expect(blocks.starts.length).toBeGreaterThan(10);
    const gzip = gzipWithInserts(bytes, blocks, []);
    expect(gunzipSync(gzip).equals(bytes)).toBe(true);
    expect(gzip.length).toBeLessThan(bytes.length / 4);
  });

  it.each([
    ['one insert', [5_000]],
    ['at the start, at block edges and at the end', [0, 16_384, 16_384, 32_768, bytes.length]],
    ['many in one block, one far on', [100, 101, 200, 300, 400_000]],
  ])('puts inserts in where they go: %s', (_name, offsets) => {
    const inserts = offsets.map((at, i) => ({ at, bytes: Buffer.from(`,"starred":"${i}é"`) }));
    const gzip = gzipWithInserts(bytes, blocks, inserts);
    expect(gunzipSync(gzip).equals(spliced(bytes, inserts))).toBe(true);
    expect(gzip.length).toBeLessThan(bytes.length / 2);
  });

  it('stores a block larger than a stored block holds, in parts', () => {
    const inserts = [{ at: 20_000, bytes: Buffer.alloc(70_000, 'x') }];
    expect(
      gunzipSync(gzipWithInserts(bytes, blocks, inserts)).equals(spliced(bytes, inserts)),
    ).toBe(true);
  });

  it('gzips nothing at all', () => {
    const empty = Buffer.alloc(0);
    expect(gunzipSync(gzipWithInserts(empty, gzipBlocks(empty), [])).length).toBe(0);
  });
});
