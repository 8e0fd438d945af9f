import path from 'node:path';
import { type Config, ConfigError } from '../config.ts';
import { LocalMediaStore } from './local-store.ts';
import type { MediaStore } from './media-store.ts';

export function createMediaStore(config: Config): MediaStore {
  if (config.mediaStore === 's3') {
    // The MediaStore interface is ready for it; the S3 implementation has not shipped yet.
    throw new ConfigError('MEDIA_STORE', '"s3" is not available in this version yet; use "local"');
  }
  return new LocalMediaStore(path.join(config.dataDir, 'media'));
}
