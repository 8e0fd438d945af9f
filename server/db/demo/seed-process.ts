/**
 * The process that makes the demo catalog (started by seedDemoInChildProcess): it opens the
 * database and media store the server's environment names, seeds them, reports the counts to
 * its parent and exits.
 */

import os from 'node:os';
import { loadConfig } from '../../config.ts';
import { createMediaStore } from '../../media/create-store.ts';
import { decodeImagesFreely } from '../../media/images.ts';
import { openDatabase } from '../database.ts';
import { seedDemoCatalog } from './seed.ts';

// This process serves nothing while it works: its images may take every core.
decodeImagesFreely(os.availableParallelism());
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  const result = await seedDemoCatalog(database.db, await createMediaStore(config));
  await new Promise<void>((resolve) => {
    if (process.send) process.send(result, () => resolve());
    else resolve();
  });
  process.disconnect?.();
} finally {
  await database.close();
}
