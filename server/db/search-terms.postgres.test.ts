import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../tests/helpers/api-app.ts';
import { refreshAllCredits } from '../modules/search/search-index.ts';
import { type DatabaseHandle, migrate, openDatabase } from './database.ts';

// Collected only for the PostgreSQL run of the API suite (vitest.config.ts).
const url = testDatabaseUrl!;
const schema = `t_${randomBytes(6).toString('hex')}`;
const SONGS = 2_000;

/**
 * The plans PostgreSQL chooses for the statements `change` runs, triggers' statements included,
 * as auto_explain reports them to the session.
 */
async function plansOf(change: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  const plans: string[] = [];
  client.on('notice', (notice) => {
    if (notice.message?.includes('plan:')) plans.push(notice.message);
  });
  await client.connect();
  try {
    await client.query("load 'auto_explain'");
    await client.query('set auto_explain.log_min_duration = 0');
    await client.query('set auto_explain.log_nested_statements = on');
    await client.query('set client_min_messages = log');
    await client.query(change);
  } finally {
    await client.end();
  }
  return plans;
}

describe('search terms maintained by triggers on PostgreSQL', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openDatabase({ url, dataDir: '.', pgSchema: schema });
    await migrate(handle);
    const at = new Date().toISOString();
    await sql`insert into artists (name, description, is_disabled, verified, created_at, updated_at)
      values ('Kingston Lowlands', '', 0, 0, ${at}, ${at})`.execute(handle.db);
    // Inserted in one statement after migrations analysed the empty tables, as a bulk load is.
    await sql`insert into songs (title, genre, duration, status, is_deleted, audio_key, audio_mime, audio_size, created_at, updated_at)
      select 'Bulk song ' || i, 'Pop', 2, 'Active', 0, 'k', 'audio/mpeg', 10, ${at}, ${at}
      from generate_series(1, ${SONGS}) i`.execute(handle.db);
    await sql`insert into song_artists (song_id, artist_id, position)
      select s.id, a.id, 0 from songs s, artists a where s.id < ${SONGS}`.execute(handle.db);
  }, 120_000);

  afterAll(async () => {
    await handle.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  });

  it("removes a row's old terms by their whole key, so a bulk load grows with its size only", async () => {
    // Crediting a song rewrites its credits, so its title-and-credits terms are replaced; a
    // retitle replaces its title terms too.
    const plans = [
      ...(await plansOf(
        `insert into song_artists (song_id, artist_id, position) select ${SONGS}, id, 0 from artists`,
      )),
      ...(await plansOf(`update songs set title = 'Rust and Bone' where id = ${SONGS}`)),
    ];
    const removals = plans.filter((plan) => plan.includes('Delete on search_terms'));
    // Kind 5 on the credit; kinds 1 and 5 on the retitle.
    expect(removals.length).toBeGreaterThanOrEqual(3);
    for (const plan of removals) {
      const conditions = plan.split('\n').filter((line) => line.includes('Index Cond'));
      expect(conditions.length, plan).toBeGreaterThan(0);
      for (const condition of conditions) expect(condition, plan).toMatch(/\bterm = /);
    }
  });

  it('holds exactly the new words of a retitled song', async () => {
    const { rows } = await sql<{ kind: number; term: string }>`
      select kind, term from search_terms
      where kind in (1, 5) and rank = length(${'Rust and Bone'}) * 4294967296 + (4294967295 - ${SONGS})
      `.execute(handle.db);
    const prefixes = (words: string[]) =>
      [...new Set(words.flatMap((w) => [...w].map((_, n) => w.slice(0, n + 1))))].sort();
    const termsOf = (kind: number) =>
      rows
        .filter((r) => r.kind === kind)
        .map((r) => r.term)
        .sort();
    expect(termsOf(1)).toEqual(prefixes(['rust', 'and', 'bone']));
    expect(termsOf(5)).toEqual(prefixes(['rust', 'and', 'bone', 'kingston', 'lowlands']));
    const { rows: old } = await sql<{ n: number }>`
      select count(*) as n from search_terms
      where kind in (1, 5) and rank = length(${`Bulk song ${SONGS}`}) * 4294967296 + (4294967295 - ${SONGS})`.execute(
      handle.db,
    );
    expect(old[0]!.n).toBe(0);
  });

  it('refreshes every credits text in one pass, as the triggers would have written it', async () => {
    const credits = async () =>
      (
        await sql<{ id: number; search_credits: string }>`
          select id, search_credits from songs order by id`.execute(handle.db)
      ).rows;
    const written = await credits();
    expect(written.find((row) => row.id === 1)?.search_credits).toBe('Kingston Lowlands');
    // A bulk load sets the triggers aside, so the credits are empty until the refresh.
    await sql`alter table songs disable trigger user`.execute(handle.db);
    await sql`update songs set search_credits = ''`.execute(handle.db);
    await sql`alter table songs enable trigger user`.execute(handle.db);
    const plan = await sql<{ 'QUERY PLAN': string }>`explain ${sql.raw(
      refreshAllCredits('postgres'),
    )}`.execute(handle.db);
    // Looked up per song, the credits are read once for every song.
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).not.toMatch(/SubPlan/);
    await sql.raw(refreshAllCredits('postgres')).execute(handle.db);
    expect(await credits()).toEqual(written);
  });
});
