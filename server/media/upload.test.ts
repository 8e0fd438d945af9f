import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, imageTypeProblem, MAX_IMAGE_BYTES } from '../../contract/rules/catalog.ts';
import { AppError } from '../lib/errors.ts';
import { storeImage } from './images.ts';
import { LocalMediaStore } from './local-store.ts';
import { imageVariantKey } from './media-store.ts';
import { readImage, stageStream } from './upload.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-upload-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const media = new LocalMediaStore(path.join(root, 'media'));

const stage = (bytes: Buffer) =>
  stageStream(media, Readable.from([bytes]), {
    limit: MAX_IMAGE_BYTES,
    kind: 'image',
    filename: 'picture',
  });

const picture = (format: 'jpeg' | 'png' | 'gif' | 'webp' | 'tiff' | 'avif') =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: '#3366ff' } })
    .toFormat(format)
    .toBuffer();

/** How a browser names a chosen file of each format, by its extension. */
const BROWSER_TYPES = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  tiff: 'image/tiff',
  avif: 'image/avif',
} as const;

/** A PNG chunk: its length, type, data and the CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * An animated PNG of one frame: a PNG with the animation control chunk and the frame's control
 * chunk after its header, as APNG writers put them.
 */
async function animatedPng(): Promise<Buffer> {
  const png = await picture('png');
  const headerEnd = 8 + 8 + 13 + 4;
  const animation = Buffer.alloc(8);
  animation.writeUInt32BE(1, 0);
  const frame = Buffer.alloc(26);
  frame.writeUInt32BE(16, 4);
  frame.writeUInt32BE(16, 8);
  frame.writeUInt16BE(1, 20);
  frame.writeUInt16BE(10, 22);
  return Buffer.concat([
    png.subarray(0, headerEnd),
    pngChunk('acTL', animation),
    pngChunk('fcTL', frame),
    png.subarray(headerEnd),
  ]);
}

describe('the image type rule, on the server and in the forms', () => {
  it.each(['jpeg', 'png', 'gif', 'webp'] as const)(
    'takes a %s both as the form sees it and as the server reads its bytes',
    async (format) => {
      expect(imageTypeProblem({ type: BROWSER_TYPES[format] })).toBeNull();
      const bytes = await picture(format);
      expect(await readImage(await stage(bytes), 'imageFile')).toEqual(bytes);
    },
  );

  it.each(['tiff', 'avif'] as const)(
    'refuses a %s in the form, and on the server with the same words, naming the field',
    async (format) => {
      const said = imageTypeProblem({ type: BROWSER_TYPES[format] });
      expect(said).toBe('Please select a valid image file (JPEG, PNG, or GIF)');
      const refusal = await readImage(await stage(await picture(format)), 'imageFile').catch(
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({
        statusCode: 415,
        message: `imageFile: ${said}`,
        field: 'imageFile',
      });
    },
  );
});

describe('an animated PNG', () => {
  it('is taken by the rule, read from its bytes as such, and stored as its still image', async () => {
    const bytes = await animatedPng();
    const { fileTypeFromBuffer } = await import('file-type');
    expect((await fileTypeFromBuffer(bytes))?.mime).toBe('image/apng');
    expect(imageTypeProblem({ type: 'image/apng' })).toBeNull();
    expect(await readImage(await stage(bytes), 'imageFile')).toEqual(bytes);
    const hash = await storeImage(media, bytes);
    for (const width of IMAGE_WIDTHS) {
      const variant = fs.readFileSync(media.localPath(imageVariantKey(hash, width)) ?? '');
      const { channels } = await sharp(variant).stats();
      // The still image is the picture's blue (#3366ff), give or take WebP's rounding.
      const off = [0x33, 0x66, 0xff].map((value, index) =>
        Math.abs((channels[index]?.mean ?? 0) - value),
      );
      expect(Math.max(...off)).toBeLessThan(8);
    }
  });
});
