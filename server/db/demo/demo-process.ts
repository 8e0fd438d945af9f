import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { entryPointUrl, runsCompiled } from '../../lib/entry-points.ts';
import type { Db } from '../database.ts';

export interface SeedResult {
  artists: number;
  albums: number;
  songs: number;
  milliseconds: number;
}

/** The catalog counts as empty when it has neither artists nor songs. */
export async function catalogIsEmpty(db: Db): Promise<boolean> {
  const [artist, song] = await Promise.all([
    db.selectFrom('artists').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('songs').select('id').limit(1).executeTakeFirst(),
  ]);
  return !artist && !song;
}

/**
 * Makes the demo catalog in a process of its own (seed-process.ts), with the server's settings
 * from the environment; null when another instance made it first. Synthesising and encoding the
 * music and drawing the artwork take a few hundred megabytes; a process that exits gives all of
 * it back, where the server's own heap would hold most of it for good.
 */
export function seedDemoInChildProcess(): Promise<SeedResult | null> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(entryPointUrl('demo-seed')), [], {
      execArgv: runsCompiled ? ['--enable-source-maps'] : ['--import', 'tsx'],
      stdio: 'inherit',
    });
    let result: { seeded: SeedResult | null } | null = null;
    child.once('message', (message: SeedResult | null) => {
      result = { seeded: message };
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0 && result) resolve(result.seeded);
      else
        reject(
          new Error(`The demo catalog was not made: its process ended with ${signal ?? code}`),
        );
    });
  });
}
