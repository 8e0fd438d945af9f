/**
 * The process that makes the demo catalog (started by seedDemoInChildProcess): it opens the
 * database and media store the server's environment names, seeds them unless another instance
 * has (`seedDemoIfEmpty`), reports the counts (or null) to its parent and exits.
 */

import os from 'node:os';
import { loadConfig } from '../../config.ts';
import { createMediaStore } from '../../media/create-store.ts';
import { decodeImagesFreely } from '../../media/images.ts';
import { openDatabase } from '../database.ts';
import { seedDemoIfEmpty } from './seed.ts';

// This process serves nothing while it works: its images may take every core.
decodeImagesFreely(os.availableParallelism());
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  const result = await seedDemoIfEmpty(database, await createMediaStore(config));
  await new Promise<void>((resolve) => {
    if (process.send) process.send(result, () => resolve());
    else resolve();
  });
  process.disconnect?.();
} finally {
  await database.close();
}
