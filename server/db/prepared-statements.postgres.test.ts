import { randomBytes } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../tests/helpers/api-app.ts';
import { type Db, openDatabase } from './database.ts';
import { MAX_PREPARED } from './prepared-statements.ts';

// Collected only for the PostgreSQL run of the API suite (vitest.config.ts).
const url = testDatabaseUrl!;
const schema = `t_${randomBytes(6).toString('hex')}`;

afterAll(async () => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade`);
  await client.end();
});

/** The statements the connection `db` holds prepared, by name. */
async function preparedOn(db: Db): Promise<Map<string, string>> {
  const { rows } = await sql<{
    name: string;
    statement: string;
  }>`select name, statement from pg_prepared_statements`.execute(db);
  return new Map(rows.map((row) => [row.name, row.statement]));
}

describe('named prepared statements on PostgreSQL', () => {
  it('runs the texts the database keeps as named statements, and others as sent', async () => {
    const handle = await openDatabase({ url, dataDir: '.', pgSchema: schema });
    try {
      // One connection throughout: prepared statements belong to a connection.
      await handle.db.connection().execute(async (db) => {
        const marked = CompiledQuery.raw('select $1::int + 1 as n', [41]);
        const result = await handle.statements.execute(db, marked);
        expect(result.rows).toEqual([{ n: 42 }]);
        const name = handle.statements.nameOf(marked.sql)!;
        // Again with other values: the same statement, run by name.
        expect(
          (await handle.statements.execute(db, CompiledQuery.raw(marked.sql, [1]))).rows,
        ).toEqual([{ n: 2 }]);
        await sql`select ${2}::int as plain`.execute(db);
        const prepared = await preparedOn(db);
        expect(prepared.get(name)).toBe(marked.sql);
        expect([...prepared.values()].some((text) => text.includes('as plain'))).toBe(false);
      });
    } finally {
      await handle.close();
    }
  });

  it('prepares at most the cap of texts, whatever a connection is sent', async () => {
    const handle = await openDatabase({ url, dataDir: '.', pgSchema: schema });
    try {
      await handle.db.connection().execute(async (db) => {
        for (let i = 0; i < MAX_PREPARED.fixed + 20; i++) {
          await handle.statements.execute(db, CompiledQuery.raw(`select ${i} as n`));
        }
        const prepared = await preparedOn(db);
        expect(prepared.size).toBe(MAX_PREPARED.fixed);
        expect([...prepared.values()]).toContain('select 0 as n');
        expect([...prepared.values()]).not.toContain(`select ${MAX_PREPARED.fixed} as n`);
      });
    } finally {
      await handle.close();
    }
  });
});
