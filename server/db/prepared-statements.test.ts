import { describe, expect, it } from 'vitest';
import { MAX_PREPARED, PreparedStatements } from './prepared-statements.ts';

describe('prepared statements of a database', () => {
  it('gives a text marked to run prepared one name for good and leaves other texts unnamed', () => {
    const statements = new PreparedStatements();
    const text = 'select version from catalog_version where id = $1';
    expect(statements.nameOf(text)).toBeUndefined();
    statements.keep(text);
    const name = statements.nameOf(text);
    expect(name).toMatch(/^chorus_\d+$/);
    statements.keep(text);
    expect(statements.nameOf(text)).toBe(name);
    expect(statements.nameOf(`${text} `)).toBeUndefined();
  });

  it("names searches from their own share, so they never take the other queries' names", () => {
    const statements = new PreparedStatements();
    for (let i = 0; i < MAX_PREPARED.search + 50; i++) {
      statements.keep(`select ${i} -- search`, 'search');
    }
    expect(statements.nameOf('select 0 -- search')).toBeDefined();
    expect(statements.nameOf(`select ${MAX_PREPARED.search} -- search`)).toBeUndefined();
    const fixed = 'select 1 -- after the searches';
    statements.keep(fixed);
    expect(statements.nameOf(fixed)).toBeDefined();
  });

  it('names at most 500 texts, so ever-new texts cannot fill the server', () => {
    const statements = new PreparedStatements();
    for (let i = 0; i < 600; i++) statements.keep(`select ${i}`);
    expect(statements.nameOf('select 0')).toBeDefined();
    expect(statements.nameOf('select 599')).toBeUndefined();
    const names = new Set(
      Array.from({ length: 600 }, (_, i) => statements.nameOf(`select ${i}`)).filter(
        (name) => name !== undefined,
      ),
    );
    expect(names.size).toBe(500);
  });

  it('belongs to one database: another starts with none', () => {
    const one = new PreparedStatements();
    one.keep('select 1');
    expect(new PreparedStatements().nameOf('select 1')).toBeUndefined();
  });
});
