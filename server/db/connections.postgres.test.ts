import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../tests/helpers/api-app.ts';
import { createSearchRepository } from '../modules/search/search.repository.ts';
import { migrate, openDatabase } from './database.ts';

// Collected only for the PostgreSQL run of the API suite (vitest.config.ts).
const url = testDatabaseUrl!;
const schema = `t_${randomBytes(6).toString('hex')}`;

async function onServer<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

afterAll(() => onServer((client) => client.query(`drop schema if exists ${schema} cascade`)));

describe('PostgreSQL connections', () => {
  it('keeps serving after the server drops the idle connections of the pool', async () => {
    const lost: Error[] = [];
    const handle = await openDatabase({
      url,
      dataDir: '.',
      pgSchema: schema,
      onConnectionLost: (error) => lost.push(error),
    });
    try {
      const one = (db = handle.db) => sql<{ n: number }>`select 1 as n, pg_sleep(0.05)`.execute(db);
      // Several at once, so both pools open several connections and keep them idle.
      await Promise.all([
        one(),
        one(),
        one(),
        one(handle.genericPlanDb),
        one(handle.genericPlanDb),
      ]);
      const dropped = await onServer(async (client) => {
        const result = await client.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where application_name = any($1)',
          [[`chorus ${schema}`, `chorus ${schema} search`]],
        );
        return result.rowCount ?? 0;
      });
      expect(dropped).toBeGreaterThanOrEqual(5);
      await expect.poll(() => lost.length).toBe(dropped);
      expect(lost[0]!.message).toMatch(/terminating connection/);
      expect((await one()).rows[0]!.n).toBe(1);
      expect((await one(handle.genericPlanDb)).rows[0]!.n).toBe(1);
    } finally {
      await handle.close();
    }
  });

  it('plans statements once on the search connections only, both in the schema', async () => {
    const handle = await openDatabase({ url, dataDir: '.', pgSchema: schema });
    try {
      const settings = (db: typeof handle.db) =>
        sql<{ mode: string; path: string }>`select current_setting('plan_cache_mode') as mode,
          current_setting('search_path') as path`
          .execute(db)
          .then((result) => result.rows[0]);
      // Other queries (play windows, pages) depend on their values: planned for them.
      expect(await settings(handle.db)).toEqual({ mode: 'auto', path: schema });
      expect(await settings(handle.genericPlanDb)).toEqual({
        mode: 'force_generic_plan',
        path: schema,
      });
    } finally {
      await handle.close();
    }
  });

  it('runs searches of one or two words prepared on the search connections, longer ones not', async () => {
    const handle = await openDatabase({ url, dataDir: '.', pgSchema: schema });
    try {
      await migrate(handle);
      const index = createSearchRepository(handle);
      // One at a time: the pool hands back the connection used last, which holds what it ran.
      const prepared = async (db: typeof handle.db) =>
        (
          await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)
        ).rows.filter((row) => row.statement.startsWith('select kind, id'));
      await index.search(['quiet', 'beac'], 20);
      expect(await prepared(handle.genericPlanDb)).toHaveLength(1);
      expect(await prepared(handle.db)).toHaveLength(0);
      await index.search(['quiet', 'beacon', 'night'], 20);
      expect(await prepared(handle.genericPlanDb)).toHaveLength(1);
      expect(await prepared(handle.db)).toHaveLength(0);
    } finally {
      await handle.close();
    }
  });
});
