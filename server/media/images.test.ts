import { describe, expect, it } from 'vitest';
import { makePng, makePngBomb } from '../../tests/fixtures/media.ts';
import { checkImageSize, ImageDamaged, ImageRefused } from './images.ts';

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
