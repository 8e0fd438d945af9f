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
/** The images Chorus takes: what the server finds when it reads an upload's bytes. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
/** What a file that is none of them is told, in the same words by the server and by the forms. */
export const IMAGE_TYPE_MESSAGE = 'Please select a valid image file (JPEG, PNG, or GIF)';
/**
 * The types a chosen file, or an upload's bytes, may show: IMAGE_TYPES; 'image/jpg', which is no
 * registered type but the name some systems give a JPEG, taken as the JPEG it is; and
 * 'image/apng', an animated PNG as its bytes read (most browsers label it a PNG), stored as its
 * still image, as an animated GIF is.
 */
export const CHOSEN_IMAGE_TYPES: readonly string[] = [...IMAGE_TYPES, 'image/jpg', 'image/apng'];

/**
 * What an uploaded file of each kind may weigh: the server refuses more with a 413, and the admin
 * forms refuse it when it is chosen, before any of it is sent.
 */
export const UPLOAD_LIMITS = { audio: MAX_AUDIO_BYTES, image: MAX_IMAGE_BYTES } as const;
export type UploadKind = keyof typeof UPLOAD_LIMITS;

/** What a file over its limit is told, in the same words by the server and by the forms. */
export function tooLargeMessage(kind: UploadKind, limit: number = UPLOAD_LIMITS[kind]): string {
  const megabytes = Math.round(limit / (1024 * 1024));
  return kind === 'image'
    ? `Image size must be less than ${megabytes}MB`
    : `The audio file is too large (the limit is ${megabytes} MB)`;
}

/** Why a chosen file cannot be uploaded for its weight, or null when it fits. */
export function oversizeProblem(kind: UploadKind, file: { size: number }): string | null {
  return file.size > UPLOAD_LIMITS[kind] ? tooLargeMessage(kind) : null;
}

/**
 * Why a file cannot be uploaded as an image for its type, or null when Chorus takes it: `type`
 * is what the browser says of a chosen file, or what the server found in an upload's bytes.
 */
export function imageTypeProblem(file: { type: string }): string | null {
  return CHOSEN_IMAGE_TYPES.includes(file.type) ? null : IMAGE_TYPE_MESSAGE;
}

/** Why a chosen file cannot be uploaded as `kind`: an image's type first, then the weight. */
export function uploadProblem(
  kind: UploadKind,
  file: { type: string; size: number },
): string | null {
  return (kind === 'image' ? imageTypeProblem(file) : null) ?? oversizeProblem(kind, file);
}

/** Widths of the WebP variants made for every stored image. */
export const IMAGE_WIDTHS = [64, 300, 640] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
