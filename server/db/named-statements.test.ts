import { describe, expect, it } from 'vitest';
import { keepPrepared, MAX_NAMED, preparedName } from './named-statements.ts';

describe('named prepared statements', () => {
  it('gives a kept text one name for good and leaves other texts unnamed', () => {
    const text = 'select version from catalog_version where id = $1 -- named-statements.test';
    expect(preparedName(text)).toBeUndefined();
    keepPrepared(text);
    const name = preparedName(text);
    expect(name).toMatch(/^chorus_\d+$/);
    keepPrepared(text);
    expect(preparedName(text)).toBe(name);
    expect(preparedName(`${text} `)).toBeUndefined();
  });

  it("names searches from their own share, so they never take the other queries' names", () => {
    for (let i = 0; i < MAX_NAMED.search + 50; i++) {
      keepPrepared(`select ${i} -- named-statements.test search`, 'search');
    }
    expect(preparedName('select 0 -- named-statements.test search')).toBeDefined();
    expect(
      preparedName(`select ${MAX_NAMED.search} -- named-statements.test search`),
    ).toBeUndefined();
    const fixed = 'select 1 -- named-statements.test after the searches';
    keepPrepared(fixed);
    expect(preparedName(fixed)).toBeDefined();
  });

  it('names at most 500 texts, so ever-new texts cannot fill the server', () => {
    for (let i = 0; i < 600; i++) keepPrepared(`select ${i} -- named-statements.test cap`);
    expect(preparedName('select 0 -- named-statements.test cap')).toBeDefined();
    expect(preparedName('select 599 -- named-statements.test cap')).toBeUndefined();
    const names = new Set(
      Array.from({ length: 600 }, (_, i) =>
        preparedName(`select ${i} -- named-statements.test cap`),
      ).filter((name) => name !== undefined),
    );
    expect(names.size).toBeLessThanOrEqual(500);
  });
});
