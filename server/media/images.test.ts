import { describe, expect, it } from 'vitest';
import { makePng, makePngBomb } from '../../tests/fixtures/media.ts';
import { tempDirs } from '../../tests/helpers/temp-dirs.ts';
import {
  checkImageSize,
  ImageDamaged,
  ImageRefused,
  imageHash,
  imagesWaiting,
  storeImage,
} from './images.ts';
import { LocalMediaStore } from './local-store.ts';
import { imageOriginalKey } from './media-store.ts';

describe('checkImageSize', () => {
  it('refuses images declaring more than 8,000 pixels a side or 40 megapixels, from the header alone', async () => {
    for (const [width, height] of [
      [16_383, 16_383],
      [8_001, 10],
      [10, 8_001],
      [7_000, 6_000],
    ] as const) {
      const refused = checkImageSize(makePngBomb(width, height));
      await expect(refused).rejects.toBeInstanceOf(ImageRefused);
      await expect(refused).rejects.toThrow(
        `The image is ${width}×${height} pixels; images may be at most 8,000 pixels a side and 40 megapixels in all. Please upload a smaller image.`,
      );
    }
  });

  it('accepts images within the limits and says their size', async () => {
    expect(await checkImageSize(makePngBomb(8_000, 5_000))).toEqual({
      width: 8_000,
      height: 5_000,
    });
    expect(await checkImageSize(await makePng(32))).toEqual({ width: 32, height: 32 });
  });

  it('calls bytes that are no image damaged', async () => {
    await expect(checkImageSize(Buffer.from('not an image'))).rejects.toBeInstanceOf(ImageDamaged);
  });
});

describe('storeImage', () => {
  const tempDir = tempDirs('chorus-images-');

  it('decodes one image at a time; the others wait their turn', async () => {
    const media = new LocalMediaStore(tempDir());
    // Large enough that the first decode is still running when the last one arrives.
    const images = await Promise.all(
      [0x203040, 0x405060, 0x607080].map((colour) => makePng(4_000, `#${colour.toString(16)}`)),
    );
    const storing = images.map((image) => storeImage(media, image));
    let most = 0;
    while (most < 2 && !(await Promise.race([storing[0], null]))) {
      most = Math.max(most, imagesWaiting());
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(most).toBe(2);
    expect(await Promise.all(storing)).toEqual(images.map(imageHash));
    expect(imagesWaiting()).toBe(0);
    for (const image of images) {
      expect(await media.stat(imageOriginalKey(imageHash(image)))).not.toBeNull();
    }
  });
});
