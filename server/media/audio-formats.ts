/**
 * Which stored audio a browser plays as it is, and which goes to the web player through a
 * transcode. Decided from what the upload probe stored: the container's type and the codec.
 */

/** Containers browsers play, by the extension `file-type` gives, with the type served. */
export const BROWSER_CONTAINERS: Record<string, string> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  flac: 'audio/flac',
  wav: 'audio/wav',
  webm: 'audio/webm',
};

/**
 * Containers browsers do not play but ffmpeg reads, by the extension `file-type` gives: the
 * extension the stored key gets and the type served to apps that ask for the original.
 */
export const TRANSCODED_CONTAINERS: Record<string, { extension: string; mime: string }> = {
  aif: { extension: 'aiff', mime: 'audio/aiff' },
  asf: { extension: 'wma', mime: 'audio/x-ms-wma' },
  wv: { extension: 'wv', mime: 'audio/wavpack' },
  ape: { extension: 'ape', mime: 'audio/ape' },
  mpc: { extension: 'mpc', mime: 'audio/musepack' },
  mka: { extension: 'mka', mime: 'audio/x-matroska' },
};

/** Codecs every current browser decodes; others (ALAC, WMA, ADPCM…) play through a transcode. */
const BROWSER_CODEC = /^(MPEG [12](\.5)? Layer 3|MPEG-4\/AAC|AAC|Vorbis|Opus|FLAC|PCM|IEEE_FLOAT)/i;

const BROWSER_MIMES = new Set(Object.values(BROWSER_CONTAINERS));

export function browserCodec(codec: string): boolean {
  return BROWSER_CODEC.test(codec);
}

/**
 * Whether browsers play a stored song's audio as it is. Songs stored before codecs were
 * recorded have none, and were all accepted as playable.
 */
export function browserPlays(audio: { mime: string; codec: string | null }): boolean {
  return BROWSER_MIMES.has(audio.mime) && (audio.codec === null || browserCodec(audio.codec));
}
