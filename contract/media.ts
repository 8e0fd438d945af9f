import { IMAGE_WIDTHS } from './rules/catalog.ts';

/** URL of an image variant; every stored image has the widths in IMAGE_WIDTHS as WebP. */
export function imageUrl(hash: string, width: number = 640): string {
  return `/api/images/${hash}/${width}.webp`;
}

const IMAGE_URL = /^\/api\/images\/([a-f0-9]{64})\/\d+\.webp$/;

/** The stored image an image URL made by `imageUrl` shows (its hash), or undefined. */
export function imageHashOf(url: string | null | undefined): string | undefined {
  return url ? IMAGE_URL.exec(url)?.[1] : undefined;
}

/** `srcset` for an image URL made by `imageUrl`, so grids fetch the smallest fitting variant. */
export function imageSrcSet(url: string | null | undefined): string | undefined {
  const hash = imageHashOf(url);
  if (!hash) return undefined;
  return IMAGE_WIDTHS.map((width) => `${imageUrl(hash, width)} ${width}w`).join(', ');
}
