import path from 'node:path';
import type { Config } from '../config.ts';
import { LocalMediaStore } from './local-store.ts';
import type { MediaStore } from './media-store.ts';

/**
 * The store the configuration names. A bucket is checked before anything is served from it, and
 * its client (the AWS SDK) loads only when one is configured. Staging files an earlier process
 * left behind go first.
 */
export async function createMediaStore(config: Config): Promise<MediaStore> {
  const store = await openMediaStore(config);
  await store.sweepStaging();
  return store;
}

async function openMediaStore(config: Config): Promise<MediaStore> {
  if (config.s3) {
    const { S3MediaStore } = await import('./s3-store.ts');
    const store = new S3MediaStore(config.s3, path.join(config.dataDir, 'staging'));
    await store.check();
    return store;
  }
  return new LocalMediaStore(
    path.join(config.dataDir, 'media'),
    config.mediaAccelRedirect !== null,
  );
}
