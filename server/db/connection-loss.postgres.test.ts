import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext, testDatabaseUrl } from '../../tests/helpers/api-app.ts';
import type { App, Deps } from '../deps.ts';
import { DATABASE_UNAVAILABLE } from './faults.ts';

// Collected only for the PostgreSQL run of the API suite (vitest.config.ts).
const url = testDatabaseUrl!;

/** A request that holds a connection for two seconds. */
function slowRoute(app: App, deps: Deps): void {
  app.get('/test/slow', { config: { policy: 'public' } }, async () => {
    await sql`select pg_sleep(2)`.execute(deps.db);
    return { done: true };
  });
}

describe('PostgreSQL connections cut while requests hold them', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({}, [slowRoute]);
  });
  afterAll(() => t.close());

  it('answer those requests 503, and the server goes on serving', async () => {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
      t.deps.db,
    );
    const inFlight = Array.from({ length: 4 }, () =>
      t.app.inject({ method: 'GET', url: '/test/slow' }),
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const cut = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
      [`chorus ${rows[0]!.schema}`],
    );
    await admin.end();
    expect(cut.rowCount).toBeGreaterThanOrEqual(4);

    for (const response of await Promise.all(inFlight)) {
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: DATABASE_UNAVAILABLE });
      expect(response.headers['retry-after']).toBe('5');
    }
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const artists = await t.app.inject({ method: 'GET', url: '/api/artists' });
    expect(artists.statusCode).toBe(200);
  });
});
