import { createHash } from 'node:crypto';
import type SharpModule from 'sharp';
import { IMAGE_WIDTHS, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from '../../contract/rules/catalog.ts';
import { JobQueue } from '../lib/job-queue.ts';
import { SharedWork } from '../lib/shared-work.ts';
import { imageOriginalKey, imageVariantKey, type MediaStore } from './media-store.ts';

type Sharp = typeof SharpModule;

/** An image refused before decoding, for a reason its sender can act on (the message says it). */
export class ImageRefused extends Error {}

/** Bytes that are not an image libvips can read. */
export class ImageDamaged extends Error {}

let loading: Promise<Sharp> | null = null;

/**
 * How much image work may run at once. A server decodes one image at a time with one libvips
 * thread: decoding runs on libuv's thread pool, which also reads the files audio ranges are sent
 * from, so one image job leaves the other threads to audio however many images arrive. The
 * others wait their turn in the queue.
 */
let imageJobs = new JobQueue(1);
let threadsPerImage = 1;

/** Images waiting for their turn to be decoded. */
export function imagesWaiting(): number {
  return imageJobs.queued;
}

/**
 * For a process that serves no audio (the demo seed): `jobs` images at once, each with libvips's
 * default threads.
 */
export function decodeImagesFreely(jobs: number): void {
  imageJobs = new JobQueue(jobs);
  threadsPerImage = 0;
  void loading?.then((sharp) => sharp.concurrency(threadsPerImage));
}

/**
 * libvips is loaded with the first image, not at start: a server that is only listened to never
 * needs it. Decoded images are not cached (memory).
 */
function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(threadsPerImage);
    sharp.cache(false);
    return sharp;
  });
  return loading;
}

const MEGAPIXEL = 1_000_000;

/**
 * Reads the image's declared size from its header, without decoding it, and refuses images too
 * large to be worth decoding: a few kilobytes can declare billions of pixels.
 */
export async function checkImageSize(input: Buffer): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp();
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(input, { limitInputPixels: false }).metadata());
  } catch {
    throw new ImageDamaged('The image cannot be read');
  }
  if (!width || !height) throw new ImageDamaged('The image declares no size');
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    throw new ImageRefused(
      `The image is ${width}×${height} pixels; images may be at most ${MAX_IMAGE_SIDE.toLocaleString('en')} pixels a side and ${MAX_IMAGE_PIXELS / MEGAPIXEL} megapixels in all. Please upload a smaller image.`,
    );
  }
  return { width, height };
}

/**
 * Square crops: covers and portraits are shown square or round everywhere in the app. The image
 * is decoded once, to the largest width; the smaller ones are scaled down from that.
 */
async function variants(input: Buffer): Promise<Buffer[]> {
  const sharp = await loadSharp();
  const largest = Math.max(...IMAGE_WIDTHS);
  const { data, info } = await sharp(input, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize(largest, largest, { fit: 'cover', position: 'attention' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const encoded: Buffer[] = [];
  // One after another: one image job holds one thread of the pool (see imageJobs).
  for (const width of IMAGE_WIDTHS) {
    encoded.push(await sharp(data, { raw }).resize(width, width).webp({ quality: 80 }).toBuffer());
  }
  return encoded;
}

export function imageHash(input: Buffer): string {
  return createHash('sha256').update(input).digest('hex');
}

/**
 * Stores an image once under its content hash with its WebP variants, and returns the hash that
 * names it. Throws ImageRefused for an image declaring too many pixels and ImageDamaged for bytes
 * that do not decode, both before anything is stored.
 */
export async function storeImage(
  media: MediaStore,
  input: Buffer,
  hash = imageHash(input),
): Promise<string> {
  // The same bytes arriving twice at once (an album's tracks in an import) are encoded once.
  return storing.run(hash, () => storeOnce(media, input, hash));
}

/** Images being stored, by hash. */
const storing = new SharedWork<string, string>();

async function storeOnce(media: MediaStore, input: Buffer, hash: string): Promise<string> {
  await checkImageSize(input);
  // Same bytes, same variants: an image stored before needs no second encoding.
  if (await media.stat(imageOriginalKey(hash))) return hash;
  let encoded: Buffer[];
  try {
    encoded = await imageJobs.run(() => variants(input));
  } catch {
    throw new ImageDamaged('The image cannot be decoded');
  }
  await Promise.all(
    IMAGE_WIDTHS.map((width, index) =>
      media.putBuffer(imageVariantKey(hash, width), encoded[index]!),
    ),
  );
  await media.putBuffer(imageOriginalKey(hash), input);
  return hash;
}

/** Removes an image and its variants. */
export async function deleteImage(media: MediaStore, hash: string): Promise<void> {
  await Promise.all([
    media.delete(imageOriginalKey(hash)),
    ...IMAGE_WIDTHS.map((width) => media.delete(imageVariantKey(hash, width))),
  ]);
}
