import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate, openDatabase } from '../../server/db/database.ts';
import { seedDemoCatalog } from '../../server/db/demo/seed.ts';
import { LocalMediaStore } from '../../server/media/local-store.ts';

const root = path.resolve(import.meta.dirname, '../..');

function fingerprint(): string {
  const hash = createHash('sha256');
  for (const dir of ['server/db/demo', 'server/db/migrations', 'server/media']) {
    for (const file of fs.readdirSync(path.join(root, dir)).sort()) {
      const full = path.join(root, dir, file);
      if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A DATA_DIR holding the demo catalog, made once per version of the generator and reused by
 * every browser run: the journeys see exactly what `npm start` makes, without paying for the
 * synthesis each time.
 */
export async function demoDataTemplate(): Promise<string> {
  const dir = path.join(os.tmpdir(), `chorus-demo-template-${fingerprint()}`);
  if (fs.existsSync(path.join(dir, '.ready'))) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const database = await openDatabase({ url: null, dataDir: dir });
  await migrate(database);
  await seedDemoCatalog(database.db, new LocalMediaStore(path.join(dir, 'media')));
  await database.close();
  fs.writeFileSync(path.join(dir, '.ready'), new Date().toISOString());
  return dir;
}

/** Copies the template into a fresh DATA_DIR. */
export async function freshDemoDataDir(prefix = 'chorus-e2e-'): Promise<string> {
  const template = await demoDataTemplate();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.cpSync(template, dataDir, { recursive: true, filter: (source) => !source.endsWith('.ready') });
  return dataDir;
}
