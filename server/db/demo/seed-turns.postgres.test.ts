import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../../tests/helpers/api-app.ts';
import { LocalMediaStore } from '../../media/local-store.ts';
import { migrate, openDatabase } from '../database.ts';
import { seedDemoIfEmpty } from './seed.ts';

// Collected only for the PostgreSQL run of the API suite (vitest.config.ts).
const url = testDatabaseUrl!;
const schema = `t_${randomBytes(6).toString('hex')}`;
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-demo-turns-'));

afterAll(async () => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade`);
  await client.end();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe('the demo catalog on PostgreSQL', () => {
  it('is made once when two instances start at the same moment on an empty database', async () => {
    const first = await openDatabase({ url, dataDir: '.', pgSchema: schema });
    const second = await openDatabase({ url, dataDir: '.', pgSchema: schema });
    try {
      await migrate(first);
      const media = new LocalMediaStore(mediaDir);
      const results = await Promise.all(
        [first, second].map((handle) => seedDemoIfEmpty(handle, media, { songCount: 3 })),
      );
      // One instance made it; the other waited its turn and found it made.
      expect(results.filter((result) => result === null)).toHaveLength(1);
      expect(results.find((result) => result !== null)?.songs).toBe(3);
      const songs = await first.db.selectFrom('songs').select('id').execute();
      expect(songs).toHaveLength(3);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  }, 60_000);
});
