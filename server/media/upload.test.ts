import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { imageTypeProblem, MAX_IMAGE_BYTES } from '../../contract/rules/catalog.ts';
import { AppError } from '../lib/errors.ts';
import { LocalMediaStore } from './local-store.ts';
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
