import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { InlineLimitsPlugin } from './inline-limits.ts';

interface Tables {
  songs: { id: number; title: string };
}

const sqlite = new SqliteDatabase(':memory:');
const db = new Kysely<Tables>({
  dialect: new SqliteDialect({ database: sqlite }),
  plugins: [new InlineLimitsPlugin()],
});

describe('InlineLimitsPlugin', () => {
  afterAll(() => db.destroy());

  it('writes an integer limit into the SQL text and keeps other values bound', () => {
    const query = db
      .selectFrom('songs')
      .select('id')
      .where('title', '=', 'x')
      .orderBy('id')
      .limit(50)
      .offset(100)
      .compile();
    expect(query.sql).toMatch(/limit 50 offset \?$/);
    expect(query.parameters).toEqual(['x', 100]);
  });

  it('leaves anything but a plain non-negative integer bound', () => {
    const query = db.selectFrom('songs').select('id').limit(2.5).compile();
    expect(query.sql).toMatch(/limit \?$/);
    expect(query.parameters).toEqual([2.5]);
  });

  it('runs: the rows come back as with a bound limit', async () => {
    await db.schema
      .createTable('songs')
      .addColumn('id', 'integer')
      .addColumn('title', 'text')
      .execute();
    await db
      .insertInto('songs')
      .values([1, 2, 3].map((id) => ({ id, title: `t${id}` })))
      .execute();
    const rows = await db.selectFrom('songs').select('id').orderBy('id', 'desc').limit(2).execute();
    expect(rows.map((row) => row.id)).toEqual([3, 2]);
  });
});
