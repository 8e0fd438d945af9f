import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../tests/helpers/api-app.ts';
import type { App, Deps } from '../deps.ts';

/** A statement that runs for seconds: rows counted up one by one, or a sleep. */
const slowQuery = (deps: Deps) =>
  deps.dialect === 'postgres'
    ? sql`select pg_sleep(3)`.execute(deps.db)
    : sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 100000000)
        select i from n`.execute(deps.db);

async function probe(app: App, deps: Deps): Promise<void> {
  app.get('/api/test/slow', { config: { policy: 'public' } }, async () => {
    await slowQuery(deps);
    return { done: true };
  });
}

describe('the statement timeout', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ STATEMENT_TIMEOUT_MS: '200' }, [probe]);
  });
  afterAll(() => t.close());

  it('stops a statement that runs too long, and the request answers 503', async () => {
    const started = performance.now();
    const response = await t.app.inject({ url: '/api/test/slow' });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json().message).toMatch(/took too long and was stopped/);
    // The database serves the next request as usual.
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});
