import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Gzip for a large response cached once and sent with each caller's own bits put in (a Subsonic
 * `getArtists` with the caller's follows): compressing it per request would cost more than
 * sending it. The cached bytes are compressed once, in blocks that each start afresh, so the
 * blocks a caller's bits fall in are sent stored (uncompressed) and every other block as it was
 * compressed, with the checksum of the whole worked out from the blocks'.
 */

/** Large enough to compress well alone, small enough that a block sent stored costs little. */
const BLOCK_BYTES = 16 * 1024;
/** A deflate block stored as it is holds at most this many bytes. */
const STORED_MAX = 0xffff;
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty stored block marked final: what ends the deflate stream. */
const FINAL_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);

export interface GzipBlocks {
  /** Where each block starts in the bytes, ascending (a block ends where the next starts). */
  starts: Int32Array;
  /** Each block deflated on its own, ending on a byte boundary and not final (views of `whole`). */
  deflated: Buffer[];
  /** The gzip of the bytes as they are, sent when no caller's bits go in. */
  whole: Buffer;
  /** The CRC-32 of each block's bytes. */
  crcs: Uint32Array;
}

/** Bytes put in at offset `at` of the cached bytes. */
export interface Insert {
  at: number;
  bytes: Buffer;
}

/** The bytes with `inserts` (ascending by `at`) put in: what the gzip holds, uncompressed. */
export function withInserts(bytes: Buffer, inserts: Insert[]): Buffer {
  if (inserts.length === 0) return bytes;
  const pieces: Buffer[] = [];
  let from = 0;
  for (const insert of inserts) {
    pieces.push(bytes.subarray(from, insert.at), insert.bytes);
    from = insert.at;
  }
  pieces.push(bytes.subarray(from));
  return Buffer.concat(pieces);
}

export function gzipBlocks(bytes: Buffer): GzipBlocks {
  const count = Math.max(1, Math.ceil(bytes.length / BLOCK_BYTES));
  const starts = new Int32Array(count);
  const crcs = new Uint32Array(count);
  const compressed: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const block = bytes.subarray(i * BLOCK_BYTES, (i + 1) * BLOCK_BYTES);
    starts[i] = i * BLOCK_BYTES;
    crcs[i] = crc32(block);
    compressed.push(deflateRawSync(block, { level: 6, finishFlush: constants.Z_FULL_FLUSH }));
  }
  const whole = Buffer.concat([
    GZIP_HEADER,
    ...compressed,
    FINAL_BLOCK,
    trailer(crc32(bytes), bytes.length),
  ]);
  const deflated: Buffer[] = [];
  let at = GZIP_HEADER.length;
  for (const block of compressed) {
    deflated.push(whole.subarray(at, at + block.length));
    at += block.length;
  }
  return { starts, deflated, whole, crcs };
}

/** The bytes of `blocks` with `inserts` (ascending by `at`) put in, as one gzip member. */
export function gzipWithInserts(bytes: Buffer, blocks: GzipBlocks, inserts: Insert[]): Buffer {
  if (inserts.length === 0) return blocks.whole;
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  let next = 0;
  for (let i = 0; i < blocks.starts.length; i++) {
    const start = blocks.starts[i]!;
    const last = i === blocks.starts.length - 1;
    const end = last ? bytes.length : blocks.starts[i + 1]!;
    // An insert at a block's end belongs to the next block, or to the last one.
    const inBlock = (insert: Insert) => insert.at < end || (last && insert.at === end);
    if (next >= inserts.length || !inBlock(inserts[next]!)) {
      parts.push(blocks.deflated[i]!);
      crc = crc32Combine(crc, blocks.crcs[i]!, end - start);
      size += end - start;
      continue;
    }
    const own: Insert[] = [];
    while (next < inserts.length && inBlock(inserts[next]!)) {
      const insert = inserts[next++]!;
      own.push({ at: insert.at - start, bytes: insert.bytes });
    }
    const spliced = withInserts(bytes.subarray(start, end), own);
    crc = crc32(spliced, crc);
    size += spliced.length;
    for (let at = 0; at < spliced.length; at += STORED_MAX) {
      parts.push(storedBlock(spliced.subarray(at, at + STORED_MAX)));
    }
  }
  parts.push(FINAL_BLOCK, trailer(crc, size));
  return Buffer.concat(parts);
}

/** gzip's trailer: the CRC-32 and the length (modulo 2^32) of what was compressed. */
function trailer(crc: number, size: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeUInt32LE(crc >>> 0, 0);
  bytes.writeUInt32LE(size >>> 0, 4);
  return bytes;
}

function storedBlock(data: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head[0] = 0;
  head.writeUInt16LE(data.length, 1);
  head.writeUInt16LE(~data.length & 0xffff, 3);
  return Buffer.concat([head, data]);
}

/** CRC-32's polynomial, bits reversed. */
const POLY = 0xedb88320;

/** a(x) × b(x) modulo the CRC polynomial, in CRC-32's reversed bit order. */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let product = 0;
  let factor = b;
  for (;;) {
    if (a & m) {
      product ^= factor;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    factor = factor & 1 ? (factor >>> 1) ^ POLY : factor >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k from 0 to 31. */
const X_TO_TWO_TO_THE: number[] = [];
for (let k = 0, p = 0x40000000; k < 32; k++) {
  X_TO_TWO_TO_THE.push(p);
  p = multiplyModP(p, p);
}

/** x^(n × 2^k) modulo the polynomial. */
function xToThe(n: number, k: number): number {
  let p = 0x80000000;
  for (let rest = n, i = k; rest > 0; rest = Math.floor(rest / 2), i++) {
    if (rest % 2 === 1) p = multiplyModP(X_TO_TWO_TO_THE[i % 32]!, p);
  }
  return p;
}

/** What shifts a CRC past a whole block: worked out once, as every block but the last has it. */
const SHIFT_PAST_BLOCK = xToThe(BLOCK_BYTES, 3);

/** The CRC-32 of A followed by B, from A's CRC, B's CRC and B's length (as zlib combines). */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  const shift = lengthB === BLOCK_BYTES ? SHIFT_PAST_BLOCK : xToThe(lengthB, 3);
  return (multiplyModP(shift, crcA) ^ crcB) >>> 0;
}
