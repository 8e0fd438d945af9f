import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../tests/helpers/api-app.ts';
import { migrate, openDatabase } from './database.ts';
import { migrations } from './migrations/index.ts';

// Collected only for the PostgreSQL run of the API suite (vitest.config.ts).
const url = testDatabaseUrl!;
const schemas: string[] = [];

afterAll(async () => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  for (const schema of schemas) await client.query(`drop schema if exists ${schema} cascade`);
  await client.end();
});

describe('migrations on PostgreSQL', () => {
  it('run once when four instances start at the same moment on a new database', async () => {
    for (let round = 0; round < 3; round++) {
      const schema = `t_${randomBytes(6).toString('hex')}`;
      schemas.push(schema);
      // Opened one after another (the first creates the test's schema); migrated all at once.
      const handles = [];
      for (let instance = 0; instance < 4; instance++) {
        handles.push(await openDatabase({ url, dataDir: '.', pgSchema: schema }));
      }
      try {
        const applied = await Promise.all(handles.map((handle) => migrate(handle)));
        // One instance applied every migration; the others found them done.
        expect(applied.map((names) => names.length).sort()).toEqual([0, 0, 0, migrations.length]);
        const { rows } = await sql`select name from schema_migrations`.execute(handles[0]!.db);
        expect(rows).toHaveLength(migrations.length);
      } finally {
        await Promise.all(handles.map((handle) => handle.close()));
      }
    }
  });
});
