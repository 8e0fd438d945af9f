export const GENRES = [
  'Rock',
  'Pop',
  'Hip Hop',
  'Jazz',
  'Classical',
  'Electronic',
  'Country',
  'R&B',
  'Reggae',
  'Blues',
] as const;
export type Genre = (typeof GENRES)[number];

export const SONG_STATUSES = ['Active', 'Inactive'] as const;
export type SongStatus = (typeof SONG_STATUSES)[number];

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Images declaring more pixels than these are refused before they are decoded. */
export const MAX_IMAGE_SIDE = 8_000;
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_AUDIO_BYTES = 200 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** Widths of the WebP variants made for every stored image. */
export const IMAGE_WIDTHS = [64, 300, 640] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
