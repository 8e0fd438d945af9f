import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import { createUser } from '../../../tests/helpers/factories.ts';
import { RecentSearchesRepository } from './recent-searches.repository.ts';

// Collected only for the PostgreSQL run of the API suite (vitest.config.ts).
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('recent searches on PostgreSQL', () => {
  it('take many searches of one listener at once without a deadlock, and keep the newest', async () => {
    const user = await createUser(t.deps);
    const searches = new RecentSearchesRepository(t.database.db, t.database.dialect);
    const words = Array.from({ length: 14 }, (_, i) => `word${i}`);
    const failures: string[] = [];
    // Searches typed at once, often the same words again: each moves its row up while the others
    // trim the list.
    for (let round = 0; round < 60; round++) {
      const results = await Promise.allSettled(
        Array.from({ length: 16 }, (_, i) => {
          const word = words[(round * 7 + i * 3) % words.length]!;
          const at = new Date(Date.now() + i).toISOString();
          return searches.add(user.id, word, word, at, 10);
        }),
      );
      for (const result of results) {
        if (result.status === 'rejected') failures.push(String(result.reason));
      }
    }
    expect(failures).toEqual([]);
    await searches.add(user.id, 'last', 'last', new Date(Date.now() + 60_000).toISOString(), 10);
    const listed = await searches.list(user.id);
    expect(listed).toHaveLength(10);
    expect(listed[0]?.query).toBe('last');
  }, 120_000);
});
