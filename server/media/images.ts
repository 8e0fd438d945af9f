import { createHash } from 'node:crypto';
import { IMAGE_WIDTHS } from '../../contract/rules/catalog.ts';
import { imageOriginalKey, imageVariantKey, type MediaStore } from './media-store.ts';

/** Square crops: covers and portraits are shown square or round everywhere in the app. */
async function variant(input: Buffer, width: number): Promise<Buffer> {
  // libvips is loaded with the first image, not at start: a server that is only listened to
  // never needs it.
  const { default: sharp } = await import('sharp');
  return sharp(input, { failOn: 'error' })
    .rotate()
    .resize(width, width, { fit: 'cover', position: 'attention' })
    .webp({ quality: 80 })
    .toBuffer();
}

/**
 * Stores an image once under its content hash with its WebP variants, and returns the hash that
 * names it. Throws when the bytes are not an image sharp can decode.
 */
export async function storeImage(media: MediaStore, input: Buffer): Promise<string> {
  const hash = createHash('sha256').update(input).digest('hex');
  // Same bytes, same variants: an image stored before needs no second encoding.
  if (await media.stat(imageOriginalKey(hash))) return hash;
  const variants = await Promise.all(IMAGE_WIDTHS.map((width) => variant(input, width)));
  await Promise.all(
    IMAGE_WIDTHS.map((width, index) =>
      media.putBuffer(imageVariantKey(hash, width), variants[index]!),
    ),
  );
  await media.putBuffer(imageOriginalKey(hash), input);
  return hash;
}

/** Removes an image and its variants (used when a failed upload must leave nothing behind). */
export async function deleteImage(media: MediaStore, hash: string): Promise<void> {
  await Promise.all([
    media.delete(imageOriginalKey(hash)),
    ...IMAGE_WIDTHS.map((width) => media.delete(imageVariantKey(hash, width))),
  ]);
}
