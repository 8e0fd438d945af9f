import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate, openDatabase } from '../../server/db/database.ts';
import { seedDemoCatalog } from '../../server/db/demo/seed.ts';
import { LocalMediaStore } from '../../server/media/local-store.ts';
import type { Figure, Scenario } from '../scenario.ts';

/** What `npm start` does on an empty database: synthesise, encode, store and insert the demo. */
const scenario: Scenario = {
  name: 'demo',
  description: 'the demo catalog made from nothing into a fresh SQLite database and media folder',
  async run(): Promise<Figure[]> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-bench-demo-'));
    try {
      const database = await openDatabase({ url: null, dataDir });
      await migrate(database);
      const started = performance.now();
      const result = await seedDemoCatalog(
        database.db,
        new LocalMediaStore(path.join(dataDir, 'media')),
      );
      const seconds = (performance.now() - started) / 1000;
      await database.close();
      return [
        {
          name: 'demo catalog',
          value: seconds,
          unit: 's',
          budget: { op: '<=', value: 15 },
          note: `${result.artists} artists, ${result.albums} albums, ${result.songs} songs`,
        },
      ];
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

export default scenario;
